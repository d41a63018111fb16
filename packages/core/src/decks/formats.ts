import type { GameCategory } from '../games';
import { ONE_PIECE_REGULATIONS, regulationListOn, type RegulationEntry } from './regulations';

/**
 * Deck formats are data, per game: size, copies, and dated regulations (block rotation; banned, restricted and
 * paired cards in regulations.ts). The next rotation or list update is one more dated entry.
 */
interface BlockRotation {
  /** First day (UTC, YYYY-MM-DD) the rotation applies. */
  effective: string;
  /** Lowest block icon still legal; cards without a numeric block icon (e.g. "X") are not rotated. */
  minBlock: number;
}

export interface DeckFormat {
  id: string;
  game: GameCategory;
  /** Exact number of main-deck cards (min = max for One Piece). */
  minMainDeck: number;
  maxMainDeck: number;
  /** Copies allowed per card number (parallels and alternate arts count together). */
  maxCopies: number;
  rotations: readonly BlockRotation[];
  /** The shipped banned, restricted and paired cards; a server may judge on its own, newer entries instead. */
  regulations: readonly RegulationEntry[];
}

/** Standard rotation: from April 2026 only cards of block icon 2 and later are legal. */
const ONE_PIECE_ROTATIONS: readonly BlockRotation[] = [{ effective: '2026-04-01', minBlock: 2 }];

export const DECK_FORMATS: Readonly<Record<GameCategory, Readonly<Record<string, DeckFormat>>>> = {
  onepiece: {
    standard: { id: 'standard', game: 'onepiece', minMainDeck: 50, maxMainDeck: 50, maxCopies: 4, rotations: ONE_PIECE_ROTATIONS, regulations: ONE_PIECE_REGULATIONS },
    extra: { id: 'extra', game: 'onepiece', minMainDeck: 50, maxMainDeck: 50, maxCopies: 4, rotations: [], regulations: ONE_PIECE_REGULATIONS },
  },
  magic: {},
  pokemon: {},
  yugioh: {},
};

export const ONE_PIECE_FORMATS = ['standard', 'extra'] as const;
export type OnePieceFormat = (typeof ONE_PIECE_FORMATS)[number];
export const DEFAULT_DECK_FORMAT: OnePieceFormat = 'standard';

/** The format, or null when the game has no such format. */
export function deckFormat(game: string, format: string): DeckFormat | null {
  return (DECK_FORMATS as Record<string, Record<string, DeckFormat>>)[game]?.[format] ?? null;
}

const latest = <T extends { effective: string }>(entries: readonly T[], day: string): T | null => {
  let found: T | null = null;
  for (const e of entries) if (e.effective <= day && (!found || e.effective > found.effective)) found = e;
  return found;
};

/**
 * The regulation in force on a day (YYYY-MM-DD): lowest legal block, banned and restricted numbers, banned pairs;
 * `entries` replaces the format's shipped list (a server's current one).
 */
export function regulationOn(format: DeckFormat, day: string, entries: readonly RegulationEntry[] = format.regulations) {
  const rotation = latest(format.rotations, day);
  return { minBlock: rotation?.minBlock ?? null, rotationEffective: rotation?.effective ?? null, ...regulationListOn(entries, day) };
}

const DAY_MS = 86_400_000;
let todayStart = 0;
let todayEnd = 0;
let todayText = '';

/** Today's date in UTC (YYYY-MM-DD); the text is made once per day, not on every call. */
export const today = () => {
  const now = Date.now();
  if (now < todayStart || now >= todayEnd) {
    todayStart = Math.floor(now / DAY_MS) * DAY_MS;
    todayEnd = todayStart + DAY_MS;
    todayText = new Date(todayStart).toISOString().slice(0, 10);
  }
  return todayText;
};
