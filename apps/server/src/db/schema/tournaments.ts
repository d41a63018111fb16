import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { decks } from './decks';

/**
 * A tournament with published decklists (issue 43): from a tournament source (Limitless), a file import or an admin's
 * upload. `id` is the source's own id, so the same tournament read twice (fetched, then imported) is one row. Players'
 * names, ids and countries are never stored: a tournament is its name, day, size and format.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: text('id').primaryKey(),
    /** Where it came from: `limitless`, `import` (the command) or `upload` (an admin's upload). */
    source: text('source').notNull(),
    name: text('name').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    players: integer('players').notNull().default(0),
    /** `standard` or `extra`: read from the source's format or name, or set by an admin (`formatByAdmin`). */
    format: text('format').notNull(),
    formatByAdmin: boolean('format_by_admin').notNull().default(false),
    /** The tournament's public page at its source, when it has one. */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tournaments_day_idx').on(t.day, t.id), check('tournaments_format', sql`${t.format} in ('standard', 'extra')`)],
);

/**
 * One placed player's published list: placing, record and the list, kept as a public deck owned by no user
 * (`decks.user_id` null). Idempotent on (tournament, placing): a second read of a tournament adds only the placings it
 * lacks. The Leader's number is kept here too, so that a Leader we lack still counts in the meta.
 */
export const tournamentStandings = pgTable(
  'tournament_standings',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    placing: integer('placing').notNull(),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    ties: integer('ties').notNull().default(0),
    leaderNumber: text('leader_number').notNull(),
    leaderName: text('leader_name').notNull(),
    deckId: text('deck_id')
      .notNull()
      .references(() => decks.id),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.placing] }),
    index('tournament_standings_leader_idx').on(t.leaderNumber),
    index('tournament_standings_deck_idx').on(t.deckId),
    check('tournament_standings_placing', sql`${t.placing} > 0`),
    check('tournament_standings_record', sql`${t.wins} >= 0 and ${t.losses} >= 0 and ${t.ties} >= 0`),
  ],
);

/**
 * The card numbers of a published list that the library lacks (a new set not yet imported, a typo at the source):
 * kept, with the name and copies the source gave, and listed to admins; never dropped silently.
 */
export const tournamentListGaps = pgTable(
  'tournament_list_gaps',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    placing: integer('placing').notNull(),
    cardNumber: text('card_number').notNull(),
    name: text('name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** `leader`, `character`, `event` or `stage`: the part of the list it was in. */
    section: text('section').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.placing, t.cardNumber] })],
);

/**
 * One run of a tournament source or import, recorded like price runs: what started it, how it ended and what it
 * stored (`counts`: tournaments, standings, lists, skipped, unmatched).
 */
export const tournamentRuns = pgTable(
  'tournament_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
  },
  (t) => [
    index('tournament_runs_source_started_idx').on(t.source, t.startedAt),
    check('tournament_runs_status', sql`${t.status} in ('running', 'succeeded', 'failed')`),
  ],
);

/**
 * What a deck's owner was told about a regulation (issue 43): one row per deck and announcement — a ban, restriction
 * or banned pair (`entry:<regulation id>`) or a rotation's reminder (`rotation:<day>:<days before>`) — so that
 * announcing the same entry again notifies nobody twice.
 */
export const deckRegulationNotices = pgTable(
  'deck_regulation_notices',
  {
    deckId: text('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    notice: text('notice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deckId, t.notice] })],
);
