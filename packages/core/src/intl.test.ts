import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('cached Intl formatters', () => {
  it('hands out one formatter per locale and options, formatting as a new one would', () => {
    const brl = { style: 'currency', currency: 'BRL' } as const;
    expect(numberFormat('pt-BR', brl)).toBe(numberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));
    expect(numberFormat('pt-BR', brl)).not.toBe(numberFormat('en-US', brl));
    expect(numberFormat('pt-BR', brl).format(1234.5)).toBe(new Intl.NumberFormat('pt-BR', brl).format(1234.5));
    const day = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('es', day).format(Date.UTC(2026, 10, 25))).toBe(new Intl.DateTimeFormat('es', day).format(Date.UTC(2026, 10, 25)));
    expect(dateTimeFormat('es', day)).toBe(dateTimeFormat('es', day));
    expect(relativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });
});
