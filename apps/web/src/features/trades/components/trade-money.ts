import type { CurrencyCode } from '@grandline/core/money/currencies';
import { formatCents } from '@grandline/core/money/money';

/** An amount of a trade in hundredths (the one formatter), or "—" without a price. */
export const tradeMoney = (cents: number | null, currency: CurrencyCode) => (cents === null ? '—' : formatCents(cents, currency));

/** A country's name in the UI language ("BR" → "Brazil"), the code when the browser cannot name it. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
