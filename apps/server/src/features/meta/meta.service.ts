import type { MetaFormat, MetaLeader, MetaLeaderDetail, MetaLeadersResponse, MetaList } from '@grandline/core/contracts/tournaments';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cards, deckCards, tournamentListGaps, tournaments, tournamentStandings } from '../../db/schema/index';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { createPause } from '../../lib/cooperative';
import { metaCached } from './meta-cache';
import { inWindow, weeksOf, type Window } from './meta-window';
import { leaderName } from './tournaments-read.service';

/*
 * The meta of a window (issue 43; definitions in docs/tournament-meta.md): per Leader, its decks (published lists),
 * share of all decks, record and win rate, best placing and weekly trend; per Leader, the consensus of its lists (each
 * card number's inclusion and average copies) and the lists themselves. Card numbers the library lacks (the list's
 * gaps) count as the source published them. Computed in SQL aggregates, cached per window (meta-cache.ts).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** wins / (wins + losses), ties left out; null with no game won or lost. */
export const winRateOf = (wins: number, losses: number) => (wins + losses > 0 ? wins / (wins + losses) : null);

/**
 * Leaders by decks (most first); equal decks by win rate (highest first, none last), then by card number (A→Z).
 */
export function compareLeaders(a: Pick<MetaLeader, 'decks' | 'winRate' | 'cardNumber'>, b: Pick<MetaLeader, 'decks' | 'winRate' | 'cardNumber'>) {
  return b.decks - a.decks || (b.winRate ?? -1) - (a.winRate ?? -1) || (a.cardNumber < b.cardNumber ? -1 : a.cardNumber > b.cardNumber ? 1 : 0);
}

interface LeaderWeekRow {
  leader: string;
  week: string;
  decks: number;
  wins: number;
  losses: number;
  ties: number;
  best: number;
  name: string;
}

async function computeLeaders(db: Db, window: Window, format: MetaFormat): Promise<MetaLeadersResponse> {
  const where = inWindow(window, format);
  const [index, grouped, [counts]] = await Promise.all([
    catalogueIndex(db),
    db.execute(sql`
      select ${tournamentStandings.leaderNumber} as leader, to_char(date_trunc('week', ${tournaments.day}::timestamp), 'YYYY-MM-DD') as week,
             count(*)::int as decks, sum(${tournamentStandings.wins})::int as wins, sum(${tournamentStandings.losses})::int as losses,
             sum(${tournamentStandings.ties})::int as ties, min(${tournamentStandings.placing})::int as best, max(${tournamentStandings.leaderName}) as name
      from ${tournamentStandings} join ${tournaments} on ${tournaments.id} = ${tournamentStandings.tournamentId}
      where ${where}
      group by 1, 2`),
    db
      .select({ tournaments: sql<number>`count(distinct ${tournamentStandings.tournamentId})::int`, decks: sql<number>`count(*)::int` })
      .from(tournamentStandings)
      .innerJoin(tournaments, eq(tournaments.id, tournamentStandings.tournamentId))
      .where(where),
  ]);
  const weeks = weeksOf(window);
  const weekAt = new Map(weeks.map((w, i) => [w, i]));
  const weekTotals = weeks.map(() => 0);
  const byLeader = new Map<string, { wins: number; losses: number; ties: number; decks: number; best: number; name: string; perWeek: number[] }>();
  const pause = createPause();
  for (const row of rowsOf<LeaderWeekRow>(grouped)) {
    await pause();
    let leader = byLeader.get(row.leader);
    if (!leader) byLeader.set(row.leader, (leader = { wins: 0, losses: 0, ties: 0, decks: 0, best: row.best, name: row.name, perWeek: weeks.map(() => 0) }));
    leader.decks += row.decks;
    leader.wins += row.wins;
    leader.losses += row.losses;
    leader.ties += row.ties;
    leader.best = Math.min(leader.best, row.best);
    if (row.name > leader.name) leader.name = row.name;
    const at = weekAt.get(row.week);
    if (at !== undefined) {
      leader.perWeek[at]! += row.decks;
      weekTotals[at]! += row.decks;
    }
  }
  const decks = Number(counts?.decks ?? 0);
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
  return { ...window, format, tournaments: Number(counts?.tournaments ?? 0), decks, leaders };
}

