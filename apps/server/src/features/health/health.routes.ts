import { createRoute } from '@hono/zod-openapi';
import { HealthResponse } from '@grandline/core/contracts/health';
import { createRouter, jsonContent } from '../../lib/openapi';

export const healthRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/health',
    tags: ['system'],
    summary: 'Liveness check',
    responses: { 200: jsonContent(HealthResponse, 'The server is up') },
  }),
  (c) => c.json({ status: 'ok' as const }, 200),
);
