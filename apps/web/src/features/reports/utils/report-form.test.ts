import type { PriceComparisonReportParams } from '@grandline/core/contracts/reports';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { failureOf, formOf, newForm, requestOf } from './report-form';

const kept: PriceComparisonReportParams = {
  scope: { binderId: 'b1' },
  reference: 'us',
  compareAgainst: ['market4', 'market5'],
  priceType: 'avg',
  minDifferencePct: null,
  referenceMin: 2.5,
  referenceMax: null,
  currency: 'USD',
  sort: 'totalSaving',
  order: 'desc',
};

describe('the price comparison form (issue 46)', () => {
  it('reopens a kept report as it was asked: an empty minimum difference stays empty, not the default', () => {
    const form = formOf(kept);
    expect(form).toEqual({ scope: 'binder:b1', reference: 'us', compareAgainst: ['market4', 'market5'], priceType: 'avg', minDifferencePct: '', referenceMin: '2.5', referenceMax: '' });
    // And asks the same again.
    const asked = requestOf(form, 'USD');
    expect(asked).toMatchObject({ body: { scope: { binderId: 'b1' }, minDifferencePct: null, referenceMin: 2.5, referenceMax: null } });
    expect(formOf({ ...kept, scope: { deckId: 'd1' } }).scope).toBe('deck:d1');
    expect(formOf({ ...kept, scope: { portfolio: true } }).scope).toBe('portfolio');
  });

  it('starts a new form with every other market and a minimum difference of 0', () => {
    expect(newForm('br', 'min')).toMatchObject({ reference: 'br', minDifferencePct: '0', scope: 'portfolio' });
    expect(newForm('br', 'min').compareAgainst).not.toContain('br');
  });

  it('has no "Limit reached" failure: the Run button says it before a click', () => {
    expect(failureOf(new ApiError(403, 'PLAN_LIMIT', 'Free plan allows 1 report per week. Upgrade to continue.'))).toBeNull();
    expect(failureOf(new ApiError(500, 'INTERNAL', 'x'))).toEqual({ title: 'report.errors.failedTitle', text: 'report.errors.failedText' });
  });
});
