import { describe, expect, it } from 'vitest';
import { isoWeekStart, monthStart, nextIsoWeekStart, nextMonthStart } from './plans';

const at = (iso: string) => new Date(iso);

describe('plan periods (UTC)', () => {
  it('starts an ISO week on Monday 00:00 UTC', () => {
    // 2026-11-26 is a Thursday; its week began on Monday the 23rd.
    expect(isoWeekStart(at('2026-11-26T15:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekStart(at('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Sunday late is still the week that began six days before.
    expect(isoWeekStart(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextIsoWeekStart(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('crosses month and year ends (ISO week 1 of 2027 begins on Monday 2027-01-04)', () => {
    expect(isoWeekStart(at('2027-01-01T12:00:00Z')).toISOString()).toBe('2026-12-28T00:00:00.000Z');
    expect(nextIsoWeekStart(at('2027-01-03T23:00:00Z')).toISOString()).toBe('2027-01-04T00:00:00.000Z');
  });

  it('is UTC, not the local day: 23:30 on Sunday in São Paulo is already Monday in UTC', () => {
    expect(isoWeekStart(at('2026-11-29T23:30:00-03:00')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('counts calendar months in UTC', () => {
    expect(monthStart(at('2026-12-31T23:59:59Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextMonthStart(at('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStart(at('2027-01-01T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
