import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('treats empty variables as not set, so `SMTP_URL=` means "no SMTP"', () => {
    const env = loadEnv({ SMTP_URL: '', DATABASE_URL: '', PORT: '4000' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(4000);
  });

  it('names every invalid variable with its message', () => {
    expect(() => loadEnv({ SMTP_URL: 'mail.example.com', DATABASE_URL: 'mysql://x' })).toThrow(
      /SMTP_URL: SMTP_URL must start with smtp:\/\/ or smtps:\/\/[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*SMTP_URL/,
    );
  });
});
