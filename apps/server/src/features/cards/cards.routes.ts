import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CardDetailResponse, CardFacetsResponse, CardHoldingsResponse, CardIdParam, CardListResponse, CardsQuery } from '@grandline/core/contracts/cards';
import type { CardListResponse as CardListResponseBody } from '@grandline/core/contracts/cards';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { MAX_QUERY_LENGTH } from '@grandline/core/search/ast';
import { queryNeeds } from '@grandline/core/search/evaluate';
import { requireUser, sessionUser } from '../../lib/auth-gate';
import type { AppEnv } from '../../lib/context';
import { requestLanguage } from '../../lib/mail-text';
import { readSearchQuery } from '../../lib/search-query';
import type { LanguageQuery } from './search-context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { cardHoldings } from './holdings';
import { cachedSearchByQueryString, getCard, getCardFacets, searchCardsBody, type SearchBody } from './cards.service';

const acceptsGzip = (c: Context) => /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');
const rawQueryString = (url: string) => {
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i + 1);
};

function sendSearchBody(c: Context, { body, gzipped }: SearchBody): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  if (gzipped) headers['Content-Encoding'] = 'gzip';
  if (typeof body === 'string') return c.body(body, 200, headers);
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
}

/** `q` read with the search language (400 QUERY_INVALID in the request's language), and the user when it asks about them. */
async function languageQuery(c: Context<AppEnv>, q: string | undefined): Promise<LanguageQuery | undefined> {
  if (!q?.trim()) return undefined;
  const ast = readSearchQuery(q, requestLanguage(c.req.raw.headers));
  const needs = queryNeeds(ast);
  return { ast, needs, user: needs.signedIn ? await sessionUser(c) : null };
}

const router = createRouter();

// A repeated search is answered from the cache before validation and parsing: only query strings that
// were validated once are in it.
router.use('/cards', async (c, next) => {
  if (c.req.method !== 'GET') return next();
  // A `q` over the language's length is the language's 400 QUERY_INVALID (TOO_LONG, in the request's language), not a
  // bare validation error: the same answer as every other query the language cannot read.
  const q = c.req.query('q');
  if (q !== undefined && q.length > MAX_QUERY_LENGTH) readSearchQuery(q, requestLanguage(c.req.raw.headers));
  const hit = await cachedSearchByQueryString(c.var.deps.db, rawQueryString(c.req.url), acceptsGzip(c));
  if (hit) return sendSearchBody(c, hit);
  return next();
});

export const cardsRoutes = router
  .openapi(
    createRoute({
      method: 'get',
      path: '/cards',
      tags: ['cards'],
      summary: 'Search the card library',
      request: { query: CardsQuery },
      responses: {
        200: jsonContent(CardListResponse, 'A page of matching cards'),
        400: jsonContent(ErrorResponse, 'Invalid query parameters, or a `q` the search language cannot read (QUERY_INVALID)'),
        401: jsonContent(ErrorResponse, 'A `q` about your collection or wishlist (is:owned, owned, is:wishlist) while signed out'),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const result = await searchCardsBody({
        db: c.var.deps.db,
        query,
        prices: c.var.deps.config.prices,
        gzip: acceptsGzip(c),
        queryString: rawQueryString(c.req.url),
        language: await languageQuery(c, query.q),
      });
      // The body is already the contract's JSON text (searchCardsBody); the cast keeps the route's type.
      return sendSearchBody(c, result) as unknown as ReturnType<typeof c.json<CardListResponseBody, 200>>;
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/cards/facets',
      tags: ['cards'],
      summary: 'Values available to the card filters (types/subtypes and sets)',
      responses: { 200: jsonContent(CardFacetsResponse, 'Filter values') },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await getCardFacets({ db: c.var.deps.db }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/cards/{id}',
      tags: ['cards'],
      summary: 'One card with its variations (parallels and alternate arts)',
      request: { params: CardIdParam },
      responses: {
        200: jsonContent(CardDetailResponse, 'The card'),
        400: jsonContent(ErrorResponse, 'Malformed id'),
        404: jsonContent(ErrorResponse, 'No card with this id'),
      },
    }),
    async (c) => c.json(await getCard({ db: c.var.deps.db, id: c.req.valid('param').id }), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/cards/{id}/holdings',
      tags: ['cards'],
      summary: "Where you hold the card's number (any print): your decks and binders, with copies",
      middleware: [requireUser] as const,
      request: { params: CardIdParam },
      responses: {
        200: jsonContent(CardHoldingsResponse, 'Your decks and binders holding it'),
        400: jsonContent(ErrorResponse, 'Malformed id'),
        401: jsonContent(ErrorResponse, 'Not signed in'),
        404: jsonContent(ErrorResponse, 'No card with this id'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await cardHoldings({ db: c.var.deps.db, userId: c.var.user.id, cardId: c.req.valid('param').id }), 200);
    },
  );
