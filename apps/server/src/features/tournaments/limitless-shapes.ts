import type { TournamentFormat } from '@grandline/core/contracts/tournaments';
import { z } from 'zod';

/*
 * The Limitless TCG API's shapes, as published API clients read them (../shared/data/formats/limitless): a
 * tournament `{id, game, format, name, date, players}` and its standings `{placing, record, decklist, …}`. Read
 * leniently (a field the source adds or leaves out is no error) but bounded: every text, count and list is capped, so
 * a hostile file cannot make the server store or loop over more than a tournament could hold.
 */

/** Most standings read of one tournament (the largest events have a few thousand players). */
export const MAX_STANDINGS = 4096;
/** Most lines read of one list part (a 50-card deck has at most 50 distinct numbers). */
const MAX_LINES = 60;

const text = (max: number) => z.string().trim().max(max);

const Id = z.union([z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/), z.number().int().nonnegative().transform(String)]);

export const LimitlessTournament = z.object({
  id: Id,
  game: z.string().max(20).nullish(),
  format: z.string().max(80).nullish(),
  name: text(200).min(1),
  date: z.string().max(40).refine((d) => Number.isFinite(Date.parse(d))),
  players: z.coerce.number().int().min(0).max(1_000_000).nullish(),
});
export type LimitlessTournament = z.infer<typeof LimitlessTournament>;

const Line = z.object({
  count: z.coerce.number().int().min(1).max(50).default(1),
  set: z.string().trim().max(20).nullish(),
  number: z.union([z.string().trim().min(1).max(20), z.number().int().nonnegative().transform((n) => String(n).padStart(3, '0'))]),
  name: text(200).nullish(),
});
type Line = z.infer<typeof Line>;

const Lines = z.array(Line).max(MAX_LINES).nullish();

const LimitlessDecklist = z.object({
  leader: Line.omit({ count: true }),
  character: Lines,
  event: Lines,
  stage: Lines,
});

const Count = z.coerce.number().int().min(0).max(1000).catch(0);

export const LimitlessStanding = z.object({
  placing: z.coerce.number().int().min(1).max(100_000).nullish().catch(null),
  record: z.object({ wins: Count, losses: Count, ties: Count }).nullish().catch(null),
  // Not an object (absent, null, an error text): no published list.
  decklist: z.unknown(),
});

/** A card number as the library writes it: `OP08` + `051` → `OP08-051`; a full `op08-051` → `OP08-051`. */
function cardNumberOf(line: { set?: string | null; number: string }): string {
  const number = line.number.trim().toUpperCase();
  if (number.includes('-')) return number;
  const set = (line.set ?? '').trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
  return set ? `${set}-${number}` : number;
}

/**
 * `standard` or `extra`: from the source's format field, else from the name ("Extra Regulation …"). "Extra" is a word
 * of its own, whatever separates it (`EXTRA_REGULATION`, `extra-regulation`, `Extra2026`), not part of another word
 * ("Extravaganza").
 */
export function formatOf(tournament: Pick<LimitlessTournament, 'format' | 'name'>): TournamentFormat {
  const said = `${tournament.format ?? ''} ${tournament.name}`;
  return /(?<![a-z])extra(?![a-z])/i.test(said) ? 'extra' : 'standard';
}

export type ListSection = 'leader' | 'character' | 'event' | 'stage';

/** A published list read: its leader and every line, in the source's order, with its section. */
export interface ReadList {
  leader: { cardNumber: string; name: string };
  lines: { cardNumber: string; name: string; count: number; section: Exclude<ListSection, 'leader'> }[];
}

/** The list of a standing, or null when it has none (not published) or it cannot be read. */
export function readDecklist(decklist: unknown): ReadList | null {
  const parsed = LimitlessDecklist.safeParse(decklist);
  if (!parsed.success) return null;
  const { leader, character, event, stage } = parsed.data;
  const lines: ReadList['lines'] = [];
  const add = (section: Exclude<ListSection, 'leader'>, list: Line[] | null | undefined) => {
    for (const line of list ?? []) lines.push({ cardNumber: cardNumberOf(line), name: line.name ?? '', count: line.count, section });
  };
  add('character', character);
  add('event', event);
  add('stage', stage);
  return { leader: { cardNumber: cardNumberOf(leader), name: leader.name ?? '' }, lines };
}
