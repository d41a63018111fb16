import { gzipSync } from 'node:zlib';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import {
  BuildableQuery,
  BuildableResponse,
  LeaderNumberParam,
  MetaLeaderDetail,
  MetaLeadersResponse,
  MetaQuery,
  TournamentDetail,
  TournamentIdParam,
  TournamentListQuery,
  TournamentListResponse,
} from '@grandline/core/contracts/tournaments';
import type { MetaLeadersResponse as MetaLeadersBody } from '@grandline/core/contracts/tournaments';
import { requireUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { buildableLists } from './buildable.service';
import { metaLeader, metaLeaders } from './meta.service';
import { resolveWindow } from './meta-window';
import { getTournament, listTournaments } from './tournaments-read.service';

const invalid = jsonContent(ErrorResponse, 'Invalid parameters: a day not written YYYY-MM-DD, an unknown format, "from" after "to", a page size over 100');
const windowText =
  'A window of UTC days, `from` and `to` inclusive (default: the 30 days ending today, UTC; `to` alone: the 30 days ending then; `from` alone: until today). Definitions: docs/tournament-meta.md.';

/** The meta's JSON text, gzipped once for the clients that accept it (the answer is kept with its window's aggregates). */
const gzipped = new WeakMap<object, Buffer>();
function sendJson(c: Context, key: object, json: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding', 'Cache-Control': 'no-cache' };
  if (json.length < 1024 || !/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) return c.body(json, 200, headers);
  let body = gzipped.get(key);
  if (!body) gzipped.set(key, (body = gzipSync(json, { level: 6 })));
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, { ...headers, 'Content-Encoding': 'gzip' });
}

export const metaRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/tournaments',
      tags: ['meta'],
      summary: 'Tournaments with published decklists, newest first (day, then id)',
      description: '`format`: standard, extra or all (default). `from`/`to` (YYYY-MM-DD, inclusive) narrow the days; `pageSize` at most 100 (default 20).',
      request: { query: TournamentListQuery },
      responses: { 200: jsonContent(TournamentListResponse, 'One page of tournaments and how many match'), 400: invalid },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(await listTournaments(c.var.deps.db, c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tournaments/{id}',
      tags: ['meta'],
      summary: 'A tournament and its standings by placing: record, Leader and published list (a public deck owned by no user); no player is named',
      request: { params: TournamentIdParam },
      responses: {
        200: jsonContent(TournamentDetail, 'The tournament and its standings'),
        400: jsonContent(ErrorResponse, 'Not a tournament id'),
        404: jsonContent(ErrorResponse, 'TOURNAMENT_NOT_FOUND: no tournament with this id'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(await getTournament(c.var.deps.db, c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/meta/leaders',
      tags: ['meta'],
      summary: "The Leaders of a window: decks, share, record, win rate, best placing and weekly trend, most played first",
      description: `${windowText} \`format\`: standard (default), extra or all. Sorted by decks, then win rate (none last), then card number. share = the Leader's decks / all decks; winRate = wins / (wins + losses), null with no game.`,
      request: { query: MetaQuery },
      responses: { 200: jsonContent(MetaLeadersResponse, 'The Leaders of the window'), 400: invalid },
    }),
    async (c) => {
      const { from, to, format } = c.req.valid('query');
      const cached = await metaLeaders(c.var.deps.db, resolveWindow({ from, to }), format);
      // Already the contract's JSON text (cached with the window); the cast keeps the route's type.
      return sendJson(c, cached, cached.json) as unknown as ReturnType<typeof c.json<MetaLeadersBody, 200>>;
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/meta/leaders/{cardNumber}',
      tags: ['meta'],
      summary: "A Leader's consensus list (each number's inclusion and average copies) and its lists by placing, then newest",
      description: `${windowText} A valid number with no list in the window answers 200 with decks 0 and empty cards and lists; a malformed number is a 400.`,
      request: { params: LeaderNumberParam, query: MetaQuery },
      responses: { 200: jsonContent(MetaLeaderDetail, "The Leader's consensus and lists"), 400: invalid },
    }),
    async (c) => {
      const { from, to, format } = c.req.valid('query');
      c.header('Cache-Control', 'no-cache');
      return c.json(await metaLeader(c.var.deps.db, resolveWindow({ from, to }), format, c.req.valid('param').cardNumber.toUpperCase()), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/meta/buildable',
      tags: ['meta'],
      summary: "Each Leader's best-placed list of the window against my binders: copies owned and missing, and the cost to complete, cheapest first",
      description: `${windowText} Owned: Personal and Trade binders, any print of a number. Costs in integer hundredths of \`currency\`: split (each number on its cheapest market) and per market. Lists whose split prices every missing copy come first, then by split total.`,
      middleware: [requireUser] as const,
      request: { query: BuildableQuery },
      responses: { 200: jsonContent(BuildableResponse, 'The lists, cheapest to complete first'), 400: invalid, 401: jsonContent(ErrorResponse, 'Not signed in') },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { from, to, format, currency, priceType, limit } = c.req.valid('query');
      const window = resolveWindow({ from, to });
      return c.json(await buildableLists({ db: c.var.deps.db, user: c.var.user, window, format, currency, priceType, limit, config: c.var.deps.config.prices }), 200);
    },
  );
