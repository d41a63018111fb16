import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { TradeMatchesQuery, TradeMatchesResponse } from '@grandline/core/contracts/trades';
import { requireUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { tradeMatches } from './trade-matches.service';

/** Who the signed-in user could trade with (issue 44): their Trade binders against my wishlist and mine against theirs. */
export const tradeMatchesRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/trades/matches',
    tags: ['trades'],
    summary: 'Open users whose Trade binders hold prints on my wishlist, or whose wishlist holds prints in my Trade binders',
    middleware: [requireUser] as const,
    request: { query: TradeMatchesQuery },
    responses: {
      200: jsonContent(TradeMatchesResponse, 'At most 100 users, two-sided matches first (items empty, open false, until I opt in)'),
      400: jsonContent(ErrorResponse, 'An unknown currency or market, or a malformed country (VALIDATION_ERROR)'),
      401: jsonContent(ErrorResponse, 'Not signed in'),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'private, no-cache');
    const { deps } = c.var;
    return c.json(await tradeMatches({ db: deps.db, userId: c.var.user.id, query: c.req.valid('query'), config: deps.config.prices }), 200);
  },
);
