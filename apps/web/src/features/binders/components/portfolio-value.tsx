import type { PortfolioValueResponse } from '@grandline/core/contracts/prices';
import { Library, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { binderKeys } from '@/features/binders/api/binders-api';
import { usePortfolioValue } from '@/features/binders/api/get-portfolio-value';
import { useValueQuery } from '@/features/binders/hooks/use-value-query';
import { barPercents, centsText, hasPrices } from '@/features/binders/utils/value-format';
import { HighlightsSkeleton } from './binder-value-panel';
import { ValueCard } from './binder-value-card';
import { PortfolioValueHistory } from './value-history';
import { MostValuable, Panel, TopMovers } from './value-highlights';

/** Each Personal binder's value as a bar, the most valuable first. */
function BinderValues({ value }: { value: PortfolioValueResponse }) {
  const { t } = useTranslation('binders');
  const binders = [...value.binders].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  const widths = barPercents(binders.map((b) => b.total));
  return (
    <Panel title={t('value.byBinder')} icon={<Library className="h-4 w-4 text-accent" aria-hidden />} testId="portfolio-binder-values">
      <ul className="flex flex-col gap-3">
        {binders.map((b, i) => (
          <li key={b.id} className="flex flex-col gap-1 text-sm" data-testid="portfolio-binder-value">
            <div className="flex items-baseline justify-between gap-3">
              <Link to={`/collection/${b.id}`} className="min-w-0 truncate font-medium hover:underline">
                {b.name}
              </Link>
              <span className="shrink-0 font-semibold tabular-nums">{b.pricedCopies > 0 ? centsText(b.total, value.currency) : '—'}</span>
            </div>
            <span className="h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden>
              <span className="block h-full rounded-full bg-accent" style={{ width: `${widths[i]}%` }} />
            </span>
            <span className="text-xs text-muted">
              {t('value.pricedOf', { count: b.pricedCopies + b.unpricedCopies, priced: b.pricedCopies, total: b.pricedCopies + b.unpricedCopies })}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/**
 * The market value of the Personal binders (Trade binders and the wishlist do not count): the figures with cost
 * basis and gain, each binder's share, the value over time, the most valuable cards and the top movers.
 */
export function PortfolioValue() {
  const { t } = useTranslation('binders');
  const value = usePortfolioValue(useValueQuery());
  const data = value.data;
  return (
    <div className="flex flex-col gap-4" data-testid="portfolio-value">
      <ValueCard value={value} refreshKey={binderKeys.portfolioValues()} showCostBasis testId="portfolio-value-card" />
      {value.isPending ? (
        <HighlightsSkeleton />
      ) : !data ? null : !hasPrices(data) ? (
        <EmptyState icon={<Wallet className="h-10 w-10" aria-hidden />} title={t('value.noPricesTitle')}>
          {t('value.noPricesPortfolio')}
        </EmptyState>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <BinderValues value={data} />
            <PortfolioValueHistory />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <MostValuable value={data} />
            <TopMovers value={data} />
          </div>
        </>
      )}
    </div>
  );
}
