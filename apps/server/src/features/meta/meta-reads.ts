import type { MetaFormat } from '@grandline/core/contracts/tournaments';
import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deckCards, tournamentListGaps, tournaments, tournamentStandings } from '../../db/schema/index';
import type { CatalogueIndex } from '../../catalogue/catalogue-index';
import { createPause } from '../../lib/cooperative';
import { inWindow, type Window } from './meta-window';

/*
 * What the meta reads, in bounded steps: the window's tournaments (one short query), then their standings a hundred
 * tournaments at a time, and the published lists' cards two hundred lists at a time — each step one row of arrays
 * (the embedded database hands over many rows slowly) and a cooperative pause between steps, so that no step holds the
 * event loop long (on the embedded database a query runs in this thread) and no plan depends on the planner's
 * statistics (the embedded database has none until the hourly housekeeping takes them).
 */

const TOURNAMENTS_PER_STEP = 100;
const LISTS_PER_STEP = 200;

interface WindowTournament {
  id: string;
  name: string;
  day: string;
  players: number;
}

export interface WindowStanding {
  tournament: WindowTournament;
  placing: number;
  wins: number;
  losses: number;
  ties: number;
  leaderNumber: string;
  leaderName: string;
  deckId: string;
}

interface StandingArrays {
  tournamentIds: string[] | null;
  placings: number[];
  wins: number[];
  losses: number[];
  ties: number[];
  leaderNumbers: string[];
  leaderNames: string[];
  deckIds: string[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/**
 * Ids as one text[] the query walks with a lateral join: one index lookup per id whatever the planner's estimates
 * (an `in (…)` of hundreds of ids, planned without statistics, scanned the whole table).
 */
const textArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;
const steps = <T>(items: readonly T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The standings of the window's tournaments (of one Leader when given), in no particular order. */
export async function windowStandings(db: Db, window: Window, format: MetaFormat, leaderNumber?: string): Promise<WindowStanding[]> {
  const found = await db
    .select({ id: tournaments.id, name: tournaments.name, day: tournaments.day, players: tournaments.players })
    .from(tournaments)
    .where(inWindow(window, format))
    .orderBy(asc(tournaments.id));
  const byId = new Map(found.map((t) => [t.id, t]));
  const pause = createPause();
  const out: WindowStanding[] = [];
  for (const ids of steps(found.map((t) => t.id), TOURNAMENTS_PER_STEP)) {
    await pause();
    const leader = leaderNumber === undefined ? sql`` : sql`and s.leader_number = ${leaderNumber}`;
    const [row] = rowsOf<StandingArrays>(
      await db.execute(sql`
        select array_agg(s.tournament_id) as "tournamentIds", array_agg(s.placing) as placings, array_agg(s.wins) as wins,
               array_agg(s.losses) as losses, array_agg(s.ties) as ties, array_agg(s.leader_number) as "leaderNumbers",
               array_agg(s.leader_name) as "leaderNames", array_agg(s.deck_id) as "deckIds"
        from unnest(${textArray(ids)}) as t(id)
        cross join lateral (select * from ${tournamentStandings} where ${tournamentStandings.tournamentId} = t.id) s
        where true ${leader}`),
    );
    const tournamentIds = row?.tournamentIds ?? [];
    for (let i = 0; i < tournamentIds.length; i++) {
      out.push({
        tournament: byId.get(tournamentIds[i]!)!,
        placing: Number(row!.placings[i]),
        wins: Number(row!.wins[i]),
        losses: Number(row!.losses[i]),
        ties: Number(row!.ties[i]),
        leaderNumber: row!.leaderNumbers[i]!,
        leaderName: row!.leaderNames[i]!,
        deckId: row!.deckIds[i]!,
      });
    }
  }
  return out;
}

/** A published list's copies per card number (any print), the numbers the library lacks included as published. */
export interface ListNumbers {
  copies: Map<string, number>;
  /** The source's name of each number the library lacks. */
  gapNames: Map<string, string>;
}

/**
 * The copies per card number of each given standing's list, by deck id: the deck's rows (by the library's number of
 * each print) and the list's gaps (numbers the library lacks; the Leader's own gap left out). The Leader is not in it.
 */
export async function listNumbers(db: Db, index: CatalogueIndex, standings: readonly WindowStanding[]): Promise<Map<string, ListNumbers>> {
  const out = new Map<string, ListNumbers>(standings.map((s) => [s.deckId, { copies: new Map(), gapNames: new Map() }]));
  const pause = createPause();
  for (const ids of steps(standings.map((s) => s.deckId), LISTS_PER_STEP)) {
    await pause();
    const [row] = rowsOf<{ deckIds: string[] | null; cardIds: number[]; quantities: number[] }>(
      await db.execute(sql`
        select array_agg(dc.deck_id) as "deckIds", array_agg(dc.card_id) as "cardIds", array_agg(dc.quantity) as quantities
        from unnest(${textArray(ids)}) as l(id)
        cross join lateral (select * from ${deckCards} where ${deckCards.deckId} = l.id) dc`),
    );
    const deckIds = row?.deckIds ?? [];
    for (let i = 0; i < deckIds.length; i++) {
      const number = index.byId.get(Number(row!.cardIds[i]))?.cardNumber;
      const copies = out.get(deckIds[i]!)?.copies;
      if (number && copies) copies.set(number, (copies.get(number) ?? 0) + Number(row!.quantities[i]));
    }
  }
  // Gaps are few (a number the library lacks): read per step of tournaments, kept for the standings asked.
  const deckOf = new Map(standings.map((s) => [`${s.tournament.id}\u0000${s.placing}`, s.deckId]));
  for (const ids of steps([...new Set(standings.map((s) => s.tournament.id))], TOURNAMENTS_PER_STEP)) {
    await pause();
    const gaps = await db
      .select({ tournamentId: tournamentListGaps.tournamentId, placing: tournamentListGaps.placing, cardNumber: tournamentListGaps.cardNumber, name: tournamentListGaps.name, quantity: tournamentListGaps.quantity })
      .from(tournamentListGaps)
      .where(and(inArray(tournamentListGaps.tournamentId, ids), ne(tournamentListGaps.section, 'leader')));
    for (const gap of gaps) {
      const list = out.get(deckOf.get(`${gap.tournamentId}\u0000${gap.placing}`) ?? '');
      if (!list) continue;
      list.copies.set(gap.cardNumber, (list.copies.get(gap.cardNumber) ?? 0) + gap.quantity);
      list.gapNames.set(gap.cardNumber, gap.name);
    }
  }
  return out;
}
