import { commonPasswordIssue, loadPasswordChecker } from '@grandline/core/password';
import { useEffect } from 'react';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';

/**
 * A form's resolver (its zod contract) followed by the common-password rule on one field: the same function the
 * server runs (packages/core/src/password.ts), so the form says "too common" before anything is sent. `emailOf`
 * gives the address when the form has one (sign-up), as the server uses it. When the dictionaries cannot be
 * loaded (offline), the field passes here and the server's answer says it instead.
 */
export function withCommonPasswordCheck<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
  field: keyof T & string,
  emailOf?: (values: T) => string | undefined,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const password: unknown = values[field];
    if (result.errors[field] || typeof password !== 'string' || !password) return result;
    let issue: string | null;
    try {
      issue = await commonPasswordIssue(password, { email: emailOf?.(values) });
    } catch {
      return result;
    }
    if (!issue) return result;
    const errors = { ...result.errors, [field]: { type: 'common', message: issue } } as FieldErrors<T>;
    return { values: {}, errors } as ResolverResult<T, O>;
  };
}

/** Starts loading the password dictionaries (a chunk of their own) when a screen that sets a password opens. */
export function usePasswordCheckPreload(enabled = true) {
  useEffect(() => {
    if (enabled) loadPasswordChecker().catch(() => undefined);
  }, [enabled]);
}
