import { ApiError } from '@/lib/api-client';

const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * What a refused message means for the form: the fields the server named (a 400's issues, their English text, which
 * validationText translates), whether the sender hit the hourly limit (429), or neither (a general failure).
 */
export function contactFailure(err: unknown): { fields: { field: ContactField; message: string }[]; rateLimited: boolean } {
  if (!(err instanceof ApiError)) return { fields: [], rateLimited: false };
  const fields =
    err.code === 'VALIDATION_ERROR'
      ? err.issues.flatMap((issue) => {
          const field = CONTACT_FIELDS.find((f) => f === issue.path);
          return field ? [{ field, message: issue.message }] : [];
        })
      : [];
  // The first issue of a field is the one shown.
  const seen = new Set<ContactField>();
  const first = fields.filter(({ field }) => {
    if (seen.has(field)) return false;
    seen.add(field);
    return true;
  });
  return { fields: first, rateLimited: err.code === 'RATE_LIMITED' };
}
