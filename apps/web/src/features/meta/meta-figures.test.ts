import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { percentText, recordText, setCodeOf, sparklinePoints, trendDirection } from './meta-figures';

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
