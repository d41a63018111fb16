/**
 * Tournament meta (issue 43), on the built server and its embedded database:
 * - the server starts once on a fresh data directory (migrations, the real library, demo prices) and a user signs up
 *   through it; it stops, and this process writes into the same data directory 200 tournaments × 64 standings over the
 *   last 90 days through the one write path (storeTournament), and a 10,000-row collection (Personal and Trade
 *   binders) for that user; then the server starts again on it;
 * - GET /api/meta/leaders over those 90 days under load (autocannon), beside /api/health's throughput: goal ≥ 0.3 ×.
 *   The first answer (computed, then kept until the tournaments change) is timed on its own;
 * - GET /api/meta/buildable for that user, one request at a time: p99 goal ≤ 150 ms.
 * Lists are synthetic but shaped like real ones: 40 Leaders of the library with a Zipf-like share, each with a pool
 * of 24 numbers its lists draw 13 from (12 × 4 copies + 1 × 2), records from a 9-round Swiss.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../apps/server/src/db/client';
import { binderCards, binders, cards, users } from '../apps/server/src/db/schema/index';
import { storeTournament } from '../apps/server/src/features/tournaments/ingest.service';
import { load } from './api-scenarios';
import { base, connections, percentile } from './bench-env';
import type { LoadResult } from './load';
import { withWrittenData } from './server-process';
import autocannon from 'autocannon';
import { seededRandom } from '../apps/server/src/testing/seeded-random';

const TOURNAMENTS = 200;
const STANDINGS = 64;
const DAYS = 90;
const LEADERS = 40;
const COLLECTION_ROWS = 10_000;
const BUILDABLE_REQUESTS = 200;
const CONDITIONS = ['M', 'NM', 'SP', 'MP', 'HP', 'D'];
const LANGUAGES = ['EN', 'JP', 'PT'];

const metaTargets = { leadersToHealth: { text: '≥ 0.30', min: 0.3 }, buildableP99: { text: '≤ 150 ms (10,000-card collection)', maxMs: 150 } };

export interface MetaResult {
  tournaments: number;
  standings: number;
  leaders: number;
  ingestMs: number;
  collectionRows: number;
  collectionCopies: number;
  health: LoadResult;
  leadersLoad: LoadResult;
  leadersFirstMs: number;
  leadersBytes: number;
  buildable: { requests: number; firstMs: number; p50Ms: number; p99Ms: number; maxMs: number; lists: number };
}


const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const limitlessLine = (cardNumber: string, count: number) => {
  const [set, number] = cardNumber.split('-') as [string, string];
  return { count, set, number, name: '' };
};

/** 200 tournaments × 64 standings in the Limitless shapes, over the last 90 days. */
function tournamentsOf(leaders: string[], numbers: string[]) {
  const next = seededRandom(43);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const pools = leaders.map(() => Array.from({ length: 24 }, () => pick(numbers)));
  // Zipf-like: the first Leaders are played far more than the last.
  const weights = leaders.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const leaderIndex = () => {
    let r = next() * total;
    for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) <= 0) return i;
    return weights.length - 1;
  };
  return Array.from({ length: TOURNAMENTS }, (_, t) => ({
    details: { id: `bench-meta-${t}`, game: 'OP', format: null, name: `Bench Regional ${t}`, date: `${dayBefore(Math.floor((t * DAYS) / TOURNAMENTS))}T12:00:00.000Z`, players: 256 },
    standings: Array.from({ length: STANDINGS }, (_, s) => {
      const l = leaderIndex();
      const chosen = [...new Set(Array.from({ length: 20 }, () => pick(pools[l]!)))].slice(0, 13);
      const wins = Math.max(0, 9 - Math.floor(s / 8) - Math.floor(next() * 2));
      return {
        placing: s + 1,
        record: { wins, losses: 9 - wins, ties: 0 },
        decklist: { leader: limitlessLine(leaders[l]!, 1), character: chosen.map((n, i) => limitlessLine(n, i === chosen.length - 1 ? 2 : 4)) },
      };
    }),
  }));
}

