import { describe, expect, it } from 'vitest';
import { Password } from './contracts/auth';
import { commonPasswordIssue, PASSWORD_COMMON_KEY } from './password';

describe('commonPasswordIssue', () => {
  it('refuses common passwords that pass the composition rules', async () => {
    for (const password of ['Password123', 'Password1', 'Passw0rd1', 'Qwerty123', 'Welcome1', 'Letmein123', 'Iloveyou1', 'Monkey123', 'Abc12345', 'Dragon12']) {
      expect(Password.safeParse(password).success, password).toBe(true);
      expect(await commonPasswordIssue(password), password).toBe(PASSWORD_COMMON_KEY);
    }
  });

  it('refuses passwords made of the site’s name or the user’s e-mail address', async () => {
    expect(await commonPasswordIssue('Grandline123')).toBe(PASSWORD_COMMON_KEY);
    expect(await commonPasswordIssue('Onepiece2024')).toBe(PASSWORD_COMMON_KEY);
    expect(await commonPasswordIssue('Zorojuro123')).toBeNull();
    expect(await commonPasswordIssue('Zorojuro123', { email: 'zorojuro@example.com' })).toBe(PASSWORD_COMMON_KEY);
  });

  it('accepts passwords that are hard to guess', async () => {
    for (const password of ['Thousand-Sunny-7', 'Going-Merry-1999', 'SuperCola1', 'Archaeology1', 'Red-Line-Mariejois-4']) {
      expect(await commonPasswordIssue(password, { email: 'nami@example.com' }), password).toBeNull();
    }
  });

  it('scores a long password quickly, by its first 64 characters', async () => {
    await commonPasswordIssue('warm-up-Password1');
    const started = performance.now();
    expect(await commonPasswordIssue('P@ssw0rd'.repeat(16))).toBe(PASSWORD_COMMON_KEY);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await commonPasswordIssue(`Thousand-Sunny-7-${'a'.repeat(100)}`)).toBeNull();
  });
});
