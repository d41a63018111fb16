import { z } from 'zod';
import { isStorableText, Text } from './common';

/*
 * Saved searches (issue 42, "Saved searches (fixed API)"): a name and a query of the search language
 * (docs/search-language.md). The server reads `q` with the language: a query it cannot read is a 400 QUERY_INVALID
 * with the problem and its position, as GET /api/cards?q= answers; the length limit (500) is the language's.
 */

/** The longest name of a saved search. */
const MAX_SAVED_SEARCH_NAME = 80;

const SavedSearchName = Text(MAX_SAVED_SEARCH_NAME, { tooLong: 'validation.searchNameTooLong', notText: 'validation.searchNameRequired' }).min(
  1,
  'validation.searchNameRequired',
);

export const CreateSavedSearchRequest = z.object({
  name: SavedSearchName,
  /**
   * A query of the search language, kept as sent. Its length is the language's to judge (500: a longer one is
   * QUERY_INVALID like any query it cannot read); the body limit bounds what arrives.
   */
  q: z.string('validation.searchQueryRequired').refine(isStorableText, 'validation.invalidCharacters'),
});
export type CreateSavedSearchRequest = z.infer<typeof CreateSavedSearchRequest>;

export const SavedSearchIdParam = z.object({ id: z.uuid('validation.searchIdInvalid') });

export const SavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  q: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** The user's saved searches, newest first. */
export const SavedSearchListResponse = z.object({ items: z.array(SavedSearch) });
export type SavedSearchListResponse = z.infer<typeof SavedSearchListResponse>;
