import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { CreateRegulationRequest, EndRegulationRequest, Regulation, RegulationIdParam, RegulationsQuery, RegulationsResponse } from '@grandline/core/contracts/regulations';
import { requireAdmin } from '../../lib/auth-gate';
import { adminDenied as denied, createRouter, jsonContent } from '../../lib/openapi';
import { announceRegulation } from './regulation-notice-delivery';
import { createRegulation, endRegulation, listRegulations } from './regulations.service';

const invalid = jsonContent(ErrorResponse, 'Invalid input, with the messages');

/** The banned, restricted and paired cards (docs/deck-rules.md): anyone reads them, admins add and end entries. */
export const regulationsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/deck-regulations',
      tags: ['decks'],
      summary: 'Banned cards, restricted cards and banned pairs of a game, in force or not, newest first',
      request: { query: RegulationsQuery },
      responses: { 200: jsonContent(RegulationsResponse, 'Every entry with its period and source'), 400: invalid },
    }),
    async (c) => c.json({ items: await listRegulations({ db: c.var.deps.db, game: c.req.valid('query').game }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/deck-regulations',
      tags: ['admin'],
      summary: 'Every entry of a game with who added and ended it (the history)',
      middleware: [requireAdmin] as const,
      request: { query: RegulationsQuery },
      responses: { 200: jsonContent(RegulationsResponse, 'Every entry'), 400: invalid, ...denied },
    }),
    async (c) => c.json({ items: await listRegulations({ db: c.var.deps.db, game: c.req.valid('query').game, admin: true }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/deck-regulations',
      tags: ['admin'],
      summary: 'Add a banned card, a restricted card or a banned pair from a day, with the announcement’s page',
      middleware: [requireAdmin] as const,
      request: { body: { content: { 'application/json': { schema: CreateRegulationRequest } }, required: true } },
      responses: {
        201: jsonContent(Regulation, 'The entry; decks are judged on it at once, and the owners of the decks it makes illegal are told (deck_regulation)'),
        400: invalid,
        409: jsonContent(ErrorResponse, 'The same entry exists (REGULATION_EXISTS)'),
        ...denied,
      },
    }),
    async (c) => {
      const entry = await createRegulation({ db: c.var.deps.db, events: c.var.deps.events, userId: c.var.user.id, input: c.req.valid('json') });
      await announceRegulation(c.var.deps, entry.id);
      return c.json(entry, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/deck-regulations/{id}/end',
      tags: ['admin'],
      summary: 'End an entry: from the given day on it no longer applies (it stays in the history)',
      middleware: [requireAdmin] as const,
      request: { params: RegulationIdParam, body: { content: { 'application/json': { schema: EndRegulationRequest } }, required: true } },
      responses: {
        200: jsonContent(Regulation, 'The ended entry'),
        400: invalid,
        404: jsonContent(ErrorResponse, 'No such entry (REGULATION_NOT_FOUND)'),
        409: jsonContent(ErrorResponse, 'Already ended (REGULATION_ENDED)'),
        ...denied,
      },
    }),
    async (c) => c.json(await endRegulation({ db: c.var.deps.db, events: c.var.deps.events, userId: c.var.user.id, id: c.req.valid('param').id, until: c.req.valid('json').until }), 200),
  );
