import { VALIDATION_MESSAGES_EN } from '@grandline/core/contracts/messages';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/locales/en/account.json';
import binders from '@/locales/en/binders.json';
import cards from '@/locales/en/cards.json';
import decks from '@/locales/en/decks.json';
import prices from '@/locales/en/prices.json';
import { IMPORT_FAILURE_MESSAGES_EN } from '@grandline/core/contracts/binders';
import { initTestI18n } from '@/test/i18n';
import { ApiError } from './api-client';
import { errorText, serverErrorText, validationText } from './error-text';

beforeAll(async () => {
  await initTestI18n('en');
});

describe('error messages', () => {
  it('shows the exact English texts of the contracts (spec §5)', () => {
    // Shared messages live in 'account', a feature's own in its namespace; each key in exactly one of them.
    const namespaces = [en, binders, decks, cards, prices].map((ns) => ((ns as { validation?: Record<string, string> }).validation ?? {}));
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES_EN)) {
      const found = namespaces.map((v) => v[key.replace('validation.', '')]).filter((t) => t !== undefined);
      expect(found, key).toEqual([text]);
    }
  });

  it("shows an import's failure reasons in the contracts' English (spec §8)", () => {
    expect(binders.import.reasons).toEqual(IMPORT_FAILURE_MESSAGES_EN);
  });

  it('translates an error code, whichever side answered', async () => {
    expect(errorText(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'))).toBe('Invalid login credentials');
    expect(errorText(new ApiError(409, 'USERNAME_TAKEN', 'This user name is already taken'))).toBe('This user name is already taken');
    await initTestI18n('pt');
    expect(errorText(new ApiError(429, 'RATE_LIMITED', 'Too many attempts'))).not.toMatch(/Too many/);
    await initTestI18n('en');
  });

  it("finds a feature's own messages and codes in its namespace, in the user's language", async () => {
    await initTestI18n('pt');
    expect(validationText('Deck name is required')).toBe('O nome do deck é obrigatório');
    expect(validationText('validation.priceTooPrecise')).toBe('Casas decimais demais para esta moeda');
    expect(errorText(new ApiError(400, 'NO_CARDS_TO_EXPORT', 'No cards to export'))).not.toBe('No cards to export');
    expect(errorText(new ApiError(400, 'NO_CARDS_TO_EXPORT', 'No cards to export'))).toBe(i18next.t('errors.codes.NO_CARDS_TO_EXPORT', { ns: 'binders' }));
    await initTestI18n('en');
  });

  it('translates a server validation message back from its English text', async () => {
    await initTestI18n('pt');
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Invalid request', [{ path: 'username', message: 'User name must be at least 3 characters' }]);
    const pt = errorText(err);
    expect(pt).not.toBe('User name must be at least 3 characters');
    expect(pt).toBe(validationText('validation.usernameTooShort'));
    await initTestI18n('en');
  });

  it('falls back to the given message for unknown failures', () => {
    expect(errorText(new Error('boom'), 'account.deleteFailed')).toBe('Failed to delete account');
    expect(errorText(new ApiError(500, 'SOMETHING_NEW', 'x'), 'auth.resendFailed')).toBe('Failed to resend confirmation email');
  });

  it("prefers the screen's own fallback to a 500's generic INTERNAL_ERROR text", () => {
    expect(errorText(new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'), 'auth.resendFailed')).toBe('Failed to resend confirmation email');
    expect(errorText(new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'))).toBe('Something went wrong. Please try again.');
    expect(serverErrorText(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBeNull();
    expect(serverErrorText(new ApiError(409, 'WISHLIST_EXISTS', 'x'))).toBe(binders.errors.codes.WISHLIST_EXISTS);
  });
});
