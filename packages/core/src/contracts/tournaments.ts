import { z } from 'zod';
import { MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';

/*
 * Tournament meta (issue 43): tournaments with published decklists (Limitless, a file import or an admin's upload),
 * what wins (leaders' shares and win rates), the lists that won (each a public deck owned by no user), and what a
 * user would pay to build them from their binders. Players' names, ids and countries are never stored or shown.
 * The read API is fixed by the issue: fields may be added, none renamed.
 */

export const TOURNAMENT_FORMATS = ['standard', 'extra'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
/** What a reader may ask for: one format or both. */
export const META_FORMATS = ['standard', 'extra', 'all'] as const;
export type MetaFormat = (typeof META_FORMATS)[number];

/** The sources a tournament can come from. */
const TOURNAMENT_SOURCES = ['limitless', 'import', 'upload'] as const;
export type TournamentSource = (typeof TOURNAMENT_SOURCES)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
export const Day = z
  .string('validation.dayInvalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dayInvalid')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'validation.dayInvalid');

/** GET /api/tournaments?from&to&format&page&pageSize */
export const TournamentListQuery = z.object({
  from: Day.optional(),
  to: Day.optional(),
  format: z.enum(META_FORMATS, 'validation.metaFormatInvalid').default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TournamentListQuery = z.input<typeof TournamentListQuery>;

export const TournamentSummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The day it was played (YYYY-MM-DD, UTC). */
  date: z.string(),
  players: z.number().int(),
  format: z.enum(TOURNAMENT_FORMATS),
  source: z.enum(TOURNAMENT_SOURCES),
  /** Its page at the source, when it has one. */
  url: z.string().nullable(),
  /** Published lists stored for it. */
  lists: z.number().int(),
});
export type TournamentSummary = z.infer<typeof TournamentSummary>;

export const TournamentListResponse = z.object({ items: z.array(TournamentSummary), total: z.number().int() });
export type TournamentListResponse = z.infer<typeof TournamentListResponse>;

export const MatchRecord = z.object({ wins: z.number().int(), losses: z.number().int(), ties: z.number().int() });
export type MatchRecord = z.infer<typeof MatchRecord>;

export const Standing = z.object({
  placing: z.number().int(),
  record: MatchRecord,
  leader: z.object({ cardNumber: z.string(), name: z.string() }),
  /** The published list: a public deck owned by no user (GET /api/decks/{id}). */
  deckId: z.string(),
  /** Copies of card numbers the library lacks (kept and reported to admins, not in the deck). */
  unmatched: z.number().int(),
});
export type Standing = z.infer<typeof Standing>;

export const TournamentDetail = TournamentSummary.extend({ standings: z.array(Standing) });
export type TournamentDetail = z.infer<typeof TournamentDetail>;

/** GET /api/meta/leaders?from&to&format (default: the last 30 days, standard). */
export const MetaQuery = z.object({
  from: Day.optional(),
  to: Day.optional(),
  format: z.enum(META_FORMATS, 'validation.metaFormatInvalid').default('standard'),
});
export type MetaQuery = z.input<typeof MetaQuery>;

export const MetaLeader = z.object({
  cardNumber: z.string(),
  name: z.string(),
  decks: z.number().int(),
  /** This leader's decks / all decks in the window (0–1). */
  share: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  /** wins / (wins + losses), ties left out; null with no games. */
  winRate: z.number().nullable(),
  /** Best placing in the window. */
  bestPlacing: z.number().int(),
  /** The leader's print in the library (its picture on /meta), null when the library lacks it; optional until the read API fills it. */
  cardId: z.number().int().nullable().optional(),
  /** Decks per ISO week (Monday, YYYY-MM-DD), oldest first, over the window's weeks: the trend. */
  weeks: z.array(z.object({ week: z.string(), decks: z.number().int(), share: z.number() })),
});
export type MetaLeader = z.infer<typeof MetaLeader>;

export const MetaLeadersResponse = z.object({
  from: z.string(),
  to: z.string(),
  format: z.enum(META_FORMATS),
  tournaments: z.number().int(),
  decks: z.number().int(),
  leaders: z.array(MetaLeader),
});
export type MetaLeadersResponse = z.infer<typeof MetaLeadersResponse>;

export const MetaCard = z.object({
  cardNumber: z.string(),
  name: z.string(),
  /** Share of the leader's decks that play the number, any print (0–1). */
  inclusion: z.number(),
  /** Mean copies among the decks that play it. */
  averageCopies: z.number(),
  /** The library's base print of the number (for its picture), null when the library lacks it. */
  cardId: z.number().int().nullable(),
});
export type MetaCard = z.infer<typeof MetaCard>;

export const MetaList = z.object({
  tournamentId: z.string(),
  tournamentName: z.string(),
  date: z.string(),
  placing: z.number().int(),
  record: MatchRecord,
  deckId: z.string(),
  players: z.number().int(),
});
export type MetaList = z.infer<typeof MetaList>;

export const MetaLeaderDetail = z.object({
  cardNumber: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  format: z.enum(META_FORMATS),
  decks: z.number().int(),
  /** The leader's print in the library (its picture), null when the library lacks it. */
  cardId: z.number().int().nullable(),
  cards: z.array(MetaCard),
  /** Its lists by placing (best first), then newest. */
  lists: z.array(MetaList),
});
export type MetaLeaderDetail = z.infer<typeof MetaLeaderDetail>;

export const LeaderNumberParam = z.object({
  cardNumber: z.string().regex(/^[A-Za-z0-9]{1,8}-\d{1,4}$/, 'validation.cardNumberInvalid'),
});

/** GET /api/meta/buildable?from&to&format&currency (signed in). */
export const BuildableQuery = MetaQuery.extend({
  currency: z.enum(CURRENCY_CODES).default('USD'),
  priceType: z.enum(PRICE_TYPES).default('min'),
  /** How many lists to answer (cheapest first). */
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type BuildableQuery = z.input<typeof BuildableQuery>;

export const BuildableDeck = z.object({
  leader: z.object({ cardNumber: z.string(), name: z.string(), cardId: z.number().int().nullable() }),
  list: MetaList,
  /** Copies of the list (leader included) held in the user's Personal and Trade binders, any print of the number. */
  owned: z.number().int(),
  missing: z.number().int(),
  total: z.number().int(),
  /** Each missing number on its cheapest market: the lowest total, and the copies no market prices. */
  split: z.object({ total: z.number().int(), unpriced: z.number().int() }),
  /** Buying every missing copy on one market, cheapest complete one first. */
  markets: z.array(z.object({ market: z.enum(MARKETPLACE_IDS), total: z.number().int(), unpriced: z.number().int() })),
  /** Whether a demo price is in the figures. */
  demo: z.boolean(),
});
export type BuildableDeck = z.infer<typeof BuildableDeck>;

export const BuildableResponse = z.object({
  from: z.string(),
  to: z.string(),
  format: z.enum(META_FORMATS),
  currency: z.enum(CURRENCY_CODES),
  items: z.array(BuildableDeck),
});
export type BuildableResponse = z.infer<typeof BuildableResponse>;

/* Admin: runs, unmatched numbers, format corrections, uploads. */

export const TournamentRunRequest = z.object({ source: z.enum(['limitless'], 'validation.tournamentSourceInvalid') });

/** A run still `running` after this long is from a process that stopped (a source's job times out after 3 hours). */
export const TOURNAMENT_RUN_STALE_MS = 4 * 60 * 60_000;

export const TournamentRun = z.object({
  id: z.number().int(),
  source: z.string(),
  trigger: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  error: z.string().nullable(),
});
export type TournamentRun = z.infer<typeof TournamentRun>;

export const TournamentGap = z.object({
  tournamentId: z.string(),
  tournamentName: z.string(),
  placing: z.number().int(),
  cardNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  section: z.string(),
});
export type TournamentGap = z.infer<typeof TournamentGap>;

/** A stored tournament as the admin corrects it: its format, and whether an admin set it. */
export const TournamentAdminItem = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  players: z.number().int(),
  source: z.enum(TOURNAMENT_SOURCES),
  format: z.enum(TOURNAMENT_FORMATS),
  formatByAdmin: z.boolean(),
  /** Published lists stored for it. */
  lists: z.number().int(),
});
export type TournamentAdminItem = z.infer<typeof TournamentAdminItem>;

/** How many gaps, and newest tournaments, the admin's answer carries. */
export const ADMIN_GAPS_SHOWN = 200;
export const ADMIN_TOURNAMENTS_SHOWN = 50;

/**
 * What /admin → Tournaments shows: the sources configured on this server (empty: none), the last runs, the numbers the
 * library lacks (the first ADMIN_GAPS_SHOWN of `gapsTotal`, newest tournament first) and the newest tournaments.
 */
export const TournamentAdminResponse = z.object({
  sources: z.array(z.string()),
  runs: z.array(TournamentRun),
  gaps: z.array(TournamentGap),
  gapsTotal: z.number().int(),
  tournaments: z.array(TournamentAdminItem),
});
export type TournamentAdminResponse = z.infer<typeof TournamentAdminResponse>;

/** POST /api/admin/tournaments/run: the run started in the background (it shows in the runs). */
export const TournamentRunResponse = z.object({ started: z.literal(true), source: z.literal('limitless') });
export type TournamentRunResponse = z.infer<typeof TournamentRunResponse>;

/** An admin's upload of one tournament: the source's `details` and `standings` documents, as JSON. */
export const TournamentUploadRequest = z.object({ details: z.unknown(), standings: z.unknown() });
export type TournamentUploadRequest = z.infer<typeof TournamentUploadRequest>;

/**
 * A tournament's id as its source writes it (Limitless: 24 hex digits; an import's own ids: letters, digits, - and _),
 * in GET /api/tournaments/{id} and PATCH /api/admin/tournaments/{id}.
 */
export const TournamentIdParam = z.object({ id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'validation.tournamentIdInvalid') });

export const TournamentFormatRequest = z.object({ format: z.enum(TOURNAMENT_FORMATS, 'validation.tournamentFormatInvalid') });

/** What one run or import stored. */
export const TournamentIngestCounts = z.object({
  tournaments: z.number().int(),
  standings: z.number().int(),
  /** Standings without a published decklist or without a placing: not stored. */
  skipped: z.number().int(),
  /** Card numbers (with their copies) the library lacks, kept as gaps. */
  unmatched: z.number().int(),
});
export type TournamentIngestCounts = z.infer<typeof TournamentIngestCounts>;

/** What a run of a source or import did: the ingest's counts, and the tournaments that could not be read. */
export const TournamentRunCounts = TournamentIngestCounts.extend({ failed: z.number().int() });
export type TournamentRunCounts = z.infer<typeof TournamentRunCounts>;

/** POST /api/admin/tournaments/upload: what the upload stored, and its run. */
export const TournamentUploadResponse = TournamentIngestCounts.extend({ tournamentId: z.string(), runId: z.number().int() });
export type TournamentUploadResponse = z.infer<typeof TournamentUploadResponse>;
