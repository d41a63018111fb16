/**
 * Trade matches (issue 44), on the built server and its embedded database:
 * - the server starts once on a fresh data directory (migrations, the real library, demo prices) and a user signs up
 *   through it; it stops, and this process writes into the same data directory 1,000 opted-in users, each with a
 *   500-row Trade binder and a 100-row wishlist, and for the signed-up user a 2,000-row wishlist (one row in ten
 *   "any print") and a 300-row Trade binder; then the server starts again on it;
 * - GET /api/trades/matches for that user, one request at a time: p99 goal ≤ 200 ms.
 * Rows are drawn from the whole library (every print), conditions and languages mixed, the same on every run.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../apps/server/src/db/client';
import { binderCards, binders, cards, profiles, tradingSettings, users } from '../apps/server/src/db/schema/index';
import { base, percentile } from './bench-env';
import { withWrittenData } from './server-process';
import { seededRandom } from '../apps/server/src/testing/seeded-random';

const TRADERS = 1_000;
const TRADE_ROWS = 500;
const THEIR_WISH_ROWS = 100;
const MY_WISH_ROWS = 2_000;
const MY_TRADE_ROWS = 300;
const REQUESTS = 200;
const CONDITIONS = ['', 'M', 'NM', 'SP', 'MP'];
const LANGUAGES = ['', 'EN', 'JP', 'PT'];
const COUNTRIES = ['BR', 'AR', 'US', 'MX', 'CL'];

const target = { text: '≤ 200 ms (2,000-card wishlist, 1,000 traders × 500-card Trade binders)', maxMs: 200 };

export interface TradesResult {
  traders: number;
  tradeRows: number;
  wishRows: number;
  writeMs: number;
  matches: { requests: number; firstMs: number; p50Ms: number; p99Ms: number; maxMs: number; users: number; bytes: number };
}


/** `n` distinct rows (print, condition, language) drawn from the library. */
function rowsOf(next: () => number, prints: number[], n: number, binderId: string, anyPrintEvery = 0) {
  const seen = new Set<string>();
  const rows: (typeof binderCards.$inferInsert)[] = [];
  while (rows.length < n) {
    const cardId = prints[Math.floor(next() * prints.length)]!;
    const condition = CONDITIONS[Math.floor(next() * CONDITIONS.length)]!;
    const language = LANGUAGES[Math.floor(next() * LANGUAGES.length)]!;
    const key = `${cardId}|${condition}|${language}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ binderId, cardId, condition, language, quantity: 1 + Math.floor(next() * 3), anyPrint: anyPrintEvery && rows.length % anyPrintEvery === 0 ? true : null });
  }
  return rows;
}

/** The traders and the user's binders, written while no server holds the data directory. */
async function writeData(dataDir: string, email: string) {
  const database = await openConfiguredDatabase({ DATA_DIR: dataDir }, { holder: 'command', label: 'bench trades' });
  try {
    const { db } = database;
    const started = performance.now();
    const prints = (await db.select({ id: cards.id }).from(cards).where(eq(cards.gameCategory, 'onepiece')).orderBy(cards.id)).map((r) => r.id);
    const next = seededRandom(44);
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db.insert(profiles).values({ id: me!.id, username: 'bench_trader', countryCode: 'BR' }).onConflictDoUpdate({ target: profiles.id, set: { username: 'bench_trader', countryCode: 'BR' } });
    await db.insert(tradingSettings).values({ userId: me!.id, open: true });
    const myWish = randomUUID();
    const myTrade = randomUUID();
    await db.insert(binders).values([
      { id: myWish, userId: me!.id, name: 'Wishlist', category: 'wishlist' },
      { id: myTrade, userId: me!.id, name: 'Bench spares', category: 'trade' },
    ]);
    await db.insert(binderCards).values(rowsOf(next, prints, MY_WISH_ROWS, myWish, 10));
    await db.insert(binderCards).values(rowsOf(next, prints, MY_TRADE_ROWS, myTrade));
    let rows = MY_WISH_ROWS + MY_TRADE_ROWS;
    for (let i = 0; i < TRADERS; i += 50) {
      const batch = Array.from({ length: Math.min(50, TRADERS - i) }, (_, k) => ({ id: randomUUID(), n: i + k, trade: randomUUID(), wish: randomUUID() }));
      await db.transaction(async (tx) => {
        await tx.insert(users).values(batch.map((u) => ({ id: u.id, name: `trader ${u.n}`, email: `bench-trader-${u.n}@example.com`, emailVerified: true })));
        await tx.insert(profiles).values(batch.map((u) => ({ id: u.id, username: `trader_${u.n}`, countryCode: COUNTRIES[u.n % COUNTRIES.length]! })));
        await tx.insert(tradingSettings).values(batch.map((u) => ({ userId: u.id, open: true, countries: u.n % 10 === 0 ? ['BR'] : [] })));
        await tx.insert(binders).values(batch.flatMap((u) => [
          { id: u.trade, userId: u.id, name: 'Spares', category: 'trade' },
          { id: u.wish, userId: u.id, name: 'Wishlist', category: 'wishlist' },
        ]));
        for (const u of batch) {
          const theirs = [...rowsOf(next, prints, TRADE_ROWS, u.trade), ...rowsOf(next, prints, THEIR_WISH_ROWS, u.wish, 5)];
          rows += theirs.length;
          await tx.insert(binderCards).values(theirs);
        }
      });
    }
    await db.execute(sql`analyze`);
    return { rows, writeMs: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}

export function tradesBenchmark(log: (msg: string) => void): Promise<TradesResult> {
  return withWrittenData(
    'trades',
    async (dataDir, email) => {
      const written = await writeData(dataDir, email);
      log(`trades: ${TRADERS} traders, ${written.rows} binder rows written in ${written.writeMs} ms`);
      return written;
    },
    async (cookie, written) => {
      const url = `${base}/api/trades/matches?currency=BRL`;
      const timed = async () => {
        const t = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const text = await res.text();
        if (!res.ok) throw new Error(`GET /api/trades/matches: ${res.status} ${text.slice(0, 300)}`);
        return { ms: performance.now() - t, users: (JSON.parse(text) as { items: unknown[] }).items.length, bytes: text.length };
      };
      const first = await timed();
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push((await timed()).ms);
      times.sort((a, b) => a - b);
      const matches = { requests: times.length, firstMs: Math.round(first.ms), p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), maxMs: +times.at(-1)!.toFixed(1), users: first.users, bytes: first.bytes };
      log(`trades: matches (${matches.users} users, ${matches.bytes} bytes) first ${matches.firstMs} ms, p50 ${matches.p50Ms} ms, p99 ${matches.p99Ms} ms`);
      return { traders: TRADERS, tradeRows: TRADE_ROWS, wishRows: MY_WISH_ROWS, writeMs: written.writeMs, matches };
    },
  );
}

export function tradesFigures(t: TradesResult): { figure: string; value: string; target: string; pass: boolean }[] {
  return [
    {
      figure: `GET /api/trades/matches, ${t.wishRows.toLocaleString('en')}-card wishlist among ${t.traders.toLocaleString('en')} open users × ${t.tradeRows}-card Trade binders, one at a time`,
      value: `p99 ${t.matches.p99Ms} ms (p50 ${t.matches.p50Ms} ms, first ${t.matches.firstMs} ms, ${t.matches.users} users, ${t.matches.requests} requests)`,
      target: target.text,
      pass: t.matches.p99Ms <= target.maxMs,
    },
  ];
}
