import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import {
  TournamentAdminItem,
  TournamentAdminResponse,
  TournamentFormatRequest,
  TournamentIdParam,
  TournamentRunRequest,
  TournamentRunResponse,
  TournamentUploadRequest,
  TournamentUploadResponse,
} from '@grandline/core/contracts/tournaments';
import { requireAdmin } from '../../lib/auth-gate';
import { adminDenied as denied, createRouter, jsonContent } from '../../lib/openapi';
import { correctTournamentFormat, startTournamentRunNow, tournamentAdmin, uploadTournament } from './tournament-admin.service';

const invalid = jsonContent(ErrorResponse, 'Invalid body or id (VALIDATION_ERROR)');

/** The tournament sources for admins (docs/tournament-sources.md): runs, run now, one tournament's upload, format corrections. */
export const tournamentAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/tournaments',
      summary: 'The tournament sources configured here, the last runs, the card numbers the library lacks and the newest tournaments',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      responses: { 200: jsonContent(TournamentAdminResponse, 'Sources (empty: none configured), runs newest first, gaps (the first 200 of gapsTotal), the 50 newest tournaments'), ...denied },
    }),
    async (c) => c.json(await tournamentAdmin({ db: c.var.deps.db, config: c.var.deps.config.tournaments }), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/tournaments/run',
      summary: 'Read a tournament source now, in the background (through the job scheduler and its lock)',
      description: 'Answers at once; the run takes minutes (one request at a time, politely) and shows in GET /admin/tournaments.',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { body: { content: { 'application/json': { schema: TournamentRunRequest } }, required: true } },
      responses: {
        202: jsonContent(TournamentRunResponse, 'The run started'),
        400: jsonContent(ErrorResponse, 'SOURCE_NOT_CONFIGURED (not in TOURNAMENT_SOURCES), or an unknown source (VALIDATION_ERROR)'),
        409: jsonContent(ErrorResponse, 'RUN_IN_PROGRESS, or JOB_UNAVAILABLE (this process runs no jobs: JOBS)'),
        ...denied,
      },
    }),
    async (c) => {
      const { deps } = c.var;
      const result = await startTournamentRunNow({ db: deps.db, log: deps.log, config: deps.config.tournaments, runJob: deps.runJob, source: c.req.valid('json').source });
      return c.json(result, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/tournaments/upload',
      summary: 'Store one tournament now: its details and standings documents, in the Limitless API shapes',
      description: 'The body is capped at MAX_UPLOAD_BYTES (413 FILE_TOO_LARGE). Stored as the import and the fetcher store: nothing twice, no player names, ids or countries.',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { body: { content: { 'application/json': { schema: TournamentUploadRequest } }, required: true } },
      responses: {
        200: jsonContent(TournamentUploadResponse, 'What the upload stored (tournaments, standings, skipped, unmatched) and its run'),
        400: jsonContent(ErrorResponse, 'INVALID_TOURNAMENT (the message says what is wrong), or a body that is not JSON (VALIDATION_ERROR)'),
        413: jsonContent(ErrorResponse, 'FILE_TOO_LARGE'),
        ...denied,
      },
    }),
    async (c) => {
      const { deps } = c.var;
      const { details, standings } = c.req.valid('json');
      return c.json(await uploadTournament({ db: deps.db, events: deps.events, log: deps.log, details, standings }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/admin/tournaments/{id}',
      summary: "Correct a tournament's format (standard or extra): the tournament and its published lists",
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { params: TournamentIdParam, body: { content: { 'application/json': { schema: TournamentFormatRequest } }, required: true } },
      responses: {
        200: jsonContent(TournamentAdminItem, 'The tournament, its format set by an admin'),
        400: invalid,
        404: jsonContent(ErrorResponse, 'TOURNAMENT_NOT_FOUND'),
        ...denied,
      },
    }),
    async (c) => {
      const { deps } = c.var;
      return c.json(await correctTournamentFormat({ db: deps.db, events: deps.events, log: deps.log, id: c.req.valid('param').id, format: c.req.valid('json').format }), 200);
    },
  );
