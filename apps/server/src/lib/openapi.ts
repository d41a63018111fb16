import { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { messageText } from '@grandline/core/contracts/messages';
import type { ZodError } from 'zod';
import type { AppEnv } from './context';
import { errorBody } from './errors';

/** The field-level problems of a failed validation, each once (a value can break several checks with one message). */
export function validationIssues(error: ZodError) {
  const seen = new Set<string>();
  return error.issues
    .map((i) => ({ path: i.path.join('.'), message: messageText(i.message) }))
    .filter((issue) => {
      const key = `${issue.path}\u0000${issue.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Fields whose error the spec words as "Invalid {field}: {message}" (§5: 'Invalid threshold: Please enter a valid positive number'). */
const NAMED_FIELDS = new Set(['threshold']);
/** Fields whose message names the problem itself (the report's 'Missing reference: …', spec §8): said as it is. */
const VERBATIM_FIELDS = new Set(['scope', 'reference', 'compareAgainst']);

/** A router whose zod validation failures become 400 { error: { code, message, issues } }. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = validationIssues(result.error);
        const first = issues[0];
        const message = !first
          ? 'Invalid request'
          : VERBATIM_FIELDS.has(first.path.split('.')[0] ?? '')
            ? first.message
            : NAMED_FIELDS.has(first.path)
            ? `Invalid ${first.path}: ${first.message}`
            : `Invalid parameter "${first.path || 'request'}": ${first.message}`;
        return c.json(errorBody('VALIDATION_ERROR', message, { issues }), 400);
      }
      return undefined;
    },
  });
}

export const jsonContent = <T>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** The answers of a route behind requireAdmin to anyone else. */
export const adminDenied = {
  401: jsonContent(ErrorResponse, 'Not signed in'),
  403: jsonContent(ErrorResponse, 'Not an administrator'),
};
