import i18next from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/**
 * A failed trade call in the user's language: the trades' own codes (trades.json errors.*), a 404 as "not open to
 * trades or gone" (the server never says which), else what the shared error texts know.
 */
export function tradeErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const side = err.details.side;
    if (err.code === 'TRADE_NOT_ENOUGH_COPIES' && (side === 'give' || side === 'get')) return i18next.t(`errors.notEnough.${side}`, { ns: 'trades' });
    const key = `errors.${err.code}`;
    if (i18next.exists(key, { ns: 'trades' })) return i18next.t(key, { ns: 'trades' });
    if (err.status === 404) return i18next.t('errors.notFound', { ns: 'trades' });
  }
  return errorText(err);
}
