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

  it('refuses half an S3 configuration (files would stay on one replica), and takes a whole one', () => {
    expect(() => loadEnv({ S3_BUCKET: 'thumbs', S3_ENDPOINT: 'https://s3.example.com' })).toThrow(/S3_BUCKET: S3_BUCKET needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well/);
    expect(() => loadEnv({ S3_BUCKET: 'thumbs', S3_ENDPOINT: 'https://s3.example.com', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_PREFIX: 'no-slash' })).toThrow(/S3_PREFIX must end with \//);
    const env = loadEnv({ S3_BUCKET: 'thumbs', S3_ENDPOINT: 'https://s3.example.com', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    expect([env.S3_BUCKET, env.S3_REGION]).toEqual(['thumbs', 'us-east-1']);
  });
});
