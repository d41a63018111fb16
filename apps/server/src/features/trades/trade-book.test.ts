/**
 * The trade book (issue 44, ADR 026): matches computed from the in-memory copy of open users' rows equal, line for
 * line, what one SQL statement written independently from the same rules (trade-matches.reference.ts) finds on the
 * same data — random users, prints of the real library with their parallels, conditions, languages, "any print" rows,
 * countries both ways — and every way rows change (a row added, changed, removed, a binder's category changed, a
 * binder deleted, in a transaction) reaches the next answer through the revisions the database raises at commit.
 */
import type { TradeMatchesResponse } from '@grandline/core/contracts/trades';
import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binderCards, binders, cards, profiles, tradeRevPending, tradingSettings, users } from '../../db/schema';
import { DEFAULT_PRICE_CONFIG } from '../../lib/price-config';
import { createAuthTestApp } from '../../testing/test-app';
import { tradeMatches } from './trade-matches.service';
import { matchesSql, type MatchRow } from './trade-matches.reference';
import { traderStanding } from './trading-settings.service';
import { seededRandom } from '../../testing/seeded-random';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
/** Prints of the real library: OP01 numbers, several with parallels. */
let pool: number[] = [];


interface Trader {
  id: string;
  username: string | null;
  trade: string;
  wish: string;
}

async function addTrader(n: number, opts: { open: boolean; username: boolean; country: string | null; countries: string[] }): Promise<Trader> {
  const t: Trader = { id: randomUUID(), username: opts.username ? `book_${n}` : null, trade: randomUUID(), wish: randomUUID() };
  await ctx.db.insert(users).values({ id: t.id, name: `book ${n}`, email: `book-${n}@example.com`, emailVerified: true });
  await ctx.db.insert(profiles).values({ id: t.id, username: t.username, countryCode: opts.country });
  await ctx.db.insert(tradingSettings).values({ userId: t.id, open: opts.open, countries: opts.countries });
  await ctx.db.insert(binders).values([
    { id: t.trade, userId: t.id, name: 'Spares', category: 'trade' },
    { id: t.wish, userId: t.id, name: 'Wishlist', category: 'wishlist' },
  ]);
  return t;
}

/** What the service answers for `me`, as `uid|side|card|quantity` lines. */
async function served(me: string, country?: string) {
  const answer = await tradeMatches({ db: ctx.db, userId: me, query: { currency: 'USD', country } as never, config: DEFAULT_PRICE_CONFIG });
  const people = await ctx.db.select({ id: profiles.id, username: profiles.username }).from(profiles);
  const uidOf = new Map(people.map((p) => [p.username, p.id]));
  return linesOf(answer).map(([username, side, card, q]) => `${uidOf.get(username)}|${side}|${card}|${q}`).sort();
}

const linesOf = (answer: TradeMatchesResponse) =>
  answer.items.flatMap((i) => [...i.theyHave.map((l) => [i.user.username, 't', l.cardId, l.quantity] as const), ...i.youHave.map((l) => [i.user.username, 'y', l.cardId, l.quantity] as const)]);

/** What the reference statement finds for `me`. */
async function referenced(me: string, country?: string) {
  const standing = await traderStanding(ctx.db, me);
  const result = (await ctx.db.execute(matchesSql({ me, standing, country }))) as unknown as { rows: MatchRow[] };
  return result.rows.map((r) => `${r.uid}|${r.side}|${Number(r.card_id)}|${Number(r.quantity)}`).sort();
}

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  pool = (await ctx.db.select({ id: cards.id }).from(cards).where(like(cards.cardNumber, 'OP01-0%')).orderBy(cards.cardNumber, cards.id)).map((r) => r.id).slice(0, 40);
});

afterAll(async () => {
  await ctx.database.close();
});

