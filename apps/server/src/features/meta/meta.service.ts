import type { MetaFormat, MetaLeader, MetaLeaderDetail, MetaLeadersResponse, MetaList } from '@grandline/core/contracts/tournaments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tournamentStandings } from '../../db/schema/index';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { createPause } from '../../lib/cooperative';
import { metaCached } from './meta-cache';
import { listNumbers, windowStandings, type WindowStanding } from './meta-reads';
import { mondayOf, weeksOf, type Window } from './meta-window';
import { leaderName } from './tournaments-read.service';

/*
 * The meta of a window (issue 43; definitions in docs/tournament-meta.md): per Leader, its decks (published lists),
 * share of all decks, record and win rate, best placing and weekly trend; per Leader, the consensus of its lists (each
 * card number's inclusion and average copies) and the lists themselves. Card numbers the library lacks (the list's
 * gaps) count as the source published them. Read in bounded steps (meta-reads.ts), cached per window (meta-cache.ts).
 */

/** wins / (wins + losses), ties left out; null with no game won or lost. */
const winRateOf = (wins: number, losses: number) => (wins + losses > 0 ? wins / (wins + losses) : null);

/**
 * Leaders by decks (most first); equal decks by win rate (highest first, none last), then by card number (A→Z).
 */
function compareLeaders(a: Pick<MetaLeader, 'decks' | 'winRate' | 'cardNumber'>, b: Pick<MetaLeader, 'decks' | 'winRate' | 'cardNumber'>) {
  return b.decks - a.decks || (b.winRate ?? -1) - (a.winRate ?? -1) || (a.cardNumber < b.cardNumber ? -1 : a.cardNumber > b.cardNumber ? 1 : 0);
}

async function computeLeaders(db: Db, window: Window, format: MetaFormat): Promise<MetaLeadersResponse> {
  const [index, standings] = await Promise.all([catalogueIndex(db), windowStandings(db, window, format)]);
  const weeks = weeksOf(window);
  const weekAt = new Map(weeks.map((w, i) => [w, i]));
  const weekOfTournament = new Map<string, number>();
  const weekTotals = weeks.map(() => 0);
  const byLeader = new Map<string, { wins: number; losses: number; ties: number; decks: number; best: number; name: string; perWeek: number[] }>();
  const pause = createPause();
  for (const s of standings) {
    await pause();
    let leader = byLeader.get(s.leaderNumber);
    if (!leader) byLeader.set(s.leaderNumber, (leader = { wins: 0, losses: 0, ties: 0, decks: 0, best: s.placing, name: s.leaderName, perWeek: weeks.map(() => 0) }));
    leader.decks++;
    leader.wins += s.wins;
    leader.losses += s.losses;
    leader.ties += s.ties;
    leader.best = Math.min(leader.best, s.placing);
    let at = weekOfTournament.get(s.tournament.id);
    if (at === undefined) weekOfTournament.set(s.tournament.id, (at = weekAt.get(mondayOf(s.tournament.day)) ?? -1));
    if (at >= 0) {
      leader.perWeek[at]!++;
      weekTotals[at]!++;
    }
  }
  const decks = standings.length;
  const leaders: MetaLeader[] = [];
  for (const [cardNumber, l] of byLeader) {
    await pause();
    leaders.push({
      cardNumber,
      name: leaderName(index, cardNumber, l.name),
      decks: l.decks,
      share: decks ? l.decks / decks : 0,
      wins: l.wins,
      losses: l.losses,
      ties: l.ties,
      winRate: winRateOf(l.wins, l.losses),
      bestPlacing: l.best,
      // Its picture on /meta: the library's base print of the number.
      cardId: index.baseByNumber.get(`onepiece:${cardNumber}`)?.id ?? null,
      weeks: weeks.map((week, i) => ({ week, decks: l.perWeek[i]!, share: weekTotals[i] ? l.perWeek[i]! / weekTotals[i]! : 0 })),
    });
  }
  leaders.sort(compareLeaders);
  return { ...window, format, tournaments: weekOfTournament.size, decks, leaders };
}

