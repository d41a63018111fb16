import { describe, expect, it } from 'vitest';
import { BinderRowForm } from './binders';

const form = (purchasePrice: string, purchaseCurrency: string) => BinderRowForm.safeParse({ quantity: '1', condition: '', language: '', purchasePrice, purchaseCurrency });
const priceMessage = (purchasePrice: string, purchaseCurrency: string) => {
  const result = form(purchasePrice, purchaseCurrency);
  return result.success ? null : result.error.issues.find((i) => i.path[0] === 'purchasePrice')?.message;
};

describe('BinderRowForm', () => {
  it('takes a price as typed in any of our locales, or none', () => {
    for (const [text, currency] of [['12,50', 'BRL'], ['1,234.56', 'USD'], ['1.500', 'CLP'], ['¥1500', 'JPY'], ['', 'EUR'], ['  ', 'USD']]) expect(priceMessage(text!, currency!), text).toBeNull();
  });

  it('says which problem a price has: not a price, or more decimals than its currency', () => {
    expect(priceMessage('abc', 'USD')).toBe('validation.priceInvalid');
    expect(priceMessage('-3', 'USD')).toBe('validation.priceInvalid');
    expect(priceMessage('12.5', 'JPY')).toBe('validation.priceTooPrecise');
    expect(priceMessage('0,125', 'BRL')).toBe('validation.priceTooPrecise');
  });
});
