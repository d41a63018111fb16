import i18next from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText, validationText } from '@/lib/error-text';

/** 'Error posting comment' (spec §8): a failure the server did not explain. */
const POST_FAILED_KEY = 'comments:form.postFailed';

/**
 * What to tell the author when posting failed, in their language: the rule the server named ('Invalid comment'),
 * the server's error by its code for what the user can act on (429 too many, 403 terms, 404 the item went private…),
 * else 'Error posting comment'.
 */
export function postFailureText(err: unknown): string {
  if (err instanceof ApiError && err.code === 'VALIDATION_ERROR') return validationText(err.issues[0]?.message ?? err.message);
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return errorText(err, POST_FAILED_KEY);
  return i18next.t(POST_FAILED_KEY);
}
