import { createRoute, z } from '@hono/zod-openapi';
import { clientAddress } from '../../lib/client-address';
import { createRouter, jsonContent } from '../../lib/openapi';
import { detectCountry } from './geo.service';

const CountryGuessResponse = z.object({ countryCode: z.string().nullable(), source: z.enum(['ip', 'none']) });

export const geoRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/geo/country',
    tags: ['account'],
    summary: "The visitor's country from IP geolocation (null when unknown: the browser falls back to its language region)",
    responses: { 200: jsonContent(CountryGuessResponse, 'The guess') },
  }),
  async (c) => {
    const { config, log } = c.var.deps;
    const ip = clientAddress(c.req.raw, c.env, config.trustProxy);
    c.header('Cache-Control', 'private, max-age=3600');
    return c.json(await detectCountry({ ip, geoipUrl: config.geoipUrl, log }), 200);
  },
);
