import { describe, expect, it } from 'vitest';
import { readThreshold } from './watch-dialog';

describe('readThreshold', () => {
  it('reads a threshold as people type it in our locales', () => {
    expect(readThreshold('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(readThreshold('12,50')).toEqual({ ok: true, value: 12.5 });
    expect(readThreshold('R$ 1.234,56')).toEqual({ ok: true, value: 1234.56 });
    expect(readThreshold('0,01')).toEqual({ ok: true, value: 0.01 });
  });

  it('refuses what is not a positive amount (spec §5: Invalid threshold)', () => {
    for (const text of ['', 'abc', '0', '0,001', '-3', '12,5x']) expect(readThreshold(text), text).toEqual({ ok: false, problem: 'thresholdInvalid' });
  });

  it('says when an amount is past the largest threshold, so the message can name it', () => {
    expect(readThreshold('10.000.000')).toEqual({ ok: true, value: 10_000_000 });
    for (const text of ['99999999', '10.000.000,01', '10000001']) expect(readThreshold(text), text).toEqual({ ok: false, problem: 'thresholdTooHigh' });
  });
});
