import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchEdition, setCodeParts } from './liga-editions';

/** Liga lists these special products in its main group; they hold prints of several sets. */
const AUX = new Set(['OP-13-TA', 'LTDS', 'LTDS-Z', 'LTDS-L', 'LTDS-N', 'OP-09-2', 'OP-05-1', 'OPDD', 'OP-AS', 'PC-01']);
const ours = new Set(['OP-01', 'OP-05', 'ST-01', 'ST-14', 'EB-01', 'PRB-01', 'OP-09', 'OP-14-EB04', 'OP-15-EB04']);

describe('matchEdition', () => {
  it('maps Liga main editions onto our set codes exactly', () => {
    expect(matchEdition('OP-01', ours)).toEqual({ kind: 'sets', setCodes: ['OP-01'] });
    expect(matchEdition('ST14', ours)).toEqual({ kind: 'sets', setCodes: ['ST-14'] });
    expect(matchEdition('EB01', ours)).toEqual({ kind: 'sets', setCodes: ['EB-01'] });
    expect(matchEdition('PRB', ours)).toEqual({ kind: 'sets', setCodes: ['PRB-01'] });
    expect(matchEdition(' op-05 ', ours)).toEqual({ kind: 'sets', setCodes: ['OP-05'] });
  });
  it('finds a Liga edition inside our combined products', () => {
    expect(matchEdition('OP-14', ours)).toEqual({ kind: 'sets', setCodes: ['OP-14-EB04'] });
    expect(matchEdition('EB-04', ours)).toEqual({ kind: 'sets', setCodes: ['OP-14-EB04', 'OP-15-EB04'] });
    expect(setCodeParts('OP-14-EB04')).toEqual(['OP14', 'EB04']);
    expect(setCodeParts('PRB-01')).toEqual(['PRB01']);
  });
  it('accepts our own codes as written', () => {
    expect(matchEdition('EB-01', ours)).toEqual({ kind: 'sets', setCodes: ['EB-01'] });
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
    // Our library's codes for the same products: OP-01…OP-16, ST-01…ST-30, EB-01…EB-04, PRB-01, PRB-02.
    const range = (prefix: string, to: number) => Array.from({ length: to }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
    const library = new Set([...range('OP', 16), ...range('ST', 30), ...range('EB', 4), 'PRB-01', 'PRB-02']);
    for (const e of editions as { acronym: string; group: string }[]) {
      const match = matchEdition(e.acronym, library);
      expect(match.kind, e.acronym).toBe(e.group === 'main' && !AUX.has(e.acronym) ? 'sets' : match.kind === 'sets' ? 'sets' : 'any');
    }
  });
});
