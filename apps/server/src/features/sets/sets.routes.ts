import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { SetDetailQuery, SetDetailResponse, SetListResponse, SetSlugParam } from '@grandline/core/contracts/sets';
import { createRouter, jsonContent } from '../../lib/openapi';
import { getSet, listSets } from './sets.service';

export const setsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/sets',
      tags: ['sets'],
      summary: 'All sets and products of the game',
      responses: { 200: jsonContent(SetListResponse, 'Sets, newest boosters first') },
    }),
    async (c) => c.json(await listSets({ db: c.var.deps.db }), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/sets/{slug}',
      tags: ['sets'],
      summary: 'One set with its cards',
      request: { params: SetSlugParam, query: SetDetailQuery },
      responses: {
        200: jsonContent(SetDetailResponse, 'The set and its prints'),
        400: jsonContent(ErrorResponse, 'Unknown market, price type or currency'),
        404: jsonContent(ErrorResponse, 'No set with this slug'),
      },
    }),
    async (c) => {
      const { market, priceType, currency } = c.req.valid('query');
      const { deps } = c.var;
      return c.json(await getSet({ db: deps.db, slug: c.req.valid('param').slug, value: market ? { market, priceType, currency, config: deps.config.prices } : undefined }), 200);
    },
  );
