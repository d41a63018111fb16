import { describe, expect, it } from 'vitest';
import { createLogger, MAX_LOG_TEXT, redactPath } from './logger';

describe('log lines', () => {
  it('stay small when they carry user input: long strings are cut, in fields, errors and the message', () => {
    const lines: string[] = [];
    const log = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const email = `${'a'.repeat(1024 * 1024)}@example.com`;
    const err = Object.assign(new Error(`Failed query: select … where email = $1`), { params: [email], cause: new Error(email) });
    log.error({ err, path: `/api/${email}`, args: [email, { email }] }, `Invalid callbackURL: ${email}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(30 * MAX_LOG_TEXT);
    const line = JSON.parse(lines[0]!) as { msg: string; err: { message: string; params: string[] }; path: string };
    expect(line.msg).toMatch(/^Invalid callbackURL: a+… \(\d+ more characters\)$/);
    expect(line.err.message).toContain('Failed query');
    expect(line.err.params[0]!.length).toBeLessThan(MAX_LOG_TEXT + 50);
    expect(line.path.length).toBeLessThan(MAX_LOG_TEXT + 50);
  });

  it('never show the one-time token of a password-reset link in a request path', () => {
    const lines: string[] = [];
    const log = createLogger('debug', { write: (line: string) => void lines.push(line) });
    log.debug({ method: 'GET', path: '/api/auth/reset-password/Abc123SecretToken', status: 302 }, 'request');
    log.error({ path: '/api/auth/reset-password/Abc123SecretToken/' }, 'unhandled error');
    expect(lines.join('')).not.toContain('Abc123SecretToken');
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/api/auth/reset-password/[redacted]', status: 302 });
    expect(redactPath('/api/cards/12')).toBe('/api/cards/12');
  });
});
