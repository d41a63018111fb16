import type { CollectionValue } from '@grandline/core/contracts/prices';
import { marketplaceName } from '@grandline/core/marketplaces';
import { Clock, FlaskConical, Info, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { centsText, hasPrices, percentText, signedCentsText, toneClass, toneOf } from '@/features/binders/utils/value-format';
import { formatNumber } from '@/lib/format';

function Tile({ label, children, caption, className, testId }: { label: string; children: ReactNode; caption?: ReactNode; className?: string; testId?: string }) {
  return (
    <div className={cn('min-w-0 rounded-xl border border-border bg-surface-2/40 p-3 sm:p-4', className)} data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 flex flex-col gap-0.5">
        <span className="text-2xl font-semibold tabular-nums">{children}</span>
        {caption && <span className="text-xs text-muted">{caption}</span>}
      </dd>
    </div>
  );
}

function Notice({ icon, children, tone = 'muted', testId }: { icon: ReactNode; children: ReactNode; tone?: 'accent' | 'muted'; testId: string }) {
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs font-medium',
        tone === 'accent' ? 'border-accent/40 bg-accent/10 text-accent' : 'border-border bg-surface-2 text-muted',
      )}
      data-testid={testId}
    >
      {icon}
      {children}
    </p>
  );
}

/**
 * A value in figures: the total in the chosen market, price type and currency, the copies priced and not, and — for
 * the owner — what the copies with a recorded purchase price cost against what they are worth now. Notices say when
 * the figures are demo prices, include the BR estimate, or are older than 3 days.
 */
export function ValueSummary({ value, showCostBasis }: { value: CollectionValue; showCostBasis: boolean }) {
  const { t, i18n } = useTranslation(['binders', 'common']);
  const currency = value.currency;
  const language = i18n.resolvedLanguage;
  const copies = value.pricedCopies + value.unpricedCopies;
  const market = marketplaceName(value.market);
  const tone = toneOf(value.gain);
  const percent = percentText(value.gainRatio, language);
  const GainIcon = tone === 'down' ? TrendingDown : TrendingUp;
  return (
    <div className="flex flex-col gap-3" data-testid="value-summary">
      <dl className={cn('grid gap-3', showCostBasis && 'sm:grid-cols-2')}>
        <Tile
          label={t('value.total')}
          caption={
            <>
              <span className="block" data-testid="value-copies">
                {t('value.pricedOf', { count: copies, priced: formatNumber(value.pricedCopies), total: formatNumber(copies) })}
                {value.unpricedCopies > 0 && ` · ${t('value.unpriced', { count: value.unpricedCopies })}`}
              </span>
              <span className="block">{t('value.basis', { market, priceType: t(`common:priceTypes.${value.priceType}`) })}</span>
            </>
          }
          testId="value-total"
        >
          {hasPrices(value) ? centsText(value.total, currency) : '—'}
        </Tile>
        {showCostBasis && (
          <Tile
            label={t('value.gain')}
            caption={value.gain === null ? t('value.noCostBasis') : t('value.costBasis', { paid: centsText(value.costBasis, currency), now: centsText(value.costBasisValue, currency) })}
            testId="value-gain"
          >
            {value.gain === null ? (
              '—'
            ) : (
              <span className={cn('inline-flex flex-wrap items-baseline gap-x-1.5', toneClass[tone])} data-tone={tone}>
                {tone !== 'flat' && <GainIcon className="h-5 w-5 self-center" aria-hidden />}
                <span data-testid="value-gain-amount">{signedCentsText(value.gain, currency)}</span>
                {percent && (
                  <span className="text-base font-medium" data-testid="value-gain-percent">
                    {percent}
                  </span>
                )}
              </span>
            )}
          </Tile>
        )}
      </dl>
      {(value.demo || value.estimate || value.stale) && (
        <div className="flex flex-wrap gap-2">
          {value.demo && (
            <Notice icon={<FlaskConical className="h-3.5 w-3.5" aria-hidden />} tone="accent" testId="value-demo">
              {t('value.demo')}
            </Notice>
          )}
          {value.estimate && (
            <Notice icon={<Info className="h-3.5 w-3.5" aria-hidden />} testId="value-estimate">
              {t('value.estimate')}
            </Notice>
          )}
          {value.stale && (
            <Notice icon={<Clock className="h-3.5 w-3.5" aria-hidden />} testId="value-stale">
              {t('value.stale')}
            </Notice>
          )}
        </div>
      )}
    </div>
  );
}
