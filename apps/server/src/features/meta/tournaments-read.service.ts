import type { MetaFormat, TournamentDetail, TournamentListResponse, TournamentSummary } from '@grandline/core/contracts/tournaments';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tournaments, tournamentStandings } from '../../db/schema/index';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import { AppError } from '../../lib/errors';
import { checkOrder, inWindow } from './meta-window';

/*
 * Reading tournaments (issue 43): the list, newest first, and one tournament with its standings by placing. Players'
 * names, ids and countries were never stored: a standing is its placing, record, Leader and published list.
 */

/** A Leader's name: the library's name for the number, else the name the source gave (a Leader the library lacks). */
export const leaderName = (index: CatalogueIndex, cardNumber: string, stored: string | null | undefined) =>
  index.baseByNumber.get(`onepiece:${cardNumber}`)?.name ?? (stored || cardNumber);

const summaryColumns = {
  id: tournaments.id,
  name: tournaments.name,
  date: tournaments.day,
  players: tournaments.players,
  format: tournaments.format,
  source: tournaments.source,
  url: tournaments.url,
  // Written with its table names: the query builder leaves them out of a one-table query's columns.
  lists: sql<number>`(select count(*)::int from tournament_standings ls where ls.tournament_id = "tournaments"."id")`,
};

const asSummary = (row: { format: string; source: string; lists: number } & Omit<TournamentSummary, 'format' | 'source' | 'lists'>): TournamentSummary => ({
  ...row,
  format: row.format as TournamentSummary['format'],
  source: row.source as TournamentSummary['source'],
  lists: Number(row.lists),
});

/** Tournaments of the window and format, newest day first, then by id (ascending); `total` counts every match. */
export async function listTournaments(
  db: Db,
  { from, to, format, page, pageSize }: { from?: string; to?: string; format: MetaFormat; page: number; pageSize: number },
): Promise<TournamentListResponse> {
  checkOrder(from, to);
  const where = inWindow({ from, to }, format);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(tournaments)
      .where(where)
      .orderBy(desc(tournaments.day), asc(tournaments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(tournaments).where(where),
  ]);
  return { items: rows.map(asSummary), total: Number(total?.n ?? 0) };
}

/** One tournament and its standings by placing; 404 TOURNAMENT_NOT_FOUND for an id we do not have. */
export async function getTournament(db: Db, id: string): Promise<TournamentDetail> {
  const [row] = await db.select(summaryColumns).from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw new AppError('TOURNAMENT_NOT_FOUND', 404, `No tournament ${id}`);
  const [index, standings] = await Promise.all([
    catalogueIndex(db),
    db
      .select({
        placing: tournamentStandings.placing,
        wins: tournamentStandings.wins,
        losses: tournamentStandings.losses,
        ties: tournamentStandings.ties,
        leaderNumber: tournamentStandings.leaderNumber,
        leaderName: tournamentStandings.leaderName,
        deckId: tournamentStandings.deckId,
        unmatched: sql<number>`(select coalesce(sum(g.quantity), 0)::int from tournament_list_gaps g
          where g.tournament_id = "tournament_standings"."tournament_id" and g.placing = "tournament_standings"."placing")`,
      })
      .from(tournamentStandings)
      .where(eq(tournamentStandings.tournamentId, id))
      .orderBy(asc(tournamentStandings.placing)),
  ]);
  return {
    ...asSummary(row),
    standings: standings.map((s) => ({
      placing: s.placing,
      record: { wins: s.wins, losses: s.losses, ties: s.ties },
      leader: { cardNumber: s.leaderNumber, name: leaderName(index, s.leaderNumber, s.leaderName) },
      deckId: s.deckId,
      unmatched: Number(s.unmatched),
    })),
  };
}
