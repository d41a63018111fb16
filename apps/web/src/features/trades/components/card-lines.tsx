import type { MatchCard, TradeLine } from '@grandline/core/contracts/trades';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { useTranslation } from 'react-i18next';
import { tradeMoney } from './trade-money';

/** One side's cards: quantity, name, number (and variant), and the value when known. */
export function CardLines({ title, cards, currency, testId }: { title: string; cards: (MatchCard | TradeLine)[]; currency?: CurrencyCode; testId?: string }) {
  const { t } = useTranslation('trades');
  return (
    <div className="min-w-0 flex-1" data-testid={testId}>
      <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h4>
      {cards.length === 0 ? (
        <p className="text-sm text-muted">{t('lines.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {cards.map((c) => (
            <li key={c.cardId} className="flex min-w-0 items-baseline gap-2">
              <span className="shrink-0 tabular-nums text-muted">{c.quantity}×</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{c.name}</span>
                <span className="block truncate text-xs text-muted">
                  {c.cardNumber}
                  {c.variant ? ` · ${c.variant}` : ''}
                </span>
              </span>
              {currency && 'value' in c && <span className="shrink-0 tabular-nums">{tradeMoney(c.value, currency)}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
