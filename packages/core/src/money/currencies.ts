/** The ten currencies of the spec (§3, §9): symbol, flag (emoji and the country/region code of its flag image), display locale. */
export const CURRENCIES = [
  { code: 'USD', country: 'US', symbol: 'US$', flag: '🇺🇸', locale: 'en-US' },
  { code: 'BRL', country: 'BR', symbol: 'R$', flag: '🇧🇷', locale: 'pt-BR' },
  { code: 'EUR', country: 'EU', symbol: '€', flag: '🇪🇺', locale: 'de-DE' },
  { code: 'GBP', country: 'GB', symbol: '£', flag: '🇬🇧', locale: 'en-GB' },
  { code: 'CAD', country: 'CA', symbol: 'CA$', flag: '🇨🇦', locale: 'en-CA' },
  { code: 'MXN', country: 'MX', symbol: 'MX$', flag: '🇲🇽', locale: 'es-MX' },
  { code: 'ARS', country: 'AR', symbol: 'AR$', flag: '🇦🇷', locale: 'es-AR' },
  { code: 'CLP', country: 'CL', symbol: 'CL$', flag: '🇨🇱', locale: 'es-CL' },
  { code: 'COP', country: 'CO', symbol: 'CO$', flag: '🇨🇴', locale: 'es-CO' },
  { code: 'JPY', country: 'JP', symbol: '¥', flag: '🇯🇵', locale: 'ja-JP' },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]];
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export const isCurrencyCode = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && CURRENCY_CODES.includes(value as CurrencyCode);

/** 0 for CLP and ARS, otherwise 2 (spec §9). */
export function fractionDigits(code: CurrencyCode): number {
  return code === 'CLP' || code === 'ARS' ? 0 : 2;
}

export function currencyInfo(code: CurrencyCode) {
  const info = CURRENCIES.find((c) => c.code === code);
  if (!info) throw new Error(`Unknown currency ${code}`);
  return info;
}
