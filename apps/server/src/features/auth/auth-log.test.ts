/**
 * The auth library's log lines: a client's mistakes (texts the library logs at error level, e.g. from its origin
 * check) are info lines, at most CLIENT_MISTAKES_PER_MINUTE a minute per kind; real errors stay errors.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { authLibraryLogger, CLIENT_MISTAKES_PER_MINUTE } from './auth-log';

function capture() {
  const lines: { level: number; msg: string; dropped?: number }[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { log: createLogger('debug', out), lines };
}
const INFO = 30;
const ERROR = 50;

describe('auth library logger', () => {
  it('logs a client mistake at info level, at most 10 a minute per kind, then says how many it left out', async () => {
    const { log, lines } = capture();
    let t = 0;
    const logger = authLibraryLogger(log, () => t);
    for (let i = 0; i < 50; i++) logger.log('error', `Invalid callbackURL: https://evil-${i}.example/`);
    logger.log('error', 'Email is the same');
    await new Promise((r) => setImmediate(r));
    expect(lines.filter((l) => l.msg.startsWith('Invalid callbackURL'))).toHaveLength(CLIENT_MISTAKES_PER_MINUTE);
    expect(lines.every((l) => l.level === INFO)).toBe(true);
    expect(lines.some((l) => l.msg === 'Email is the same')).toBe(true);
    t = 61_000;
    logger.log('error', 'Invalid callbackURL: https://again.example/');
    await new Promise((r) => setImmediate(r));
    expect(lines.find((l) => l.dropped !== undefined)).toMatchObject({ level: INFO, dropped: 40 });
    expect(lines.at(-1)).toMatchObject({ level: INFO, msg: 'Invalid callbackURL: https://again.example/' });
  });

  it('keeps real failures at error level', async () => {
    const { log, lines } = capture();
    const logger = authLibraryLogger(log);
    logger.log('error', 'Failed to create session');
    logger.log('error', 'INTERNAL_SERVER_ERROR', new Error('connection refused'));
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [ERROR, 'Failed to create session'],
      [ERROR, 'INTERNAL_SERVER_ERROR'],
    ]);
  });
});
