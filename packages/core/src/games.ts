export const GAME_CATEGORIES = ['onepiece', 'magic', 'pokemon', 'yugioh'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export interface GameDefinition {
  id: GameCategory;
  name: string;
  hidden: boolean;
}

/** Only One Piece is visible; the others exist so data and routes can name them. */
export const GAMES: readonly GameDefinition[] = [
  { id: 'onepiece', name: 'One Piece Card Game', hidden: false },
  { id: 'magic', name: 'Magic: The Gathering', hidden: true },
  { id: 'pokemon', name: 'Pokémon TCG', hidden: true },
  { id: 'yugioh', name: 'Yu-Gi-Oh!', hidden: true },
];

export const DEFAULT_GAME: GameCategory = 'onepiece';

export const visibleGames = (): GameDefinition[] => GAMES.filter((g) => !g.hidden);

export const isGameCategory = (value: unknown): value is GameCategory =>
  typeof value === 'string' && (GAME_CATEGORIES as readonly string[]).includes(value);

/** One Piece card facets as they appear in the official data. */
export const CARD_TYPES = ['Leader', 'Character', 'Event', 'Stage'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CARD_COLORS = ['Red', 'Green', 'Blue', 'Purple', 'Black', 'Yellow'] as const;
export type CardColor = (typeof CARD_COLORS)[number];

export const CARD_RARITIES = ['L', 'C', 'UC', 'R', 'SR', 'SEC', 'SP CARD', 'P', 'TR'] as const;
export const CARD_ATTRIBUTES = ['Slash', 'Strike', 'Ranged', 'Special', 'Wisdom'] as const;
export const CARD_BLOCKS = ['1', '2', '3', '4', '5', 'X'] as const;

/**
 * Sort orders of the card library. relevance (the default with a search text): exact number, then exact name, then
 * names starting with the text, then names holding every word, then cards that only mention the words; by number within each.
 */
export const CARD_SORTS = ['relevance', 'number', 'name', 'cost', 'power', 'price'] as const;

/** How the library lists prints: one row per card number (its prints counted under it) or every print on its own row. */
export const CARD_PRINT_MODES = ['grouped', 'all'] as const;

/** Kinds of product a set can be, in display order. */
export const SET_KINDS = ['booster', 'extra', 'starter', 'premium', 'promo'] as const;
export type SetKind = (typeof SET_KINDS)[number];
