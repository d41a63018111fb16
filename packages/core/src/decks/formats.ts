import type { GameCategory } from '../games';

/**
 * Deck formats are data, per game: size, copies, and dated regulations (block rotation, banned and
 * restricted cards). The next rotation or list update is one more dated entry.
 */
export interface BlockRotation {
  /** First day (UTC, YYYY-MM-DD) the rotation applies. */
  effective: string;
  /** Lowest block icon still legal; cards without a numeric block icon (e.g. "X") are not rotated. */
  minBlock: number;
}

export interface CardList {
  /** First day (UTC, YYYY-MM-DD) this list applies; it replaces the previous one entirely. */
  effective: string;
  /** Card numbers that may not be played (0 copies). */
  banned: readonly string[];
  /** Card numbers limited to 1 copy. */
  restricted: readonly string[];
  /** Where the list was published. */
  source: string;
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
  lists: readonly CardList[];
}

/**
 * Bandai's banned/restricted lists for the English-language game, as published on
 * en.onepiece-cardgame.com/rules/restriction. Each entry is the whole list in force from its date.
 */
export const ONE_PIECE_CARD_LISTS: readonly CardList[] = [
  {
    effective: '2024-06-21',
    banned: ['OP05-041'],
    restricted: [],
    source: 'https://en.onepiece-cardgame.com/rules/restriction (notice of 2024-03-15, effective 2024-06-21)',
  },
  {
    effective: '2025-04-01',
    banned: ['OP05-041', 'OP06-086', 'OP07-045'],
    restricted: [],
    source: 'https://en.onepiece-cardgame.com/rules/restriction (effective 2025-04-01)',
  },
];

/** Standard rotation: from April 2026 only cards of block icon 2 and later are legal. */
export const ONE_PIECE_ROTATIONS: readonly BlockRotation[] = [{ effective: '2026-04-01', minBlock: 2 }];

export const DECK_FORMATS: Readonly<Record<GameCategory, Readonly<Record<string, DeckFormat>>>> = {
  onepiece: {
    standard: { id: 'standard', game: 'onepiece', minMainDeck: 50, maxMainDeck: 50, maxCopies: 4, rotations: ONE_PIECE_ROTATIONS, lists: ONE_PIECE_CARD_LISTS },
    extra: { id: 'extra', game: 'onepiece', minMainDeck: 50, maxMainDeck: 50, maxCopies: 4, rotations: [], lists: ONE_PIECE_CARD_LISTS },
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

/** The regulation in force on a day (YYYY-MM-DD): lowest legal block, banned and restricted numbers. */
export function regulationOn(format: DeckFormat, day: string) {
  const rotation = latest(format.rotations, day);
  const list = latest(format.lists, day);
  return {
    minBlock: rotation?.minBlock ?? null,
    rotationEffective: rotation?.effective ?? null,
    banned: new Set(list?.banned ?? []),
    restricted: new Set(list?.restricted ?? []),
  };
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
