import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * Tournaments for the meta's browser tests, uploaded as an admin does (POST /api/admin/tournaments/upload, one
 * tournament's `details` and `standings` in the Limitless shapes). The lists are the 38 REAL published decklists of
 * apps/server/src/features/decks/fixtures/tournament-decklists.json (each with its event and source page there),
 * grouped by event into 23 tournaments, as meta-real.test.ts groups them. Three things are made up for the screens,
 * and only here: the days (event n of the newest-first order is played 2n + 1 days ago, so the last 30 days hold
 * the newest 15 events), the players (16 to 40) and the records (the sources published lists, not rounds: a record
 * is derived from the placing). No player's name is sent.
 */

interface FixtureDeck {
  event: string;
  placement: string;
  date: string;
  leader: string;
  main: [string, number][];
}

export interface SeededTournament {
  id: string;
  name: string;
  day: string;
  lists: { placing: number; leader: string }[];
}

const FIXTURE = path.resolve(import.meta.dirname, '../../server/src/features/decks/fixtures/tournament-decklists.json');

/** "1st", "13th" → 1, 13; "Top 4 …" → 4 (the bracket's last place). */
function placingOf(placement: string): number {
  const found = /^(\d+)(?:st|nd|rd|th)\b/.exec(placement) ?? /^Top (\d+)\b/.exec(placement);
  if (!found) throw new Error(`no placing in "${placement}"`);
  return Number(found[1]);
}

const line = (cardNumber: string) => {
  const [set, number] = cardNumber.split('-') as [string, string];
  return { set, number };
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A record for a placing (made up: see above): the winner lost no round, each bracket further down lost one more. */
function recordOf(placing: number) {
  const losses = Math.min(4, Math.ceil(Math.log2(placing)));
  return { wins: 7 - losses, losses, ties: placing % 5 === 0 ? 1 : 0 };
}

/** The fixture's events, newest first, as upload bodies. */
export function realTournaments(): { details: object; standings: object[]; seeded: SeededTournament }[] {
  const decks = (JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { decks: FixtureDeck[] }).decks;
  const events = new Map<string, FixtureDeck[]>();
  for (const deck of decks) events.set(deck.event, [...(events.get(deck.event) ?? []), deck]);
  const newestFirst = [...events].sort(([, a], [, b]) => (a[0]!.date < b[0]!.date ? 1 : a[0]!.date > b[0]!.date ? -1 : 0));
  return newestFirst.map(([event, lists], i) => {
    const id = `e2e-real-${i + 1}`;
    const day = daysAgo(2 * i + 1);
    const standings = lists.map((deck) => {
      const placing = placingOf(deck.placement);
      return {
        placing,
        record: recordOf(placing),
        deck: { id: deck.leader.toLowerCase(), name: deck.leader },
        decklist: { leader: { ...line(deck.leader), name: '' }, character: deck.main.map(([number, count]) => ({ count, ...line(number), name: '' })), event: [], stage: [] },
        drop: null,
      };
    });
    return {
      details: { id, game: 'OP', format: null, name: event, date: `${day}T12:00:00.000Z`, players: 16 + 8 * (i % 4) },
      standings,
      seeded: { id, name: event, day, lists: standings.map((s) => ({ placing: s.placing, leader: deck(s) })) },
    };
  });
}

const deck = (s: { decklist: { leader: { set: string; number: string } } }) => `${s.decklist.leader.set}-${s.decklist.leader.number}`;

/** Uploads every tournament with the page's session (an admin's); a second upload stores nothing new. */
export async function seedTournaments(page: Page): Promise<SeededTournament[]> {
  const all = realTournaments();
  for (const { details, standings } of all) {
    const res = await page.request.post('/api/admin/tournaments/upload', { data: { details, standings } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return all.map((t) => t.seeded);
}