describe('trade book', () => {
  it('matches line for line what the reference statement finds, for every open user, with and without a country', async () => {
    const next = seededRandom(44);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const CONDITIONS = ['', 'M', 'NM', 'SP', 'MP', 'HP', 'D'];
    const LANGUAGES = ['', 'EN', 'JP'];
    const traders: Trader[] = [];
    for (let n = 0; n < 24; n++) {
      const t = await addTrader(n, {
        open: n % 7 !== 6,
        username: n % 11 !== 10,
        country: pick(['BR', 'AR', 'US', null]),
        countries: pick([[], [], [], ['BR'], ['US', 'AR']]),
      });
      traders.push(t);
      for (const [binderId, count, wish] of [[t.trade, 2 + Math.floor(next() * 12), false], [t.wish, 1 + Math.floor(next() * 10), true]] as const) {
        const seen = new Set<string>();
        const rows: (typeof binderCards.$inferInsert)[] = [];
        for (let k = 0; k < count; k++) {
          const row = { binderId, cardId: pick(pool), condition: pick(CONDITIONS), language: pick(LANGUAGES), quantity: 1 + Math.floor(next() * 3), anyPrint: wish ? pick([true, null, false]) : null };
          const key = `${row.cardId}|${row.condition}|${row.language}`;
          if (seen.has(key)) continue;
          seen.add(key);
          rows.push(row);
        }
        await ctx.db.insert(binderCards).values(rows);
      }
    }
    let compared = 0;
    for (const t of traders) {
      for (const country of [undefined, 'BR', 'US']) {
        // A closed user is matched with nobody (the service says so before matching; the statement never asks).
        const open = (await traderStanding(ctx.db, t.id)).open;
        const expected = open ? await referenced(t.id, country) : [];
        expect(await served(t.id, country), `${t.username ?? t.id} ${country ?? ''}`).toEqual(expected);
        compared += expected.length;
      }
    }
    // The data is dense enough that the comparison covers many lines, not a handful.
    expect(compared).toBeGreaterThan(300);
  });

  it('raises a user’s revision once their transaction commits, and only then', async () => {
    const t = await addTrader(100, { open: true, username: true, country: 'BR', countries: [] });
    const rev = async () => (await ctx.db.select({ rev: tradingSettings.rev }).from(tradingSettings).where(eq(tradingSettings.userId, t.id)))[0]!.rev;
    const before = await rev();
    let inside = -1;
    await ctx.db.transaction(async (tx) => {
      await tx.insert(binderCards).values({ binderId: t.trade, cardId: pool[0]!, quantity: 1 });
      inside = (await tx.select({ rev: tradingSettings.rev }).from(tradingSettings).where(eq(tradingSettings.userId, t.id)))[0]!.rev;
    });
    expect(inside).toBe(before);
    expect(await rev()).toBeGreaterThan(before);
    expect(await ctx.db.select().from(tradeRevPending)).toEqual([]);
    // A personal binder's rows are not the trade book's business.
    const personal = randomUUID();
    await ctx.db.insert(binders).values({ id: personal, userId: t.id, name: 'Mine', category: 'personal' });
    const untouched = await rev();
    await ctx.db.insert(binderCards).values({ binderId: personal, cardId: pool[0]!, quantity: 1 });
    expect(await rev()).toBe(untouched);
  });

  it('answers from the rows as they are after each kind of change', async () => {
    const me = await addTrader(200, { open: true, username: true, country: 'BR', countries: [] });
    const them = await addTrader(201, { open: true, username: true, country: 'BR', countries: [] });
    const [a, b] = [pool[1]!, pool[2]!];
    await ctx.db.insert(binderCards).values([
      { binderId: me.wish, cardId: a, quantity: 3 },
      { binderId: me.wish, cardId: b, quantity: 1 },
    ]);
    const theirs = async () => (await served(me.id)).filter((l) => l.startsWith(them.id)).map((l) => l.split('|').slice(1).join('|'));
    expect(await theirs()).toEqual([]);
    const [row] = await ctx.db.insert(binderCards).values({ binderId: them.trade, cardId: a, quantity: 1 }).returning({ id: binderCards.id });
    expect(await theirs()).toEqual([`t|${a}|1`]);
    await ctx.db.update(binderCards).set({ quantity: 5 }).where(eq(binderCards.id, row!.id));
    expect(await theirs()).toEqual([`t|${a}|3`]);
    await ctx.db.delete(binderCards).where(eq(binderCards.id, row!.id));
    expect(await theirs()).toEqual([]);
    // A personal binder that becomes a Trade binder, then is deleted.
    const spare = randomUUID();
    await ctx.db.insert(binders).values({ id: spare, userId: them.id, name: 'More', category: 'personal' });
    await ctx.db.insert(binderCards).values({ binderId: spare, cardId: b, quantity: 2 });
    expect(await theirs()).toEqual([]);
    await ctx.db.update(binders).set({ category: 'trade' }).where(eq(binders.id, spare));
    expect(await theirs()).toEqual([`t|${b}|1`]);
    await ctx.db.delete(binders).where(eq(binders.id, spare));
    expect(await theirs()).toEqual([]);
    // Their wishlist, in one transaction with their Trade binder; a rolled-back one changes nothing.
    await ctx.db.transaction(async (tx) => {
      await tx.insert(binderCards).values({ binderId: them.trade, cardId: b, quantity: 1 });
      await tx.insert(binderCards).values({ binderId: me.trade, cardId: a, quantity: 2 });
      await tx.insert(binderCards).values({ binderId: them.wish, cardId: a, quantity: 1 });
    });
    expect(await theirs()).toEqual([`t|${b}|1`, `y|${a}|1`]);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.delete(binderCards).where(eq(binderCards.binderId, them.trade));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await theirs()).toEqual([`t|${b}|1`, `y|${a}|1`]);
    // Closing trading hides them at once; the book forgets them.
    await ctx.db.update(tradingSettings).set({ open: false }).where(eq(tradingSettings.userId, them.id));
    expect(await theirs()).toEqual([]);
    expect(await ctx.db.execute(sql`select count(*)::int as n from trade_rev_pending`)).toMatchObject({ rows: [{ n: 0 }] });
  });
});
