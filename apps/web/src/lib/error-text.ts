import { VALIDATION_MESSAGES_EN } from '@grandline/core/contracts/messages';
import i18next from 'i18next';
import { ApiError } from './api-client';
import { ACCOUNT_NS } from './i18n';

const KEY_BY_ENGLISH = new Map(Object.entries(VALIDATION_MESSAGES_EN).map(([key, text]) => [text, key]));

/**
 * Where validation messages and error codes are translated: messages shared by several screens in 'account', a
 * feature's own ones in its namespace (binders, decks, cards), which its screens load.
 */
const MESSAGE_NAMESPACES = ['account', 'binders', 'decks', 'cards', 'prices', 'common'] as const;
const namespaceOf = (key: string) => MESSAGE_NAMESPACES.find((ns) => i18next.exists(key, { ns }));

/** A validation message, given as its i18n key (client-side zod) or as its English text (server), in the user's language. */
export function validationText(message: string | undefined): string {
  if (!message) return '';
  const key = message.startsWith('validation.') ? message : KEY_BY_ENGLISH.get(message);
  const ns = key && namespaceOf(key);
  return key && ns ? i18next.t(key, { ns }) : message;
}

/**
 * What the server told about a failed call, in the user's language: a plan's limit, the translation of its error code,
 * else its validation message; null when it explained nothing we can show (an unknown code, a 500's INTERNAL_ERROR,
 * not an API error), where the screen's own text says more.
 */
export function serverErrorText(err: unknown): string | null {
  const locked = planLimitText(err);
  if (locked) return locked;
  if (!(err instanceof ApiError) || err.code === 'INTERNAL_ERROR') return null;
  const key = `errors.codes.${err.code}`;
  const ns = namespaceOf(key);
  if (ns) return i18next.t(key, { ns });
  const issue = err.issues[0]?.message ?? err.message;
  return KEY_BY_ENGLISH.has(issue) ? validationText(issue) : null;
}

/**
 * What to tell the user about a failed call (call it from screens that loaded the 'account' texts and their feature's; a fallback
 * key may name its namespace, e.g. 'pages:admin.roleFailed'): what the server told (serverErrorText), else the given
 * fallback (an i18n key).
 */
export function errorText(err: unknown, fallbackKey = 'errors.codes.INTERNAL_ERROR'): string {
  return serverErrorText(err) ?? i18next.t(fallbackKey, { ns: [...ACCOUNT_NS] });
}

/** Whether a failed call was a plan's limit (403 PLAN_LIMIT): its prompt then links to Settings → Subscription. */
export const isPlanLimit = (err: unknown): err is ApiError => err instanceof ApiError && err.code === 'PLAN_LIMIT';

/**
 * The locked-feature prompt of a plan's limit, in the user's language, with the Free number the server sent
 * (`feature` and `limit` of the error; plans.locked.* in common.json); null for any other error.
 */
export function planLimitText(err: unknown): string | null {
  if (!isPlanLimit(err)) return null;
  const feature = typeof err.details.feature === 'string' ? err.details.feature : '';
  const key = `plans.locked.${feature}`;
  const limit = typeof err.details.limit === 'number' ? err.details.limit : undefined;
  return i18next.t(i18next.exists(key, { ns: 'common' }) ? key : 'plans.locked.generic', { ns: 'common', limit });
}
