/**
 * Tournament sources (issue 43), in this process on an in-memory embedded database seeded with the real library: the
 * Limitless fetcher reading 200 tournaments × 64 standings from a local mirror (apps/server/src/testing/
 * limitless-mirror.ts: real published decklists dealt round-robin) over loopback HTTP — paging, details and standings
 * one request at a time (no pause: TOURNAMENT_FETCH_PAUSE_MS=0), matching and storing each tournament in its own
 * transaction — then a second run that finds nothing new.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { registerDomainHandlers } from '../apps/server/src/domain-handlers';
import { seedCatalogue } from '../apps/server/src/features/cards/catalogue-import';
import { loadPackageCards } from '../apps/server/src/features/cards/catalogue-source';
import { runTournamentSource } from '../apps/server/src/features/tournaments/tournament-runs.service';
import { createLogger } from '../apps/server/src/lib/logger';
import { DEFAULT_TOURNAMENT_CONFIG } from '../apps/server/src/lib/tournament-config';
import { startFeedServer } from '../apps/server/src/testing/feed-server';
import { limitlessRoutes, mirrorTournaments } from '../apps/server/src/testing/limitless-mirror';

const TOURNAMENTS = 200;
const STANDINGS = 64;
const PAGE_SIZE = 50;

export interface TournamentsResult {
  tournaments: number;
  standings: number;
  requests: number;
  ingestMs: number;
  ingest: { status: string; tournaments: number; standings: number; skipped: number; unmatched: number; failed: number };
  /** The same run again: the listing read, nothing stored. */
  againMs: number;
  storedLists: number;
}

export async function tournamentsBenchmark(log: (msg: string) => void): Promise<TournamentsResult> {
  const quiet = createLogger('silent');
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  registerDomainHandlers({ db: database.db, log: quiet }, { channels: false });
  await seedCatalogue({ db: database.db, log: quiet, raw: loadPackageCards(), force: true });
  const server = await startFeedServer(limitlessRoutes(mirrorTournaments({ count: TOURNAMENTS, standings: STANDINGS }), { pageSize: PAGE_SIZE }));
  const config = { ...DEFAULT_TOURNAMENT_CONFIG, sources: ['limitless' as const], limitlessBaseUrl: `${server.url}/api`, pageSize: PAGE_SIZE, maxPerRun: TOURNAMENTS, pauseMs: 0 };
  try {
    log(`tournaments: Limitless ingest of ${TOURNAMENTS} tournaments × ${STANDINGS} standings from a local mirror`);
    const started = performance.now();
    const run = await runTournamentSource({ db: database.db, log: quiet, config, source: 'limitless', trigger: 'admin' });
    const ingestMs = Math.round(performance.now() - started);
    const requests = server.requests.length;
    log(`tournaments: ingest ${ingestMs} ms over ${requests} requests: ${run.status}, ${JSON.stringify(run.counts)}${run.error ? ` (${run.error})` : ''}`);
    const again0 = performance.now();
    await runTournamentSource({ db: database.db, log: quiet, config, source: 'limitless', trigger: 'admin' });
    const againMs = Math.round(performance.now() - again0);
    const counted = await database.db.execute(sql`select count(*)::int as n from decks where user_id is null`);
    const [{ n }] = (counted as unknown as { rows: [{ n: number }] }).rows;
    return { tournaments: TOURNAMENTS, standings: STANDINGS, requests, ingestMs, ingest: { status: run.status, ...run.counts }, againMs, storedLists: n };
  } finally {
    await server.close();
    await database.close();
  }
}

export function tournamentsFigures(t: TournamentsResult): { figure: string; value: string; target: string; pass: boolean | null }[] {
  const i = t.ingest;
  return [
    {
      figure: `Limitless ingest, ${t.tournaments} tournaments × ${t.standings} standings from a local mirror (${t.requests} requests, one at a time)`,
      value: `${t.ingestMs} ms (${i.status}: ${i.tournaments} tournaments, ${i.standings} standings, ${t.storedLists} lists stored; skipped ${i.skipped}, unmatched ${i.unmatched}, failed ${i.failed})`,
      target: '≤ 20 s',
      pass: i.status === 'succeeded' && i.tournaments === t.tournaments && i.standings === t.tournaments * t.standings && t.ingestMs <= 20_000,
    },
    { figure: 'the same run again (the listing read, nothing new stored)', value: `${t.againMs} ms`, target: '—', pass: null },
  ];
}
