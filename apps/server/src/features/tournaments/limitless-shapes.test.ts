import { describe, expect, it } from 'vitest';
import { formatOf } from './limitless-shapes';

describe('formatOf', () => {
  it('reads Extra from the format field or the name, whatever separates the word', () => {
    for (const [format, name] of [
      ['EXTRA', 'Weekly'],
      ['extra', 'Weekly'],
      ['EXTRA_REGULATION', 'Weekly'],
      ['extra-regulation', 'Weekly'],
      [null, 'Extra Regulation Cup'],
      [null, 'Weekly (extra_regulation)'],
    ] as const) {
      expect(formatOf({ format, name }), `${format} / ${name}`).toBe('extra');
    }
  });

  it('reads Standard otherwise, "extra" inside another word included', () => {
    for (const [format, name] of [
      [null, 'Weekly'],
      ['STANDARD', 'Weekly'],
      ['OP15', 'Regional'],
      [null, 'Extravaganza Open'],
      [null, 'Sextra Cup'],
    ] as const) {
      expect(formatOf({ format, name }), `${format} / ${name}`).toBe('standard');
    }
  });
});
