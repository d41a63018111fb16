import type { CurrencyCode } from '@grandline/core/money/currencies';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useExchangeRates } from '@/features/prices/api/get-exchange-rates';
import { longDay, rateText } from '@/features/prices/utils/price-format';

/**
 * The header's note beside the currency picker: "US$ 1 = R$ 5.47" (the spec's writing, in every language) at the latest rates, with their date (and whether
 * they are the bundled snapshot) in its title. Nothing for USD, nor before the rates arrive. Its texts load without
 * holding the header back.
 */
export function ExchangeRateNote({ currency, className }: { currency: CurrencyCode; className?: string }) {
  const { t, i18n, ready } = useTranslation('prices', { useSuspense: false });
  const { data } = useExchangeRates();
  const rate = data?.rates[currency];
  if (currency === 'USD' || !data || !rate) return null;
  const language = i18n.resolvedLanguage;
  const date = longDay(data.date, language);
  const title = ready ? (data.source === 'snapshot' ? t('prices:rate.snapshot', { date }) : t('prices:rate.title', { date })) : undefined;
  return (
    <span className={cn('whitespace-nowrap text-xs tabular-nums text-muted', className)} title={title} data-testid="rate-note" data-source={data.source}>
      {rateText(currency, rate)}
      {title && <span className="sr-only"> ({title})</span>}
    </span>
  );
}