/** The Leaders of a window and format (cached until the tournaments change), and its JSON text. */
export function metaLeaders(db: Db, window: Window, format: MetaFormat): Promise<{ value: MetaLeadersResponse; json: string }> {
  return metaCached(db, `leaders|${window.from}|${window.to}|${format}`, async () => {
    const value = await computeLeaders(db, window, format);
    return { value, json: JSON.stringify(value) };
  });
}

interface CardRow {
  number: string;
  decks: number;
  copies: number;
  name: string;
}

async function computeLeaderDetail(db: Db, window: Window, format: MetaFormat, cardNumber: string): Promise<MetaLeaderDetail> {
  const where = and(inWindow(window, format), eq(tournamentStandings.leaderNumber, cardNumber));
  const [index, lists, grouped] = await Promise.all([
    catalogueIndex(db),
    db
      .select({
        tournamentId: tournaments.id,
        tournamentName: tournaments.name,
        date: tournaments.day,
        players: tournaments.players,
        placing: tournamentStandings.placing,
        wins: tournamentStandings.wins,
        losses: tournamentStandings.losses,
        ties: tournamentStandings.ties,
        deckId: tournamentStandings.deckId,
        leaderName: tournamentStandings.leaderName,
      })
      .from(tournamentStandings)
      .innerJoin(tournaments, eq(tournaments.id, tournamentStandings.tournamentId))
      .where(where)
      .orderBy(asc(tournamentStandings.placing), desc(tournaments.day), asc(tournaments.id)),
    // Every copy of each number over the Leader's lists: the library's prints (any print of the number) and the
    // numbers it lacks (gaps), as published; the Leader itself left out.
    db.execute(sql`
      with lists as (
        select ${tournamentStandings.deckId} as deck_id, ${tournamentStandings.tournamentId} as tournament_id, ${tournamentStandings.placing} as placing
        from ${tournamentStandings} join ${tournaments} on ${tournaments.id} = ${tournamentStandings.tournamentId}
        where ${where})
      select number, count(distinct deck_id)::int as decks, sum(quantity)::int as copies, max(name) as name from (
        select l.deck_id, c.card_number as number, dc.quantity, '' as name
        from lists l join ${deckCards} dc on dc.deck_id = l.deck_id join ${cards} c on c.id = dc.card_id
        union all
        select l.deck_id, g.card_number, g.quantity, g.name
        from lists l join ${tournamentListGaps} g on g.tournament_id = l.tournament_id and g.placing = l.placing
        where g.section <> 'leader'
      ) x
      where number <> ${cardNumber}
      group by number`),
  ]);
  const decks = lists.length;
  const pause = createPause();
  const cardsOut: MetaLeaderDetail['cards'] = [];
  for (const row of rowsOf<CardRow>(grouped)) {
    await pause();
    const base = index.baseByNumber.get(`onepiece:${row.number}`);
    cardsOut.push({ cardNumber: row.number, name: base?.name ?? row.name, inclusion: row.decks / decks, averageCopies: row.copies / row.decks, cardId: base?.id ?? null });
  }
  // Most played first: inclusion, then average copies (both highest first), then card number (A→Z).
  cardsOut.sort((a, b) => b.inclusion - a.inclusion || b.averageCopies - a.averageCopies || (a.cardNumber < b.cardNumber ? -1 : 1));
  const leader = index.baseByNumber.get(`onepiece:${cardNumber}`);
  const storedName = lists[0]?.leaderName ?? (await anyStoredName(db, cardNumber));
  return {
    cardNumber,
    name: leaderName(index, cardNumber, storedName),
    ...window,
    format,
    decks,
    cardId: leader?.id ?? null,
    cards: cardsOut,
    lists: lists.map(
      (l): MetaList => ({ tournamentId: l.tournamentId, tournamentName: l.tournamentName, date: l.date, placing: l.placing, record: { wins: l.wins, losses: l.losses, ties: l.ties }, deckId: l.deckId, players: l.players }),
    ),
  };
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
