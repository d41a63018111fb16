import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { ProfileUsernameParam } from '@grandline/core/contracts/profiles';
import { TraderResponse, TradingSettings, TradingSettingsRequest } from '@grandline/core/contracts/trades';
import { requireAcceptedTerms, requireUser, sessionUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { getTradingSettings, publicTrader, putTradingSettings } from './trading-settings.service';

const signedOut = jsonContent(ErrorResponse, 'Not signed in');

/** Whether the signed-in user is open to trades (issue 44), with their note and the countries they trade with. */
export const tradingSettingsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/me/trading',
      tags: ['trades'],
      summary: "The user's trading settings (closed until they opt in)",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(TradingSettings, 'Open or not, the note and the countries (empty: any)'), 401: signedOut },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await getTradingSettings(c.var.deps.db, c.var.user.id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/me/trading',
      tags: ['trades'],
      summary: 'Opt in to or out of trades; only open users are matched or receive proposals',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: TradingSettingsRequest } }, required: true } },
      responses: {
        200: jsonContent(TradingSettings, 'The settings as stored'),
        400: jsonContent(ErrorResponse, 'A missing open flag, a note over 280 characters or a malformed country (VALIDATION_ERROR)'),
        401: signedOut,
        403: jsonContent(ErrorResponse, 'The terms are not accepted yet (TOS_REQUIRED)'),
      },
    }),
    async (c) => c.json(await putTradingSettings(c.var.deps.db, c.var.user.id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/traders/{username}',
      tags: ['trades'],
      summary: "A user open to trades, as their public profile shows it: note, countries, and whether I may propose",
      request: { params: ProfileUsernameParam },
      responses: {
        200: jsonContent(TraderResponse, 'Open to trades: the note, the countries (empty: any) and what stands between the viewer and a proposal'),
        400: jsonContent(ErrorResponse, 'A malformed user name (VALIDATION_ERROR)'),
        404: jsonContent(ErrorResponse, 'No such user, or not open to trades: the same answer (TRADER_NOT_FOUND)'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const viewer = await sessionUser(c);
      return c.json(await publicTrader(c.var.deps.db, viewer?.id ?? null, c.req.valid('param').username), 200);
    },
  );
