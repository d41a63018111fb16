import { describe, expect, it } from 'vitest';
import { demoPrice } from './demo';

const luffy = { cardNumber: 'OP01-024', variant: null, rarity: 'SR' };

describe('demo prices', () => {
  it('are the same for the same print, market and day, and move from day to day', () => {
    expect(demoPrice(luffy, 'us', '2026-11-20')).toEqual(demoPrice({ ...luffy }, 'us', '2026-11-20'));
    const days = ['2026-11-01', '2026-11-10', '2026-11-20'].map((d) => demoPrice(luffy, 'us', d)!.avg);
    expect(new Set(days).size).toBe(3);
  });

  it('order min ≤ avg ≤ max, stay positive, and price each market in its currency', () => {
    for (const variant of [null, 'p1', 'r1']) {
      for (const market of ['us', 'market3', 'market4', 'market5'] as const) {
        const price = demoPrice({ ...luffy, variant }, market, '2026-01-15')!;
        expect(price.min).toBeGreaterThan(0);
        expect(price.min).toBeLessThanOrEqual(price.avg);
        expect(price.avg).toBeLessThanOrEqual(price.max);
      }
    }
    expect(demoPrice(luffy, 'market4', '2026-01-15')!.currency).toBe('BRL');
    expect(demoPrice(luffy, 'market5', '2026-01-15')!.currency).toBe('EUR');
  });

  it('has no series of its own for br: the BR price is the estimate from us', () => {
    expect(demoPrice(luffy, 'br', '2026-01-15')).toBeNull();
  });

  it('prices a secret rare above a common of the same day', () => {
    const common = demoPrice({ cardNumber: 'OP01-030', variant: null, rarity: 'C' }, 'us', '2026-03-01')!;
    const secret = demoPrice({ cardNumber: 'OP01-120', variant: null, rarity: 'SEC' }, 'us', '2026-03-01')!;
    expect(secret.avg).toBeGreaterThan(common.avg * 10);
  });
});

describe('demo series', () => {
  it('gives the same figures as demoPrice for every day of the range', async () => {
    const { demoSeries, dayOfNumber, dayNumberOf } = await import('./demo');
    const series = demoSeries(luffy, 'market5', '2026-02-25', 10)!;
    expect(series.points.map((p) => p.date)).toEqual(['2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
    for (const p of series.points) expect(demoPrice(luffy, 'market5', p.date)).toEqual({ currency: 'EUR', min: p.min, avg: p.avg, max: p.max });
    expect(dayOfNumber(dayNumberOf('2024-02-29'))).toBe('2024-02-29');
  });
});
