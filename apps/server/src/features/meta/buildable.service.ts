import type { BuildableDeck, BuildableResponse, MetaFormat, MetaList } from '@grandline/core/contracts/tournaments';
import type { PriceType } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cards, deckCards, tournamentListGaps, tournaments, tournamentStandings } from '../../db/schema/index';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { createPause } from '../../lib/cooperative';
import type { PriceConfig } from '../../lib/price-config';
import { ownedCounts } from '../binders/portfolio.service';
import { costOf, offersByNumber } from '../decks/buy-list.service';
import { metaCached } from './meta-cache';
import { inWindow, type Window } from './meta-window';
import { leaderName } from './tournaments-read.service';

/*
 * "Which winning deck can I build from what I own, and what does the rest cost?" (issue 43): each Leader's best-placed
 * list of the window (best placing, then newest, then tournament id), against the user's Personal and Trade binders
 * (any print of a number, as the collection check counts), the missing copies priced on every market and split
 * across markets by the buy list's one pricing path (decks/buy-list.service). The lists and what they need are cached
 * per window; the user's copies are read once and every needed number priced in one pass, not one buy list per deck.
 */

interface BestList {
  leader: { cardNumber: string; name: string; cardId: number | null };
  list: MetaList;
  /** Copies needed per card number, the Leader's one included; numbers the library lacks (gaps) as published. */
  needs: Map<string, number>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface BestRow {
  leader: string;
  leader_name: string;
  tournament_id: string;
  tournament_name: string;
  day: string;
  players: number;
  placing: number;
  wins: number;
  losses: number;
  ties: number;
  deck_id: string;
}

async function computeBestLists(db: Db, window: Window, format: MetaFormat): Promise<BestList[]> {
  const [index, best] = await Promise.all([
    catalogueIndex(db),
    db.execute(sql`
      select distinct on (${tournamentStandings.leaderNumber}) ${tournamentStandings.leaderNumber} as leader, ${tournamentStandings.leaderName} as leader_name,
             ${tournaments.id} as tournament_id, ${tournaments.name} as tournament_name, ${tournaments.day}::text as day, ${tournaments.players} as players,
             ${tournamentStandings.placing} as placing, ${tournamentStandings.wins} as wins, ${tournamentStandings.losses} as losses,
             ${tournamentStandings.ties} as ties, ${tournamentStandings.deckId} as deck_id
      from ${tournamentStandings} join ${tournaments} on ${tournaments.id} = ${tournamentStandings.tournamentId}
      where ${inWindow(window, format)}
      order by ${tournamentStandings.leaderNumber}, ${tournamentStandings.placing}, ${tournaments.day} desc, ${tournaments.id}`),
  ]);
  const lists = rowsOf<BestRow>(best);
  if (!lists.length) return [];
  const deckIds = lists.map((l) => l.deck_id);
  const needed = await db.execute(sql`
    select ${deckCards.deckId} as deck_id, ${cards.cardNumber} as number, sum(${deckCards.quantity})::int as quantity
    from ${deckCards} join ${cards} on ${cards.id} = ${deckCards.cardId}
    where ${inArray(deckCards.deckId, deckIds)}
    group by 1, 2
    union all
    select ${tournamentStandings.deckId}, ${tournamentListGaps.cardNumber}, ${tournamentListGaps.quantity}
    from ${tournamentListGaps} join ${tournamentStandings}
      on ${tournamentStandings.tournamentId} = ${tournamentListGaps.tournamentId} and ${tournamentStandings.placing} = ${tournamentListGaps.placing}
    where ${inArray(tournamentStandings.deckId, deckIds)} and ${tournamentListGaps.section} <> 'leader'`);
  const byDeck = new Map<string, Map<string, number>>(lists.map((l) => [l.deck_id, new Map([[l.leader, 1]])]));
  const pause = createPause();
  for (const row of rowsOf<{ deck_id: string; number: string; quantity: number }>(needed)) {
    await pause();
    const needs = byDeck.get(row.deck_id)!;
    needs.set(row.number, (needs.get(row.number) ?? 0) + row.quantity);
  }
  return lists.map((l) => ({
    leader: { cardNumber: l.leader, name: leaderName(index, l.leader, l.leader_name), cardId: index.baseByNumber.get(`onepiece:${l.leader}`)?.id ?? null },
    list: {
      tournamentId: l.tournament_id,
      tournamentName: l.tournament_name,
      date: l.day,
      placing: l.placing,
      record: { wins: l.wins, losses: l.losses, ties: l.ties },
      deckId: l.deck_id,
      players: l.players,
    },
    needs: byDeck.get(l.deck_id)!,
  }));
}

/** Each Leader's best-placed list of the window and what it needs (cached until the tournaments change). */
export const bestLists = (db: Db, window: Window, format: MetaFormat) => metaCached(db, `best|${window.from}|${window.to}|${format}`, () => computeBestLists(db, window, format));

/**
 * Buildable first, cheapest first: complete prices (no unpriced copy on the split) before incomplete ones, then the
 * split's total, then the list's placing and the Leader's number.
 */
export function compareBuildable(a: BuildableDeck, b: BuildableDeck) {
  return (
    Number(a.split.unpriced > 0) - Number(b.split.unpriced > 0) ||
    a.split.total - b.split.total ||
    a.list.placing - b.list.placing ||
    (a.leader.cardNumber < b.leader.cardNumber ? -1 : a.leader.cardNumber > b.leader.cardNumber ? 1 : 0)
  );
}

export async function buildableLists({
  db,
  user,
  window,
  format,
  currency,
  priceType,
  limit,
  config,
}: {
  db: Db;
  user: { id: string };
  window: Window;
  format: MetaFormat;
  currency: CurrencyCode;
  priceType: PriceType;
  limit: number;
  config: PriceConfig;
}): Promise<BuildableResponse> {
  const [lists, { counts: owned }] = await Promise.all([bestLists(db, window, format), ownedCounts({ db, user })]);
  const short = new Set<string>();
  for (const l of lists) for (const [number, needed] of l.needs) if (needed > (owned[number] ?? 0)) short.add(number);
  // Every number any list lacks, priced once on every market.
  const offers = await offersByNumber({ db, game: 'onepiece', numbers: short, currency, priceType, config });
  const pause = createPause();
  const items: BuildableDeck[] = [];
  for (const l of lists) {
    await pause();
    let total = 0;
    let have = 0;
    const missing: { missing: number; offers: NonNullable<ReturnType<typeof offers.get>> }[] = [];
    for (const [number, needed] of l.needs) {
      const mine = Math.min(needed, owned[number] ?? 0);
      total += needed;
      have += mine;
      if (needed > mine) missing.push({ missing: needed - mine, offers: offers.get(number) ?? [] });
    }
    const { markets, split } = costOf(missing);
    items.push({ leader: l.leader, list: l.list, owned: have, missing: total - have, total, split, markets, demo: missing.some((m) => m.offers.some((o) => o.demo)) });
  }
  items.sort(compareBuildable);
  return { ...window, format, currency, items: items.slice(0, limit) };
}
