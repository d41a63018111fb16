import { SignUpForm } from '@grandline/core/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { withCommonPasswordCheck } from './password-check';

const resolver = withCommonPasswordCheck(zodResolver(SignUpForm), 'password', (v) => v.email);
const resolve = (values: { email: string; password: string; confirmPassword: string }) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('withCommonPasswordCheck', () => {
  it('refuses a common password before submit, with the shared message key', async () => {
    const result = await resolve({ email: 'nami@example.com', password: 'Password123', confirmPassword: 'Password123' });
    expect(result.errors.password?.message).toBe('validation.passwordCommon');
    expect(result.values).toEqual({});
  });

  it('keeps the contract’s own message when the password breaks the composition rules', async () => {
    const result = await resolve({ email: 'nami@example.com', password: 'password', confirmPassword: 'password' });
    expect(result.errors.password?.message).toBe('validation.passwordUppercase');
  });

  it('uses the e-mail address as the server does, and lets a strong password through', async () => {
    const own = await resolve({ email: 'zorojuro@example.com', password: 'Zorojuro123', confirmPassword: 'Zorojuro123' });
    expect(own.errors.password?.message).toBe('validation.passwordCommon');
    const strong = await resolve({ email: 'nami@example.com', password: 'Thousand-Sunny-7', confirmPassword: 'Thousand-Sunny-7' });
    expect(strong.errors).toEqual({});
    expect(strong.values).toMatchObject({ email: 'nami@example.com', password: 'Thousand-Sunny-7' });
  });

  it('adds the error next to other fields’ errors', async () => {
    const result = await resolve({ email: 'nami@example.com', password: 'Qwerty123', confirmPassword: 'other' });
    expect(result.errors.password?.message).toBe('validation.passwordCommon');
    expect(result.errors.confirmPassword?.message).toBe('validation.passwordsMismatch');
  });
});
