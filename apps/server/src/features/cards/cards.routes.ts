import { createRoute } from '@hono/zod-openapi';
import { CardDetailResponse, CardFacetsResponse, CardIdParam, CardListResponse, CardsQuery } from '@grandline/core/contracts/cards';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { createRouter, jsonContent } from '../../lib/openapi';
import { getCard, getCardFacets, searchCardsBody } from './cards.service';
import type { CardListResponse as CardListBody } from '@grandline/core/contracts/cards';

export const cardsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/cards',
      tags: ['cards'],
      summary: 'Search the card library',
      request: { query: CardsQuery },
      responses: {
        200: jsonContent(CardListResponse, 'A page of matching cards'),
        400: jsonContent(ErrorResponse, 'Invalid query parameters'),
      },
    }),
    async (c) => {
      const gzip = /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');
      const { body, gzipped } = await searchCardsBody({ db: c.var.deps.db, query: c.req.valid('query'), gzip });
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
      if (gzipped) headers['Content-Encoding'] = 'gzip';
      // The cached body is already the contract's JSON (see searchCardsBody); the cast keeps the route typed.
      const payload = typeof body === 'string' ? body : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      return c.body(payload as unknown as string, 200, headers) as unknown as ReturnType<typeof c.json<CardListBody, 200>>;
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
  );
