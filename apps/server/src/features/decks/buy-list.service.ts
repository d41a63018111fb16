import type { BuyListItem, BuyListOffer, BuyListResponse } from '@grandline/core/contracts/buy-list';
import type { Card } from '@grandline/core/contracts/cards';
import { MARKETPLACE_IDS, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { MARKET_CODES } from '@grandline/core/prices/codes';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceProducts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { PriceConfig } from '../../lib/price-config';
import { ownedCounts } from '../binders/portfolio.service';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { priceSummaries } from '../prices/prices.service';
import { getDeck } from './decks.service';

/**
 * A deck's buy list (issue 15): per card number of the deck (leader included), the copies the user does not own —
 * owned as the collection check counts them, any print of the number over their Personal and Trade binders — and, on
 * each market, the cheapest print of the number and its price; then what buying every missing copy costs on each
 * market alone, and split across markets (each number where it is cheapest). A deck anyone may read (its owner's, or
 * a public one) can be priced against the reader's own collection.
 */
export async function deckBuyList({ db, user, id, ...prices }: { db: Db; user: { id: string }; id: string } & PriceArgs): Promise<BuyListResponse> {
  const deck = await getDeck({ db, viewer: user, id });
  return { deckId: deck.id, ...(await buyList({ db, user, game: deck.gameCategory, entries: [...(deck.leader ? [{ card: deck.leader, quantity: 1 }] : []), ...deck.cards], ...prices })) };
}

/** The buy list of cards given by id (the editor's deck as it is on screen, saved or not); an unknown id is a 400. */
export async function cardsBuyList({ db, user, leaderCardId, cards, ...prices }: { db: Db; user: { id: string }; leaderCardId: number | null; cards: { cardId: number; quantity: number }[] } & PriceArgs) {
  const index = await catalogueIndex(db);
  const cardOf = (id: number) => {
    const card = index.byId.get(id);
    if (!card) throw new AppError('INVALID_CARD', 400, `Card ${id} does not exist`);
    return card;
  };
  const entries = [...(leaderCardId !== null ? [{ card: cardOf(leaderCardId), quantity: 1 }] : []), ...cards.map((c) => ({ card: cardOf(c.cardId), quantity: c.quantity }))];
  return { deckId: null, ...(await buyList({ db, user, game: entries[0]?.card.gameCategory ?? 'onepiece', entries, ...prices })) };
}

export interface PriceArgs {
  currency: CurrencyCode;
  priceType: PriceType;
  config: PriceConfig;
}

async function buyList({
  db,
  user,
  game,
  entries,
  currency,
  priceType,
  config,
}: { db: Db; user: { id: string }; game: string; entries: readonly { card: Card; quantity: number }[] } & PriceArgs): Promise<Omit<BuyListResponse, 'deckId'>> {
  const { counts: owned } = await ownedCounts({ db, user });
  // Card numbers in deck order, leader first, with the copies needed.
  const byNumber = new Map<string, { card: Card; needed: number }>();
  for (const { card, quantity } of entries) {
    if (quantity <= 0) continue;
    const entry = byNumber.get(card.cardNumber);
    if (entry) entry.needed += quantity;
    else byNumber.set(card.cardNumber, { card, needed: quantity });
  }
  const wanted = [...byNumber].map(([cardNumber, e]) => ({ cardNumber, ...e, owned: owned[cardNumber] ?? 0 })).filter((e) => e.needed > e.owned);
  const offers = await offersByNumber({ db, game, numbers: wanted.map((w) => w.cardNumber), currency, priceType, config, links: true });
  const items: BuyListItem[] = wanted.map((w) => ({ cardNumber: w.cardNumber, card: w.card, needed: w.needed, owned: w.owned, missing: w.needed - w.owned, offers: offers.get(w.cardNumber) ?? [] }));
  return { currency, priceType, missingCopies: items.reduce((n, i) => n + i.missing, 0), items, ...costOf(items) };
}

/**
 * The one pricing path of buy lists: for each card number, on each market, its cheapest print (a reprint or a
 * variant may be the cheaper copy) in `currency`, cheapest market first. One price read per market for every number
 * at once, so a caller pricing many lists (the buildable meta lists) asks once for the union of their numbers.
 * `links`: the product pages too (a buy list shows them; a summary does not need them).
 */
export async function offersByNumber({
  db,
  game,
  numbers,
  currency,
  priceType,
  config,
  links = false,
}: { db: Db; game: string; numbers: Iterable<string>; links?: boolean } & PriceArgs): Promise<Map<string, BuyListOffer[]>> {
  const index = await catalogueIndex(db);
  const wanted = new Set(numbers);
  const printsOf = new Map<string, number[]>();
  for (const card of index.byId.values()) {
    if (card.gameCategory !== game || !wanted.has(card.cardNumber)) continue;
    const list = printsOf.get(card.cardNumber);
    if (list) list.push(card.id);
    else printsOf.set(card.cardNumber, [card.id]);
  }
  const printIds = [...printsOf.values()].flat();
  const [prices, found] = await Promise.all([
    Promise.all(MARKETPLACE_IDS.map((market) => priceSummaries({ db, cardIds: printIds, market, currency, config }))),
    links && printIds.length
      ? db
          .select({ cardId: priceProducts.cardId, market: priceProducts.market, url: priceProducts.url })
          .from(priceProducts)
          .where(and(inArray(priceProducts.cardId, printIds), isNotNull(priceProducts.url)))
      : Promise.resolve([]),
  ]);
  const urlOf = new Map(found.map((l) => [`${l.cardId}:${l.market}`, l.url]));
  const out = new Map<string, BuyListOffer[]>();
  for (const number of wanted) {
    const offers: BuyListOffer[] = [];
    MARKETPLACE_IDS.forEach((market: MarketplaceId, m) => {
      let best: BuyListOffer | null = null;
      for (const cardId of printsOf.get(number) ?? []) {
        const summary = prices[m]!.get(cardId);
        const price = summary?.[priceType];
        if (summary && price != null && (best === null || price < best.price)) {
          best = { market, cardId, price, estimate: summary.estimate, demo: summary.demo, url: summary.demo || summary.estimate ? null : (urlOf.get(`${cardId}:${MARKET_CODES[market]}`) ?? null) };
        }
      }
      if (best) offers.push(best);
    });
    offers.sort((a, b) => a.price - b.price || MARKETPLACE_IDS.indexOf(a.market) - MARKETPLACE_IDS.indexOf(b.market));
    out.set(number, offers);
  }
  return out;
}

/**
 * What buying the missing copies costs: on each market alone (the copies it prices; the others `unpriced`), cheapest
 * complete market first, and split across markets (each number where it is cheapest). `offers` cheapest first.
 */
export function costOf(items: readonly { missing: number; offers: readonly BuyListOffer[] }[]) {
  const markets = MARKETPLACE_IDS.map((market) => {
    let total = 0;
    let unpriced = 0;
    for (const item of items) {
      const offer = item.offers.find((o) => o.market === market);
      if (offer) total += offer.price * item.missing;
      else unpriced += item.missing;
    }
    return { market, total, unpriced };
  }).sort((a, b) => a.unpriced - b.unpriced || a.total - b.total);
  const split = { total: 0, unpriced: 0 };
  for (const item of items) {
    const cheapest = item.offers[0];
    if (cheapest) split.total += cheapest.price * item.missing;
    else split.unpriced += item.missing;
  }
  return { markets, split };
}
