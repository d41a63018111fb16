import type { MatchCard, TradeMatch, TradeMatchesQuery, TradeMatchesResponse } from '@grandline/core/contracts/trades';
import { DEFAULT_MARKETPLACE, DEFAULT_PRICE_TYPE, isMarketplaceId, PRICE_TYPES, type PriceType } from '@grandline/core/marketplaces';
import { unitPrice } from '@grandline/core/prices/value';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import type { Db } from '../../db/client';
import { cards, follows, profiles, users } from '../../db/schema/index';
import type { PriceConfig } from '../../lib/price-config';
import { priceSummaries } from '../prices/prices.service';
import { avatarImage, avatarLinkOf } from '../profiles/avatar.service';
import { openTraders, type OpenTrader } from './trade-book';
import { matcherFor, type MatchLine } from './trade-match-lines';
import { countriesAllow, traderStanding } from './trading-settings.service';

/** The most users one answer lists (the best first): enough for a screen, bounded for the server. */
const MAX_MATCHED_USERS = 100;
/** Users matched between two pauses for other requests. */
const PAUSE_EVERY = 50;

type Query = z.output<typeof TradeMatchesQuery>;

/**
 * The users the signed-in user could trade with (issue 44): what they have on my wishlist and what I have on theirs,
 * valued in the asked currency on my market. Two-sided matches first, then by the value I would get, users I follow
 * first among equals, then by user name; at most MAX_MATCHED_USERS. A user who is not open sees nobody.
 */
export async function tradeMatches({ db, userId, query, config }: { db: Db; userId: string; query: Query; config: PriceConfig }): Promise<TradeMatchesResponse> {
  const [standing, prefs] = await Promise.all([traderStanding(db, userId), preferences(db, userId)]);
  const market = query.market ?? prefs.market;
  const currency = query.currency;
  if (!standing.open) return { currency, market, open: false, items: [] };
  const traders = await openTraders(db);
  const mine = traders.find((t) => t.uid === userId);
  if (!mine) return { currency, market, open: true, items: [] };
  const others = traders.filter((t) => t.uid !== userId && t.username && countriesAllow(standing, t) && (!query.country || t.country === query.country));
  const match = matcherFor(mine.rows);
  const found: { trader: OpenTrader; theyHave: MatchLine[]; youHave: MatchLine[] }[] = [];
  for (let i = 0; i < others.length; i++) {
    const lines = match(others[i]!.rows);
    if (lines.theyHave.length || lines.youHave.length) found.push({ trader: others[i]!, ...lines });
    // Other requests go on between users.
    if (i % PAUSE_EVERY === PAUSE_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  if (!found.length) return { currency, market, open: true, items: [] };
  const cardIds = [...new Set(found.flatMap((f) => [...f.theyHave, ...f.youHave].map((l) => l.cardId)))];
  const [prices, followed] = await Promise.all([
    priceSummaries({ db, cardIds, market, currency, config }),
    db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId)),
  ]);
  const following = new Set(followed.map((f) => f.id));
  const priceType = prefs.priceType;
  const valueOf = (l: MatchLine) => {
    const unit = unitPrice(prices.get(l.cardId), priceType);
    return unit === null ? null : unit * l.quantity;
  };
  const sum = (lines: MatchLine[]) => lines.reduce((total, l) => total + (valueOf(l) ?? 0), 0);
  const ranked = found
    .map((f) => ({ ...f, twoSided: f.theyHave.length > 0 && f.youHave.length > 0, valueTheyHave: sum(f.theyHave), valueYouHave: sum(f.youHave), following: following.has(f.trader.uid) }))
    .sort(
      (a, b) =>
        Number(b.twoSided) - Number(a.twoSided) ||
        b.valueTheyHave - a.valueTheyHave ||
        Number(b.following) - Number(a.following) ||
        a.trader.username!.localeCompare(b.trader.username!),
    )
    .slice(0, MAX_MATCHED_USERS);
  // Names, pictures and prints only for the users listed.
  const shownIds = [...new Set(ranked.flatMap((f) => [...f.theyHave, ...f.youHave].map((l) => l.cardId)))];
  const [people, prints] = await Promise.all([
    db
      .select({ id: profiles.id, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl, image: users.image })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(inArray(profiles.id, ranked.map((f) => f.trader.uid))),
    printsOf(db, shownIds),
  ]);
  const personOf = new Map(people.map((p) => [p.id, p]));
  const printOf = prints;
  const listed = (lines: MatchLine[]): MatchCard[] =>
    lines
      .map((l) => {
        const print = printOf.get(l.cardId)!;
        return { cardId: l.cardId, cardNumber: print.cardNumber, name: print.name, variant: print.variant, quantity: l.quantity, value: valueOf(l) };
      })
      .sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.cardNumber.localeCompare(b.cardNumber) || a.cardId - b.cardId);
  const items: TradeMatch[] = ranked.map((f) => {
    const person = personOf.get(f.trader.uid);
    return {
      user: {
        username: f.trader.username!,
        displayName: person?.displayName ?? null,
        avatarUrl: avatarImage(f.trader.uid, avatarLinkOf(person?.avatarUrl ?? null, person?.image ?? null)),
        country: f.trader.country,
      },
      theyHave: listed(f.theyHave),
      youHave: listed(f.youHave),
      twoSided: f.twoSided,
      valueTheyHave: f.valueTheyHave,
      valueYouHave: f.valueYouHave,
      following: f.following,
    };
  });
  return { currency, market, open: true, items };
}

/** Number, name and variant of prints: from the catalogue kept in memory, the database for any it does not hold yet. */
async function printsOf(db: Db, ids: number[]) {
  const index = await catalogueIndex(db);
  const out = new Map<number, { cardNumber: string; name: string; variant: string | null }>();
  const missing: number[] = [];
  for (const id of ids) {
    const card = index.byId.get(id);
    if (card) out.set(id, card);
    else missing.push(id);
  }
  if (missing.length) for (const p of await db.select({ id: cards.id, cardNumber: cards.cardNumber, name: cards.name, variant: cards.variant }).from(cards).where(inArray(cards.id, missing))) out.set(p.id, p);
  return out;
}

/** The user's chosen market and price type (profile preferences), with the app's defaults. */
async function preferences(db: Db, userId: string) {
  const [row] = await db.select({ market: profiles.marketplace, priceType: profiles.priceType }).from(profiles).where(eq(profiles.id, userId));
  const priceType: PriceType = PRICE_TYPES.includes(row?.priceType as PriceType) ? (row!.priceType as PriceType) : DEFAULT_PRICE_TYPE;
  return { market: isMarketplaceId(row?.market) ? row.market : DEFAULT_MARKETPLACE, priceType };
}