/** Tournaments and the user's collection, written while no server holds the data directory. */
async function writeData(dataDir: string, email: string) {
  const database = await openConfiguredDatabase({ DATA_DIR: dataDir }, { holder: 'command', label: 'bench meta' });
  try {
    const { db } = database;
    const base = (type: 'Leader' | 'other') =>
      db
        .select({ id: cards.id, number: cards.cardNumber })
        .from(cards)
        .where(and(eq(cards.gameCategory, 'onepiece'), isNull(cards.variant), type === 'Leader' ? eq(cards.cardType, 'Leader') : sql`${cards.cardType} <> 'Leader'`))
        .orderBy(cards.cardNumber);
    const [leaderRows, otherRows] = await Promise.all([base('Leader'), base('other')]);
    const step = Math.max(1, Math.floor(leaderRows.length / LEADERS));
    const leaders = leaderRows.filter((_, i) => i % step === 0).slice(0, LEADERS).map((r) => r.number);
    const started = performance.now();
    let standings = 0;
    for (const t of tournamentsOf(leaders, otherRows.map((r) => r.number).filter((n) => /^[A-Z0-9]+-\d+$/.test(n)))) {
      standings += (await storeTournament(db, 'import', t.details, t.standings)).standings;
    }
    const ingestMs = Math.round(performance.now() - started);
    // 10,000 rows: every print once per (condition, language) until there are enough, in a Personal and a Trade binder.
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const prints = await db.select({ id: cards.id }).from(cards).where(eq(cards.gameCategory, 'onepiece')).orderBy(cards.id);
    const personal = randomUUID();
    const trade = randomUUID();
    await db.insert(binders).values([
      { id: personal, userId: user!.id, name: 'Bench collection', category: 'personal' },
      { id: trade, userId: user!.id, name: 'Bench trades', category: 'trade' },
    ]);
    const next = seededRandom(7);
    const rows = Array.from({ length: COLLECTION_ROWS }, (_, i) => ({
      binderId: i % 5 === 4 ? trade : personal,
      cardId: prints[i % prints.length]!.id,
      condition: CONDITIONS[Math.floor(i / prints.length) % CONDITIONS.length]!,
      language: LANGUAGES[Math.floor(i / (prints.length * CONDITIONS.length)) % LANGUAGES.length]!,
      quantity: 1 + Math.floor(next() * 4),
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(binderCards).values(rows.slice(i, i + 1000));
    return { leaders: leaders.length, standings, ingestMs, collectionCopies: rows.reduce((n, r) => n + r.quantity, 0) };
  } finally {
    await database.close();
  }
}

export function metaBenchmark(log: (msg: string) => void): Promise<MetaResult> {
  return withWrittenData(
    'meta',
    async (dataDir, email) => {
      const written = await writeData(dataDir, email);
      log(`meta: ${TOURNAMENTS} tournaments, ${written.standings} standings stored in ${written.ingestMs} ms; ${COLLECTION_ROWS} collection rows (${written.collectionCopies} copies)`);
      return written;
    },
    async (cookie, written) => {
    await autocannon({ url: `${base}/api/health`, connections, duration: 3 });
    const health = await load('health', '/api/health');
    const url = `/api/meta/leaders?from=${dayBefore(DAYS - 1)}&to=${dayBefore(0)}`;
    const t0 = performance.now();
    const first = await fetch(`${base}${url}`);
    const leadersBytes = (await first.text()).length;
    const leadersFirstMs = Math.round(performance.now() - t0);
    if (!first.ok) throw new Error(`GET ${url}: ${first.status}`);
    const leadersLoad = await load(`GET /api/meta/leaders (${DAYS} days)`, url);

    const buildableUrl = `${base}/api/meta/buildable?from=${dayBefore(DAYS - 1)}&to=${dayBefore(0)}&currency=EUR&limit=100`;
    const timed = async () => {
      const t = performance.now();
      const res = await fetch(buildableUrl, { headers: { cookie } });
      const body = (await res.json()) as { items?: unknown[] };
      if (!res.ok) throw new Error(`GET /api/meta/buildable: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t, lists: body.items?.length ?? 0 };
    };
    const firstBuildable = await timed();
    const times: number[] = [];
    for (let i = 0; i < BUILDABLE_REQUESTS; i++) times.push((await timed()).ms);
    times.sort((a, b) => a - b);
    const buildable = { requests: times.length, firstMs: Math.round(firstBuildable.ms), p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), maxMs: +times.at(-1)!.toFixed(1), lists: firstBuildable.lists };
    log(`meta: buildable (${buildable.lists} lists) first ${buildable.firstMs} ms, p50 ${buildable.p50Ms} ms, p99 ${buildable.p99Ms} ms`);
    return { tournaments: TOURNAMENTS, standings: written.standings, leaders: written.leaders, ingestMs: written.ingestMs, collectionRows: COLLECTION_ROWS, collectionCopies: written.collectionCopies, health, leadersLoad, leadersFirstMs, leadersBytes, buildable };
    },
  );
}

export function metaFigures(m: MetaResult): { figure: string; value: string; target: string; pass: boolean }[] {
  const ratio = +(m.leadersLoad.requestsPerSec / m.health.requestsPerSec).toFixed(3);
  return [
    {
      figure: `GET /api/meta/leaders over ${DAYS} days (${m.tournaments} tournaments × ${STANDINGS} standings) / health throughput`,
      value: `${ratio} (${m.leadersLoad.requestsPerSec} vs ${m.health.requestsPerSec} req/s, p99 ${m.leadersLoad.p99Ms} ms; first answer ${m.leadersFirstMs} ms)`,
      target: metaTargets.leadersToHealth.text,
      pass: ratio >= metaTargets.leadersToHealth.min && m.leadersLoad.errors === 0 && m.leadersLoad.non2xx === 0,
    },
    {
      figure: `GET /api/meta/buildable, ${m.collectionRows.toLocaleString('en')}-row collection, ${m.buildable.lists} lists, one at a time`,
      value: `p99 ${m.buildable.p99Ms} ms (p50 ${m.buildable.p50Ms} ms, first ${m.buildable.firstMs} ms, ${m.buildable.requests} requests)`,
      target: metaTargets.buildableP99.text,
      pass: m.buildable.p99Ms <= metaTargets.buildableP99.maxMs,
    },
  ];
}
