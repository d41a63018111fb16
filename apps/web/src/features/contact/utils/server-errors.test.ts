import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { contactFailure } from './server-errors';

describe('contactFailure', () => {
  it('gives the fields a 400 named, the first message of each', () => {
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Invalid parameter "email": E-mail is required', [
      { path: 'email', message: 'E-mail is required' },
      { path: 'email', message: 'Invalid e-mail address' },
      { path: 'message', message: 'Message must be at most 5,000 characters' },
      { path: 'website', message: 'Too long' },
    ]);
    expect(contactFailure(err)).toEqual({
      fields: [
        { field: 'email', message: 'E-mail is required' },
        { field: 'message', message: 'Message must be at most 5,000 characters' },
      ],
      rateLimited: false,
    });
  });

  it('tells the hourly limit from other failures', () => {
    expect(contactFailure(new ApiError(429, 'RATE_LIMITED', 'Too many'))).toEqual({ fields: [], rateLimited: true });
    expect(contactFailure(new ApiError(500, 'INTERNAL_ERROR', 'Oops'))).toEqual({ fields: [], rateLimited: false });
    expect(contactFailure(new TypeError('Failed to fetch'))).toEqual({ fields: [], rateLimited: false });
  });
});
