import { z } from 'zod';

/** Error codes shared by server and client; the client shows t('errors.' + code). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the list ErrorCode is written from
const ERROR_CODES = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'CARD_NOT_FOUND',
  'SET_NOT_FOUND',
  // The search language (issue 42): a query it cannot read; a saved search that is not the user's.
  'QUERY_INVALID',
  'SEARCH_NOT_FOUND',
  // Trades (issue 44): docs/trades.md "Proposals".
  'TRADE_NOT_FOUND',
  'TRADER_NOT_FOUND',
  'TRADE_WITH_SELF',
  'TRADING_NOT_OPEN',
  'TRADE_EMPTY',
  'TRADE_LINE_REPEATED',
  'TRADE_NOT_ENOUGH_COPIES',
  'TRADE_COPIES_MISSING',
  'TRADE_WRONG_PARTY',
  'TRADE_WRONG_STATUS',
  'TRADE_BINDER_INVALID',
  'LEGAL_DOCUMENT_NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TOS_REQUIRED',
  'RATE_LIMITED',
  // One address past MAX_CONNECTIONS_PER_IP; a request body that stopped arriving.
  'TOO_MANY_CONNECTIONS',
  'REQUEST_TIMEOUT',
  'USERNAME_TAKEN',
  // Profiles and follows (issue 18).
  'PROFILE_NOT_FOUND',
  'CANNOT_FOLLOW_SELF',
  'COMMENT_NOT_FOUND',
  'CANNOT_REPORT_OWN_COMMENT',
  'CONTACT_MESSAGE_NOT_FOUND',
  'FORBIDDEN_ORIGIN',
  'DECK_NOT_FOUND',
  'UNKNOWN_FORMAT',
  'INVALID_CARD',
  'BINDER_NOT_FOUND',
  'WISHLIST_EXISTS',
  'NO_FILE',
  'NOT_UTF8',
  'NO_DATA_ROWS',
  'NO_VALID_CARDS',
  'FORMAT_NOT_IMPLEMENTED',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_ROWS',
  'LINE_TOO_LONG',
  'NO_CARDS_TO_EXPORT',
  // Admin prices: runs, uploaded price files and pins.
  'SOURCE_NOT_CONFIGURED',
  'JOB_UNAVAILABLE',
  'RUN_IN_PROGRESS',
  'MISSING_COLUMNS',
  'NOT_JSON',
  'INVALID_PRICE_FILE',
  'PRICE_PRODUCT_NOT_FOUND',
  'PIN_NOT_FOUND',
  'PRODUCT_ALREADY_PINNED',
  'PRINT_ALREADY_PINNED',
  // Admin tournaments: an uploaded document that is not a tournament, a format correction of an unknown one.
  'INVALID_TOURNAMENT',
  'TOURNAMENT_NOT_FOUND',
  // Admin deck rules: banned, restricted and paired cards.
  'REGULATION_NOT_FOUND',
  'REGULATION_EXISTS',
  'REGULATION_ENDED',
  // Tournament meta (issue 43): a tournament id we do not have.
  'TOURNAMENT_NOT_FOUND',
  // Prints added by hand.
  'CARD_EXISTS',
  'CARD_IN_USE',
  // The art an admin linked could not be fetched or read; this server keeps no card images.
  'IMAGE_UNAVAILABLE',
  'IMAGES_NOT_CONFIGURED',
  // Price alerts and plan limits.
  'WATCH_NOT_FOUND',
  'WATCH_EXISTS',
  'PRICE_ALREADY_PAST',
  'PLAN_LIMIT',
  // Price comparison reports.
  'REPORT_NOT_FOUND',
  'REPORT_EMPTY_SCOPE',
  // Billing.
  'BILLING_NOT_CONFIGURED',
  'PLAN_NOT_OFFERED',
  'BILLING_UNAVAILABLE',
  'ALREADY_SUBSCRIBED',
  'NO_SUBSCRIPTION',
  'INVALID_SIGNATURE',
  'FAMILY_FULL',
  'PUSH_NOT_CONFIGURED',
  'ALREADY_IN_FAMILY',
  'FAMILY_INVITE_NOT_FOUND',
  'NOT_IN_FAMILY',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Field-level problems, for validation errors'),
    failures: z
      .array(z.object({ line: z.number(), edition: z.string().nullable(), name: z.string().nullable(), number: z.string().nullable(), reason: z.string(), message: z.string() }))
      .optional()
      .describe('An import with no valid card: the first 1,000 rows and why they failed'),
    failureCount: z.number().int().optional().describe('With failures: how many rows failed in all'),
    line: z.number().int().optional().describe('LINE_TOO_LONG: the line at fault'),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
