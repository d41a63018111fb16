/**
 * The fixed choices of binders and their rows, without zod: pages that only list them (the binder page's filters and
 * rows) import this module and never build the contracts' schemas at start-up. contracts/binders.ts re-exports them.
 */
export const BINDER_CATEGORIES = ['personal', 'trade', 'wishlist'] as const;

/** Liga's condition scale, best first (M = mint … D = damaged). */
export const CARD_CONDITIONS = ['M', 'NM', 'SP', 'MP', 'HP', 'D'] as const;
export const CARD_LANGUAGES = ['EN', 'JP', 'PT', 'ES', 'FR', 'IT', 'DE', 'KO', 'ZH'] as const;

export const BINDER_CARD_SORTS = ['number', 'name', 'added', 'quantity', 'rarity', 'cost'] as const;
export const EXPORT_FORMATS = ['liga', 'prices', 'optcgsim'] as const;

/** A binder's id as the server accepts it (zod's z.uuid(): an RFC 9562 UUID of versions 1–8). */
export const BINDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The value history's ranges in days. */
export const VALUE_HISTORY_RANGES = ['30', '90', '365'] as const;
