import { createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { CompleteTradeRequest, CreateTradeRequest, Trade, TradeIdParam, TradeListResponse } from '@grandline/core/contracts/trades';
import { requireAcceptedTerms, requireUser, sessionPlan } from '../../lib/auth-gate';
import type { AppEnv } from '../../lib/context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { changeTrade, completeTrade } from './trade-steps';
import { createTrade, getTrade, listTrades } from './trades.service';

/* Trade proposals and their steps (issue 44, docs/trades.md "Proposals"). */

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
  403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)'),
};
const notFound = jsonContent(ErrorResponse, 'No trade of yours has this id (TRADE_NOT_FOUND): the same answer for a missing trade, one of other users and an id that is not one');
const stepErrors = {
  401: gate[401],
  403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED), or the other party of the trade must take this step (TRADE_WRONG_PARTY)'),
  404: notFound,
  409: jsonContent(ErrorResponse, "The trade's status does not allow this step (TRADE_WRONG_STATUS, with `status`), or a Trade binder no longer holds a promised copy (TRADE_COPIES_MISSING)"),
};

/**
 * The complete step's body is optional: a client that sends `Content-Type: application/json` with no body at all means
 * no body (`{}`), not malformed JSON. Runs before the body's validator: an empty body loses its Content-Type, and the
 * validator then takes the request as one without a body.
 */
const emptyJsonIsNoBody = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header('content-type') && (await c.req.text()).trim() === '') {
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-type');
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers });
  }
  await next();
});

const step = (action: 'accept' | 'decline' | 'cancel', summary: string) =>
  createRoute({
    method: 'post',
    path: `/trades/{id}/${action}`,
    tags: ['trades'],
    summary,
    middleware: [requireAcceptedTerms] as const,
    request: { params: TradeIdParam },
    responses: { 200: jsonContent(Trade, 'The trade after the step'), ...stepErrors },
  });

export const tradesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/trades',
      tags: ['trades'],
      summary: "The signed-in user's trades, proposed by them or to them, the latest change first",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(TradeListResponse, 'The trades'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await listTrades({ db: c.var.deps.db, user: c.var.user }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/trades',
      tags: ['trades'],
      summary: 'Propose a trade to a user open to trades: what I give and what I get, each line within the giver’s Trade binders',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: CreateTradeRequest } }, required: true } },
      responses: {
        201: jsonContent(Trade, 'The proposed trade'),
        400: jsonContent(
          ErrorResponse,
          'Both sides empty (TRADE_EMPTY), a card twice on one side (TRADE_LINE_REPEATED), an unknown card (INVALID_CARD), more copies than the giver’s Trade binders hold (TRADE_NOT_ENOUGH_COPIES), oneself (TRADE_WITH_SELF), the proposer not open to trades (TRADING_NOT_OPEN), bad input (VALIDATION_ERROR)',
        ),
        401: gate[401],
        403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED), or the plan allows no more open proposals (PLAN_LIMIT: Free has 3)'),
        404: jsonContent(ErrorResponse, 'No user open to trades has this username (TRADER_NOT_FOUND): the same answer for a missing user and one who did not opt in'),
      },
    }),
    async (c) => c.json(await createTrade({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), data: c.req.valid('json'), notices: c.var.deps }), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/trades/{id}',
      tags: ['trades'],
      summary: 'One trade, for its two parties',
      middleware: [requireUser] as const,
      request: { params: TradeIdParam },
      responses: { 200: jsonContent(Trade, 'The trade'), 401: gate[401], 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await getTrade({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id }), 200);
    },
  )
  .openapi(step('accept', 'Accept a proposed trade (its recipient): both Trade binders must still hold the promised copies'), async (c) =>
    c.json(await changeTrade({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, step: 'accept', notices: c.var.deps }), 200),
  )
  .openapi(step('decline', 'Decline a proposed trade (its recipient)'), async (c) => c.json(await changeTrade({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, step: 'decline', notices: c.var.deps }), 200))
  .openapi(step('cancel', 'Cancel a trade before it is completed (its proposer)'), async (c) => c.json(await changeTrade({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, step: 'cancel', notices: c.var.deps }), 200))
  .openapi(
    createRoute({
      method: 'post',
      path: '/trades/{id}/complete',
      tags: ['trades'],
      summary:
        'Mark an accepted trade received (each party, once; again is harmless). The second mark completes it: the copies move out of each giver’s Trade binders into the binder each receiver chose (default: their first Personal binder, created when none), and the receivers’ wishlist wants drop by what arrived — in one transaction, exactly once',
      middleware: [requireAcceptedTerms, emptyJsonIsNoBody] as const,
      request: { params: TradeIdParam, body: { content: { 'application/json': { schema: CompleteTradeRequest } }, required: false } },
      responses: {
        200: jsonContent(Trade, 'The trade after the mark'),
        ...stepErrors,
        400: jsonContent(ErrorResponse, 'A binder that is not one of mine, or the wishlist (TRADE_BINDER_INVALID); bad input (VALIDATION_ERROR)'),
      },
    }),
    async (c) => {
      const body = c.req.header('content-type')?.includes('application/json') ? c.req.valid('json') : {};
      return c.json(await completeTrade({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), id: c.req.valid('param').id, binderId: body.binderId, notices: c.var.deps }), 200);
    },
  );
