import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { axisLabel, percentText, recordText, setCodeOf, sparklinePoints, trendDirection } from './meta-figures';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en', resources: {} });
});

describe('figures', () => {
  it('writes a record as wins-losses-ties', () => {
    expect(recordText({ wins: 5, losses: 1, ties: 0 }, 'en')).toBe('5-1-0');
  });

  it('writes a share or win rate as a percentage, and a missing rate as a dash', () => {
    expect(percentText(0.125, 'en')).toBe('12.5%');
    expect(percentText(0.5, 'pt')).toBe('50%');
    expect(percentText(null, 'en')).toBe('—');
  });

  it('names the set of a card number', () => {
    expect(setCodeOf('OP01-001')).toBe('OP01');
    expect(setCodeOf('P-047')).toBe('P');
    expect(setCodeOf('EB01-012')).toBe('EB01');
  });
});

describe('trend line', () => {
  it('spreads the weeks across the width and scales to the largest week', () => {
    expect(sparklinePoints([0, 2, 4], 100, 20)).toBe('0,18.5 50,10 100,1.5');
  });

  it('scales to the floor when every week is below it', () => {
    expect(sparklinePoints([0.1], 60, 20, 0.2)).toBe('0,10 60,10');
  });

  it('draws nothing without weeks, and a flat line at the bottom when every week is 0', () => {
    expect(sparklinePoints([], 60, 20)).toBe('');
    expect(sparklinePoints([0, 0], 60, 20)).toBe('0,18.5 60,18.5');
  });

  it('says whether the last week rose or fell against the weeks before', () => {
    expect(trendDirection([0.1, 0.1, 0.3])).toBe('up');
    expect(trendDirection([0.3, 0.3, 0.1])).toBe('down');
    expect(trendDirection([0.2, 0.2, 0.21])).toBe('flat');
    expect(trendDirection([0.2])).toBe('flat');
  });
});

describe('the chart\'s axis labels', () => {
  it('names a leader, with its number when another leader shares the name, never breaking a line', () => {
    expect(axisLabel({ name: 'Nami', cardNumber: 'OP11-041' }, false, 24)).toBe('Nami');
    expect(axisLabel({ name: 'Monkey.D.Luffy', cardNumber: 'OP05-060' }, true, 24)).toBe('Monkey.D.Luffy\u00a0OP05-060');
  });

  it('cuts a long name to fit, without a space before the ellipsis', () => {
    expect(axisLabel({ name: 'Donquixote Doflamingo', cardNumber: 'OP01-060' }, false, 13)).toBe('Donquixote\u00a0D…');
    expect(axisLabel({ name: 'Charlotte Katakuri', cardNumber: 'OP03-099' }, false, 13)).toBe('Charlotte\u00a0Ka…');
  });
});
