import type { MatchCard, TradeMatch, TradeMatchesQuery, TradeMatchesResponse } from '@grandline/core/contracts/trades';
import { DEFAULT_MARKETPLACE, DEFAULT_PRICE_TYPE, isMarketplaceId, PRICE_TYPES, type PriceType } from '@grandline/core/marketplaces';
import { unitPrice } from '@grandline/core/prices/value';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { cards, follows, profiles, users } from '../../db/schema/index';
import type { PriceConfig } from '../../lib/price-config';
import { priceSummaries } from '../prices/prices.service';
import { avatarImage, avatarLinkOf } from '../profiles/avatar.service';
import { matchesSql, type MatchRow } from './trade-matches.sql';
import { traderStanding } from './trading-settings.service';

/** The most users one answer lists (the best first): enough for a screen, bounded for the server. */
const MAX_MATCHED_USERS = 100;

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
  const result = (await db.execute(matchesSql({ me: userId, standing, country: query.country }))) as unknown as { rows: MatchRow[] };
  const byUser = new Map<string, { t: { cardId: number; quantity: number }[]; y: { cardId: number; quantity: number }[] }>();
  for (const r of result.rows) {
    let entry = byUser.get(r.uid);
    if (!entry) byUser.set(r.uid, (entry = { t: [], y: [] }));
    entry[r.side].push({ cardId: Number(r.card_id), quantity: Number(r.quantity) });
  }
  if (!byUser.size) return { currency, market, open: true, items: [] };
  const uids = [...byUser.keys()];
  const cardIds = [...new Set(result.rows.map((r) => Number(r.card_id)))];
  const [people, prints, prices, followed] = await Promise.all([
    db
      .select({ id: profiles.id, username: profiles.username, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl, image: users.image, country: profiles.countryCode })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(inArray(profiles.id, uids)),
    db.select({ id: cards.id, cardNumber: cards.cardNumber, name: cards.name, variant: cards.variant }).from(cards).where(inArray(cards.id, cardIds)),
    priceSummaries({ db, cardIds, market, currency, config }),
    db.select({ id: follows.followeeId }).from(follows).where(and(eq(follows.followerId, userId), inArray(follows.followeeId, uids))),
  ]);
  const printOf = new Map(prints.map((p) => [p.id, p]));
  const following = new Set(followed.map((f) => f.id));
  const priceType = prefs.priceType;
  const listed = (lines: { cardId: number; quantity: number }[]): MatchCard[] =>
    lines
      .map(({ cardId, quantity }) => {
        const print = printOf.get(cardId)!;
        const unit = unitPrice(prices.get(cardId), priceType);
        return { cardId, cardNumber: print.cardNumber, name: print.name, variant: print.variant, quantity, value: unit === null ? null : unit * quantity };
      })
      .sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.cardNumber.localeCompare(b.cardNumber) || a.cardId - b.cardId);
  const sum = (lines: MatchCard[]) => lines.reduce((total, l) => total + (l.value ?? 0), 0);
  const items: TradeMatch[] = people
    .filter((p) => p.username)
    .map((p) => {
      const entry = byUser.get(p.id)!;
      const theyHave = listed(entry.t);
      const youHave = listed(entry.y);
      return {
        user: { username: p.username!, displayName: p.displayName, avatarUrl: avatarImage(p.id, avatarLinkOf(p.avatarUrl, p.image)), country: p.country?.toUpperCase() ?? null },
        theyHave,
        youHave,
        twoSided: theyHave.length > 0 && youHave.length > 0,
        valueTheyHave: sum(theyHave),
        valueYouHave: sum(youHave),
        following: following.has(p.id),
      };
    });
  items.sort(
    (a, b) =>
      Number(b.twoSided) - Number(a.twoSided) ||
      b.valueTheyHave - a.valueTheyHave ||
      Number(b.following) - Number(a.following) ||
      a.user.username.localeCompare(b.user.username),
  );
  return { currency, market, open: true, items: items.slice(0, MAX_MATCHED_USERS) };
}

/** The user's chosen market and price type (profile preferences), with the app's defaults. */
async function preferences(db: Db, userId: string) {
  const [row] = await db.select({ market: profiles.marketplace, priceType: profiles.priceType }).from(profiles).where(eq(profiles.id, userId));
  const priceType: PriceType = PRICE_TYPES.includes(row?.priceType as PriceType) ? (row!.priceType as PriceType) : DEFAULT_PRICE_TYPE;
  return { market: isMarketplaceId(row?.market) ? row.market : DEFAULT_MARKETPLACE, priceType };
}
