import { messageText } from '@grandline/core/contracts/messages';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { errorBody } from './errors';

/**
 * Defence in depth for every /api request: a NUL character (%00) in the path or the query string is refused
 * with 400 before any route, contract or database sees it (PostgreSQL refuses NUL in text; the contracts refuse
 * it field by field too).
 */
export const refuseNulInUrl = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.url.includes('%00')) {
    return c.json(errorBody('VALIDATION_ERROR', `Invalid request address: ${messageText('validation.invalidCharacters')}`), 400);
  }
  await next();
});
