import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import enComments from '@/locales/en/comments.json';
import { initTestI18n } from '@/test/i18n';
import { postFailureText } from './comment-form';

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'comments', enComments);
});

describe('postFailureText', () => {
  it("names the rule the server refused ('Invalid comment'), in the user's language", () => {
    const refused = new ApiError(400, 'VALIDATION_ERROR', 'Invalid comment', [{ path: 'text', message: 'Invalid comment' }]);
    expect(postFailureText(refused)).toBe('Invalid comment');
  });

  it('tells the server’s reason by its code for what the user can act on', () => {
    expect(postFailureText(new ApiError(429, 'RATE_LIMITED', 'Too many requests. Please try again later.'))).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(postFailureText(new ApiError(403, 'TOS_REQUIRED', 'x'))).toBe('Please accept the Terms of Service to continue');
    // The item went private (or was deleted) meanwhile.
    expect(postFailureText(new ApiError(404, 'DECK_NOT_FOUND', "This deck doesn't exist or is private"))).toBe("This deck doesn't exist or is private");
  });

  it("says 'Error posting comment' for anything else: a server failure, no network, an unexplained refusal", () => {
    expect(postFailureText(new ApiError(500, 'INTERNAL_ERROR', 'boom'))).toBe('Error posting comment');
    expect(postFailureText(new ApiError(0, 'NETWORK_ERROR', 'Network error'))).toBe('Error posting comment');
    expect(postFailureText(new ApiError(404, 'SOMETHING_NEW', 'Not a code the app knows'))).toBe('Error posting comment');
    expect(postFailureText(new Error('?'))).toBe('Error posting comment');
  });
});
