import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchEdition } from './liga-editions';

const ours = new Set(['OP-01', 'OP-05', 'ST-01', 'ST-14', 'EB-01', 'PRB-01', 'OP-09']);

describe('matchEdition', () => {
  it('maps Liga main editions onto our set codes exactly', () => {
    expect(matchEdition('OP-01', ours)).toEqual({ kind: 'set', setCode: 'OP-01' });
    expect(matchEdition('ST14', ours)).toEqual({ kind: 'set', setCode: 'ST-14' });
    expect(matchEdition('EB01', ours)).toEqual({ kind: 'set', setCode: 'EB-01' });
    expect(matchEdition('PRB', ours)).toEqual({ kind: 'set', setCode: 'PRB-01' });
    expect(matchEdition(' op-05 ', ours)).toEqual({ kind: 'set', setCode: 'OP-05' });
  });
  it('accepts our own codes as written', () => {
    expect(matchEdition('EB-01', ours)).toEqual({ kind: 'set', setCode: 'EB-01' });
  });
  it('reads auxiliary editions (reprints, pre-releases) as any set', () => {
    expect(matchEdition('OP-09-2', ours)).toEqual({ kind: 'any' });
    expect(matchEdition('OP-15-RE', ours)).toEqual({ kind: 'any' });
  });
  it('does not guess: near codes and editions missing from our library are not found', () => {
    expect(matchEdition('OP01', ours)).toEqual({ kind: 'unknown' });
    expect(matchEdition('OP-1', ours)).toEqual({ kind: 'unknown' });
    expect(matchEdition('XX-99', ours)).toEqual({ kind: 'unknown' });
    expect(matchEdition('OP-16', ours)).toEqual({ kind: 'unknown' });
  });
  it('knows every edition of the real Liga list', () => {
    // Liga's real edition list (see fixtures/README.md for where it comes from).
    const editions = JSON.parse(readFileSync(new URL('./fixtures/liga_one_piece_editions.json', import.meta.url), 'utf8')) as { acronym: string }[];
    expect(editions.length).toBeGreaterThan(70);
    const all = new Set([...editions.map((e) => e.acronym.replace(/^(OP|ST|EB)-?(\d+)$/, (_m, p: string, n: string) => `${p}-${n.padStart(2, '0')}`))]);
    for (const e of editions) expect(matchEdition(e.acronym, all).kind, e.acronym).not.toBe('unknown');
  });
});
