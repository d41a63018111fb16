import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { BinderValuesResponse, CollectionValueQuery, WishlistCostResponse } from '@grandline/core/contracts/prices';
import { requireUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { valuesOfBinders, wishlistCost } from './portfolio.service';

const badQuery = jsonContent(ErrorResponse, 'Unknown market, price type or currency');
const signedOut = jsonContent(ErrorResponse, 'Not signed in');

/** The figures the collection page and the wishlist show beside the binders: values in the user's market and currency. */
export const collectionValuesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/collection/values',
      tags: ['binders', 'prices'],
      summary: "Each of the user's Personal and Trade binders valued in one market, price type and currency",
      middleware: [requireUser] as const,
      request: { query: CollectionValueQuery },
      responses: { 200: jsonContent(BinderValuesResponse, 'One value per binder'), 400: badQuery, 401: signedOut },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { deps } = c.var;
      return c.json(await valuesOfBinders({ db: deps.db, user: c.var.user, query: c.req.valid('query'), config: deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/wishlist/cost',
      tags: ['binders', 'prices'],
      summary: 'What the wished copies the user does not own yet cost, in one market, price type and currency',
      middleware: [requireUser] as const,
      request: { query: CollectionValueQuery },
      responses: { 200: jsonContent(WishlistCostResponse, 'The cost of the missing copies'), 400: badQuery, 401: signedOut },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { deps } = c.var;
      return c.json(await wishlistCost({ db: deps.db, user: c.var.user, query: c.req.valid('query'), config: deps.config.prices }), 200);
    },
  );
