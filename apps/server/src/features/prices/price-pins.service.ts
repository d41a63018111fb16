import type { CreatePricePinRequest, PricePin, ProductSource, UnmatchedProductsQuery, UnmatchedProductsResponse } from '@grandline/core/contracts/prices';
import { marketOfCode, SOURCE_CODES, sourceOfCode } from '@grandline/core/prices/codes';
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { cards, cardSets, pricePins, priceProducts, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/*
 * The admin's view of what the rules could not match: the products of a source's last run without a print, and the
 * pins that tie one to a print by hand.
 */

const MAX_PINS = 1_000;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The products of a source's last run that have no print, searched by name or number. */
export async function listUnmatched({ db, source, q, page, pageSize }: { db: Db } & UnmatchedProductsQuery): Promise<UnmatchedProductsResponse> {
  const term = q ? `%${escapeLike(q)}%` : null;
  const rows = await db
    .select({
      productId: priceProducts.productId,
      market: priceProducts.market,
      name: priceProducts.name,
      number: priceProducts.number,
      setName: priceProducts.setName,
      url: priceProducts.url,
      reason: priceProducts.reason,
      seenOn: priceProducts.seenOn,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(priceProducts)
    .where(
      and(
        eq(priceProducts.source, SOURCE_CODES[source]),
        isNull(priceProducts.cardId),
        term ? or(ilike(priceProducts.name, term), ilike(priceProducts.number, term)) : undefined,
      ),
    )
    .orderBy(sql`${priceProducts.setName} asc nulls last`, asc(priceProducts.number), asc(priceProducts.name), asc(priceProducts.productId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ total: _total, market, ...r }) => ({ ...r, source, market: marketOfCode(market) })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

async function pinRows(db: Db, where: SQL | undefined): Promise<PricePin[]> {
  const rows = await db
    .select({
      source: pricePins.source,
      productId: pricePins.productId,
      cardId: pricePins.cardId,
      cardNumber: cards.cardNumber,
      cardName: cards.name,
      variant: cards.variant,
      setCode: cardSets.code,
      productName: priceProducts.name,
      productNumber: priceProducts.number,
      productSet: priceProducts.setName,
      productUrl: priceProducts.url,
      createdBy: users.email,
      createdAt: pricePins.createdAt,
    })
    .from(pricePins)
    .innerJoin(cards, eq(cards.id, pricePins.cardId))
    .leftJoin(cardSets, eq(cardSets.id, cards.setId))
    .leftJoin(priceProducts, and(eq(priceProducts.source, pricePins.source), eq(priceProducts.productId, pricePins.productId)))
    .leftJoin(users, eq(users.id, pricePins.createdBy))
    .where(where)
    .orderBy(desc(pricePins.createdAt), asc(pricePins.productId))
    .limit(MAX_PINS);
  return rows.map((r) => ({
    source: sourceOfCode(r.source) as ProductSource,
    productId: r.productId,
    cardId: r.cardId,
    card: { cardNumber: r.cardNumber, name: r.cardName, variant: r.variant, setCode: r.setCode },
    product: r.productName === null ? null : { name: r.productName, number: r.productNumber, setName: r.productSet, url: r.productUrl },
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The pins, newest first, of one source or all. */
export const listPins = ({ db, source }: { db: Db; source?: ProductSource }) => pinRows(db, source ? eq(pricePins.source, SOURCE_CODES[source]) : undefined);

const productPinned = () => new AppError('PRODUCT_ALREADY_PINNED', 409, 'This product is already pinned to a print: remove that pin first');
const printPinned = () => new AppError('PRINT_ALREADY_PINNED', 409, 'This print already has a product of this source pinned to it: remove that pin first');

/**
 * Ties a product of the last run to a print from the next run of the source on (a pin wins over every rule). One print
 * per product and one product per print and source. The product's link shows at once: it takes the print, and a
 * product the rules had given that print lets it go, as the next run will.
 */
export async function createPin({ db, userId, source, productId, cardId }: { db: Db; userId: string } & CreatePricePinRequest): Promise<PricePin> {
  const code = SOURCE_CODES[source];
  await db.transaction(async (tx) => {
    const [card] = await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, cardId));
    if (!card) throw new AppError('CARD_NOT_FOUND', 404, 'Card not found');
    const [product] = await tx
      .select({ productId: priceProducts.productId })
      .from(priceProducts)
      .where(and(eq(priceProducts.source, code), eq(priceProducts.productId, productId)));
    if (!product) throw new AppError('PRICE_PRODUCT_NOT_FOUND', 404, 'The last run of this source listed no product with this id');
    const taken = await tx
      .select({ productId: pricePins.productId, cardId: pricePins.cardId })
      .from(pricePins)
      .where(and(eq(pricePins.source, code), or(eq(pricePins.productId, productId), eq(pricePins.cardId, cardId))));
    if (taken.some((p) => p.productId === productId)) throw productPinned();
    if (taken.length) throw printPinned();
    try {
      await tx.insert(pricePins).values({ source: code, productId, cardId, createdBy: userId });
    } catch (err) {
      // Another admin pinned the same product or print meanwhile.
      if (!isUniqueViolation(err)) throw err;
      const constraint = (err as { cause?: { constraint?: string } }).cause?.constraint ?? (err as { constraint?: string }).constraint;
      throw constraint === 'price_pins_card_idx' ? printPinned() : productPinned();
    }
    await tx
      .update(priceProducts)
      .set({ cardId: null, reason: null })
      .where(and(eq(priceProducts.source, code), eq(priceProducts.cardId, cardId), ne(priceProducts.productId, productId)));
    await tx.update(priceProducts).set({ cardId, reason: null }).where(and(eq(priceProducts.source, code), eq(priceProducts.productId, productId)));
  });
  const [pin] = await pinRows(db, and(eq(pricePins.source, code), eq(pricePins.productId, productId)));
  return pin!;
}

/** Removes a pin; the product is left without a print until the next run of the source matches it again. */
export async function deletePin({ db, source, productId }: { db: Db; source: ProductSource; productId: string }) {
  const code = SOURCE_CODES[source];
  await db.transaction(async (tx) => {
    const [pin] = await tx
      .delete(pricePins)
      .where(and(eq(pricePins.source, code), eq(pricePins.productId, productId)))
      .returning({ cardId: pricePins.cardId });
    if (!pin) throw new AppError('PIN_NOT_FOUND', 404, 'This product is not pinned');
    await tx
      .update(priceProducts)
      .set({ cardId: null, reason: null })
      .where(and(eq(priceProducts.source, code), eq(priceProducts.productId, productId), eq(priceProducts.cardId, pin.cardId)));
  });
}
