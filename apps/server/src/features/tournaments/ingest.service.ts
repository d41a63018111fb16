import { randomUUID } from 'node:crypto';
import type { TournamentIngestCounts, TournamentSource } from '@grandline/core/contracts/tournaments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tournamentListGaps, tournaments, tournamentStandings } from '../../db/schema/index';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import { createPause } from '../../lib/cooperative';
import { insertPublishedLists, type PublishedList } from '../decks/decks.service';
import { formatOf, LimitlessStanding, LimitlessTournament, MAX_STANDINGS, readDecklist, type ListSection, type ReadList } from './limitless-shapes';

/*
 * The one write path of tournaments (issue 43): a tournament and its standings as the source publishes them (the
 * Limitless API's shapes, limitless-shapes.ts), whichever way they arrive — the fetcher, the file import, an admin's
 * upload. Idempotent on (tournament id, placing): a tournament read again adds only the placings it lacked, and an
 * admin's format correction stays. Players' names, ids and countries are read past, never stored.
 */

/** The tournament's public page at its source. */
const urlOf = (source: TournamentSource, id: string) => (source === 'limitless' ? `https://play.limitlesstcg.com/tournament/${encodeURIComponent(id)}` : null);

/**
 * The channel (DbEvents) on which a replica says tournaments changed (an ingest, an admin's correction): the others
 * call `tournamentsChanged()` so their meta caches are dropped.
 */
export const TOURNAMENTS_CHANNEL = 'tournaments';

/** Counters of everything stored: bumped after each tournament that changed, so caches of the meta know they are stale. */
let generation = 0;
const listeners = new Set<() => void>();
export const tournamentsGeneration = () => generation;
/** Something else changed the tournaments (another replica's ingest, an admin's correction): caches are stale. */
export function tournamentsChanged() {
  generation++;
  for (const listener of listeners) listener();
}
export function onTournamentsChanged(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A tournament document that is not one: the message names what is wrong. */
export class TournamentShapeError extends Error {}

function readTournament(raw: unknown) {
  const parsed = LimitlessTournament.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TournamentShapeError(`not a tournament: ${issue ? `${issue.path.join('.') || 'document'}: ${issue.message}` : 'unreadable'}`);
  }
  return parsed.data;
}

interface Matched {
  placing: number;
  wins: number;
  losses: number;
  ties: number;
  list: ReadList;
}

/** The list's lines on the library's base prints (copies of a number summed); the numbers it lacks as gaps. */
function matchList(index: CatalogueIndex, list: ReadList) {
  const byCard = new Map<number, number>();
  const gaps = new Map<string, { name: string; quantity: number; section: ListSection }>();
  const leader = index.baseByNumber.get(`onepiece:${list.leader.cardNumber}`) ?? null;
  if (!leader) gaps.set(list.leader.cardNumber, { name: list.leader.name, quantity: 1, section: 'leader' });
  for (const line of list.lines) {
    const card = index.baseByNumber.get(`onepiece:${line.cardNumber}`);
    if (card) byCard.set(card.id, Math.min(50, (byCard.get(card.id) ?? 0) + line.count));
    else {
      const gap = gaps.get(line.cardNumber);
      if (gap) gap.quantity = Math.min(50, gap.quantity + line.count);
      else gaps.set(line.cardNumber, { name: line.name, quantity: line.count, section: line.section });
    }
  }
  return { leader, cards: [...byCard].map(([cardId, quantity]) => ({ cardId, quantity })), gaps };
}

/**
 * Stores one tournament and its standings (the source's `details` or list entry, and its `standings` array). Only
 * standings with a placing and a published list count; the others are `skipped`. One transaction per tournament.
 */
export async function storeTournament(db: Db, source: TournamentSource, rawTournament: unknown, rawStandings: unknown): Promise<TournamentIngestCounts> {
  const tournament = readTournament(rawTournament);
  if (!Array.isArray(rawStandings)) throw new TournamentShapeError(`tournament ${tournament.id}: its standings are not a list`);
  if (rawStandings.length > MAX_STANDINGS) throw new TournamentShapeError(`tournament ${tournament.id}: more than ${MAX_STANDINGS} standings`);
  const index = await catalogueIndex(db);
  const counts: TournamentIngestCounts = { tournaments: 0, standings: 0, skipped: 0, unmatched: 0 };
  const seen = new Set<number>();
  const matched: Matched[] = [];
  const pause = createPause();
  for (let i = 0; i < rawStandings.length; i++) {
    await pause();
    const standing = LimitlessStanding.safeParse(rawStandings[i]);
    const list = standing.success ? readDecklist(standing.data.decklist) : null;
    const placing = standing.success ? standing.data.placing : null;
    if (!standing.success || !list || !placing || seen.has(placing)) {
      counts.skipped++;
      continue;
    }
    seen.add(placing);
    const record = standing.data.record ?? { wins: 0, losses: 0, ties: 0 };
    matched.push({ placing, ...record, list });
  }
  const format = formatOf(tournament);
  const day = new Date(Date.parse(tournament.date)).toISOString().slice(0, 10);
  const changed = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(tournaments)
      .values({ id: tournament.id, source, name: tournament.name, day, players: tournament.players ?? matched.length, format, url: urlOf(source, tournament.id) })
      .onConflictDoNothing()
      .returning({ id: tournaments.id });
    counts.tournaments = inserted.length;
    const [stored] = await tx.select({ format: tournaments.format }).from(tournaments).where(eq(tournaments.id, tournament.id));
    const have = new Set(
      (await tx.select({ placing: tournamentStandings.placing }).from(tournamentStandings).where(eq(tournamentStandings.tournamentId, tournament.id))).map((r) => r.placing),
    );
    const lists: PublishedList[] = [];
    const standings: (typeof tournamentStandings.$inferInsert)[] = [];
    const gaps: (typeof tournamentListGaps.$inferInsert)[] = [];
    for (const m of matched) {
      if (have.has(m.placing)) continue;
      const deckId = randomUUID();
      const { leader, cards, gaps: missing } = matchList(index, m.list);
      const leaderName = leader?.name ?? m.list.leader.name ?? m.list.leader.cardNumber;
      lists.push({ id: deckId, name: `#${m.placing} ${leaderName} · ${tournament.name}`.slice(0, 100), format: stored!.format as 'standard' | 'extra', leaderCardId: leader?.id ?? null, cards });
      standings.push({ tournamentId: tournament.id, placing: m.placing, wins: m.wins, losses: m.losses, ties: m.ties, leaderNumber: m.list.leader.cardNumber, leaderName: leaderName.slice(0, 200), deckId });
      for (const [cardNumber, gap] of missing) gaps.push({ tournamentId: tournament.id, placing: m.placing, cardNumber, name: gap.name, quantity: gap.quantity, section: gap.section });
      counts.unmatched += missing.size;
    }
    await insertPublishedLists(tx, lists);
    if (standings.length) await tx.insert(tournamentStandings).values(standings);
    if (gaps.length) await tx.insert(tournamentListGaps).values(gaps);
    counts.standings = standings.length;
    return inserted.length > 0 || standings.length > 0;
  });
  if (changed) tournamentsChanged();
  return counts;
}

/** Adds one tournament's counts to a run's. */
export function addCounts(total: TournamentIngestCounts, one: TournamentIngestCounts) {
  total.tournaments += one.tournaments;
  total.standings += one.standings;
  total.skipped += one.skipped;
  total.unmatched += one.unmatched;
}
