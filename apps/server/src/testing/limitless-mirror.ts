import realLists from '../features/decks/fixtures/tournament-decklists.json';
import type { FeedAnswer } from './feed-server';

/*
 * A local Limitless TCG API for tests and the bench (../shared/data/formats/limitless): tournaments listed a page at
 * a time, newest first, and each one's details and standings. The standings' lists are REAL published decklists
 * (features/decks/fixtures/tournament-decklists.json: 38 lists, each with its event, date and source page — Egman
 * Events, Limitless TCG, Spellmana), dealt round-robin; the players' names, ids and countries are invented, so a test
 * can check none of them is stored.
 */

interface RealList {
  id: string;
  event: string;
  date: string;
  leader: string;
  main: [string, number][];
}
/** The published lists the mirror deals (fixtures/tournament-decklists.json). */
export const REAL_LISTS = (realLists as unknown as { decks: RealList[] }).decks;

/** `OP01-005` as Limitless writes it: `{set: 'OP01', number: '005'}` (every third list: the full number in `number`). */
function line(cardNumber: string, fullNumber: boolean) {
  const [set, number] = cardNumber.split('-') as [string, string];
  return fullNumber ? { set: '', number: cardNumber } : { set, number };
}

/** A standing in the Limitless shape, its list a real published one. */
export function limitlessStanding(list: RealList, placing: number, players: number, { fullNumbers = false }: { fullNumbers?: boolean } = {}) {
  const wins = Math.max(0, Math.round(Math.log2(players)) - placing + 1);
  return {
    name: `Invented Player ${placing}`,
    player: `invented-${placing}`,
    country: 'BR',
    placing,
    record: { wins, losses: Math.min(placing - 1, 3), ties: placing % 7 === 0 ? 1 : 0 },
    deck: { id: list.leader.toLowerCase(), name: list.leader },
    decklist: {
      leader: { ...line(list.leader, fullNumbers), name: `Leader ${list.leader}` },
      character: list.main.map(([cardNumber, count]) => ({ count, ...line(cardNumber, fullNumbers), name: `Card ${cardNumber}` })),
      event: [],
      stage: [],
    },
    drop: null,
  };
}

export interface MirrorTournament {
  id: string;
  name: string;
  date: string;
  players: number;
  format: string | null;
  standings: unknown[];
}

/**
 * `count` tournaments of `standings` players each, newest first from `newestDay` (one a day back), their lists dealt
 * round-robin from the real ones. Ids are 24 hex digits, as Limitless's are, starting with `prefix`.
 */
export function mirrorTournaments({ count, standings, newestDay = '2026-07-04', prefix = 'a' }: { count: number; standings: number; newestDay?: string; prefix?: string }): MirrorTournament[] {
  const newest = Date.parse(`${newestDay}T17:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => {
    const id = `${prefix}${i.toString(16)}`.padStart(24, '0');
    const first = REAL_LISTS[(i * standings) % REAL_LISTS.length]!;
    return {
      id,
      name: `${first.event} (mirror ${i + 1})`,
      date: new Date(newest - i * 86_400_000).toISOString(),
      players: standings,
      format: null,
      standings: Array.from({ length: standings }, (_, j) => limitlessStanding(REAL_LISTS[(i * standings + j) % REAL_LISTS.length]!, j + 1, standings, { fullNumbers: (i + j) % 3 === 0 })),
    };
  });
}

/** A tournament as the list and `details` give it (details add the organizer and phases). */
const summary = (t: MirrorTournament) => ({ id: t.id, game: 'OP', format: t.format, name: t.name, date: t.date, players: t.players });

/**
 * The mirror's answers under `base` (default `/api`): `tournaments?game=OP&limit={pageSize}&page={n}` for every page
 * up to the first short or empty one, and `tournaments/{id}/details` and `/standings`.
 */
export function limitlessRoutes(list: MirrorTournament[], { pageSize, base = '/api' }: { pageSize: number; base?: string }): Record<string, FeedAnswer> {
  const routes: Record<string, FeedAnswer> = {};
  for (let page = 1; page <= Math.floor(list.length / pageSize) + 1; page++) {
    routes[`${base}/tournaments?game=OP&limit=${pageSize}&page=${page}`] = { json: list.slice((page - 1) * pageSize, page * pageSize).map(summary) };
  }
  for (const t of list) {
    routes[`${base}/tournaments/${t.id}/details`] = { json: { ...summary(t), organizer: { id: 1, name: 'Mirror Store' }, decklists: true, isPublic: true, isOnline: false, phases: [] } };
    routes[`${base}/tournaments/${t.id}/standings`] = { json: t.standings };
  }
  return routes;
}
