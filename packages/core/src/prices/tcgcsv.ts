import { z } from 'zod';
import { type MarketProduct, MAX_PRICE_CENTS, type ProductPrice, toCents } from './model';
import { catalogueSetCode, cardNumberOf, tagsFromName } from './product-kind';

/**
 * tcgcsv.com, the daily mirror of TCGplayer (One Piece = category 68): `/tcgplayer/68/groups`, then
 * `/tcgplayer/68/{groupId}/products` and `/prices`. Shapes: formats/tcgcsv/README.md; real rows in formats/tcgcsv/real.
 * Every document is an envelope `{ success, errors, results }`.
 */
export const TCGCSV_CATEGORY = 68;

const Envelope = z.object({
  success: z.boolean().optional(),
  errors: z.array(z.unknown()).optional(),
  results: z.array(z.unknown()),
});

function results(json: unknown, what: string): unknown[] {
  const parsed = Envelope.safeParse(json);
  if (!parsed.success) throw new Error(`tcgcsv ${what}: not a tcgcsv answer (no results array)`);
  if (parsed.data.success === false) {
    const errors = (parsed.data.errors ?? []).map(String).join('; ').slice(0, 300);
    throw new Error(`tcgcsv ${what}: the answer says it failed${errors ? `: ${errors}` : ''}`);
  }
  return parsed.data.results;
}

const Group = z.object({
  groupId: z.number().int().positive(),
  name: z.string(),
  abbreviation: z.string().nullish(),
});

export interface TcgGroup {
  groupId: number;
  name: string;
  abbreviation: string | null;
  /** The catalogue set the group is, or null (promotions, pre-release and release-event groups). */
  setCode: string | null;
}

/** The groups (sets) of category 68. Rows that are not groups are dropped. */
export function parseTcgcsvGroups(json: unknown): TcgGroup[] {
  const out: TcgGroup[] = [];
  for (const row of results(json, 'groups')) {
    const group = Group.safeParse(row);
    if (!group.success) continue;
    const abbreviation = group.data.abbreviation?.trim() || null;
    out.push({ groupId: group.data.groupId, name: group.data.name, abbreviation, setCode: catalogueSetCode(abbreviation) });
  }
  return out;
}

const Product = z.object({
  productId: z.number().int().positive(),
  name: z.string(),
  url: z.string().nullish(),
  extendedData: z.array(z.object({ name: z.string(), value: z.unknown() })).nullish(),
});

const isDon = (name: string) => name.trimStart().toUpperCase().startsWith('DON!!');

/**
 * The products of one group. A product without a `Number` is sealed (box, pack, case), or a DON!! card, which the
 * catalogue does not hold: both come back with `number: null` and are skipped by the matcher.
 */
export function parseTcgcsvProducts(json: unknown, group: TcgGroup): MarketProduct[] {
  const out: MarketProduct[] = [];
  for (const row of results(json, 'products')) {
    const product = Product.safeParse(row);
    if (!product.success) continue;
    const { productId, name, url, extendedData } = product.data;
    const numberValue = extendedData?.find((d) => d.name === 'Number')?.value;
    const number = typeof numberValue === 'string' ? cardNumberOf(numberValue) : null;
    const { tags, unknown } = tagsFromName(name);
    out.push({
      productId: String(productId),
      name,
      number,
      setCode: group.setCode,
      setName: group.abbreviation ? `${group.name} (${group.abbreviation})` : group.name,
      sealed: number === null && typeof numberValue !== 'string' && !isDon(name),
      tags: [...tags, ...unknown.map((word) => `?${word}`)],
      url: url && /^https:\/\//.test(url) ? url : null,
    });
  }
  return out;
}

const Price = z.object({
  productId: z.number().int().positive(),
  lowPrice: z.number().nullish(),
  midPrice: z.number().nullish(),
  highPrice: z.number().nullish(),
  marketPrice: z.number().nullish(),
  subTypeName: z.string().nullish(),
});
type Price = z.infer<typeof Price>;

const cents = (value: number | null | undefined) => {
  const c = toCents(value);
  return c === null || c < 0 || c > MAX_PRICE_CENTS ? null : c;
};
const hasPrice = (p: Price) => [p.lowPrice, p.midPrice, p.highPrice, p.marketPrice].some((v) => typeof v === 'number');

/**
 * The prices of one group, one per product: min = lowPrice, avg = marketPrice (midPrice when marketPrice is null),
 * max = highPrice, in USD. A product with several `subTypeName` rows takes its Normal row when that has any price,
 * else its Foil row.
 */
export function parseTcgcsvPrices(json: unknown): ProductPrice[] {
  const byProduct = new Map<number, Price[]>();
  for (const row of results(json, 'prices')) {
    const price = Price.safeParse(row);
    if (!price.success) continue;
    const rows = byProduct.get(price.data.productId);
    if (rows) rows.push(price.data);
    else byProduct.set(price.data.productId, [price.data]);
  }
  const out: ProductPrice[] = [];
  for (const [productId, rows] of byProduct) {
    const normal = rows.find((r) => r.subTypeName === 'Normal' && hasPrice(r));
    const chosen = normal ?? rows.find((r) => r.subTypeName === 'Foil' && hasPrice(r)) ?? rows.find(hasPrice);
    if (!chosen) continue;
    out.push({
      productId: String(productId),
      currency: 'USD',
      min: cents(chosen.lowPrice),
      avg: cents(chosen.marketPrice ?? chosen.midPrice),
      max: cents(chosen.highPrice),
    });
  }
  return out;
}