/** The Leaders of a window and format (cached until the tournaments change), and its JSON text. */
export function metaLeaders(db: Db, window: Window, format: MetaFormat): Promise<{ value: MetaLeadersResponse; json: string }> {
  return metaCached(db, `leaders|${window.from}|${window.to}|${format}`, async () => {
    const value = await computeLeaders(db, window, format);
    return { value, json: JSON.stringify(value) };
  });
}

/** Lists by placing (best first), then newest, then by tournament id. */
export function compareLists(a: WindowStanding, b: WindowStanding) {
  return a.placing - b.placing || (a.tournament.day < b.tournament.day ? 1 : a.tournament.day > b.tournament.day ? -1 : 0) || (a.tournament.id < b.tournament.id ? -1 : a.tournament.id > b.tournament.id ? 1 : 0);
}

export const metaListOf = (s: WindowStanding): MetaList => ({
  tournamentId: s.tournament.id,
  tournamentName: s.tournament.name,
  date: s.tournament.day,
  placing: s.placing,
  record: { wins: s.wins, losses: s.losses, ties: s.ties },
  deckId: s.deckId,
  players: s.tournament.players,
});

async function computeLeaderDetail(db: Db, window: Window, format: MetaFormat, cardNumber: string): Promise<MetaLeaderDetail> {
  const [index, lists] = await Promise.all([catalogueIndex(db), windowStandings(db, window, format, cardNumber)]);
  lists.sort(compareLists);
  // Every copy of each number over the Leader's lists: the library's prints (any print of the number) and the numbers
  // it lacks (gaps), as published; the Leader itself left out.
  const numbers = await listNumbers(db, index, lists);
  const perNumber = new Map<string, { decks: number; copies: number; gapName: string }>();
  const pause = createPause();
  for (const list of numbers.values()) {
    await pause();
    for (const [number, copies] of list.copies) {
      if (number === cardNumber) continue;
      const entry = perNumber.get(number);
      if (entry) {
        entry.decks++;
        entry.copies += copies;
      } else perNumber.set(number, { decks: 1, copies, gapName: list.gapNames.get(number) ?? '' });
    }
  }
  const decks = lists.length;
  const cardsOut: MetaLeaderDetail['cards'] = [];
  for (const [number, entry] of perNumber) {
    const base = index.baseByNumber.get(`onepiece:${number}`);
    cardsOut.push({ cardNumber: number, name: base?.name ?? entry.gapName, inclusion: entry.decks / decks, averageCopies: entry.copies / entry.decks, cardId: base?.id ?? null });
  }
  // Most played first: inclusion, then average copies (both highest first), then card number (A→Z).
  cardsOut.sort((a, b) => b.inclusion - a.inclusion || b.averageCopies - a.averageCopies || (a.cardNumber < b.cardNumber ? -1 : 1));
  const leader = index.baseByNumber.get(`onepiece:${cardNumber}`);
  const storedName = lists[0]?.leaderName ?? (await anyStoredName(db, cardNumber));
  return { cardNumber, name: leaderName(index, cardNumber, storedName), ...window, format, decks, cardId: leader?.id ?? null, cards: cardsOut, lists: lists.map(metaListOf) };
}

/** The name the source gave a Leader in any window (the library lacks it and it has no list in this one). */
async function anyStoredName(db: Db, cardNumber: string) {
  const [row] = await db.select({ name: tournamentStandings.leaderName }).from(tournamentStandings).where(eq(tournamentStandings.leaderNumber, cardNumber)).limit(1);
  return row?.name ?? null;
}

/** One Leader's consensus and lists in a window and format (cached until the tournaments change). */
export function metaLeader(db: Db, window: Window, format: MetaFormat, cardNumber: string): Promise<MetaLeaderDetail> {
  return metaCached(db, `leader|${window.from}|${window.to}|${format}|${cardNumber}`, () => computeLeaderDetail(db, window, format, cardNumber));
}
