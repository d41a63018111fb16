import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { CardTile } from '@/components/card/card-tile';
import { buttonClass } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { DetailState } from '@/components/ui/query-states';
import { queryClient } from '@/lib/query-client';
import { setQueryOptions, useSet } from '@/features/sets/api/get-set';
import { PageTitle } from '@/components/page-title';
import type { SetValue } from '@grandline/core/contracts/sets';
import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { useMemo } from 'react';
import { usePreferences } from '@/lib/preferences';
import { storedPriceParams } from '@/lib/price-params';
import { PriceLine } from '@/cards/components/card-grid';
import { formatDay } from '@/lib/format';
import { isOwnNumber, ownNumberPrefixes, productCode, productParts } from '@grandline/core/set-code';

/** What one copy of every print of the set is worth in the user's marketplace, price type and currency. */
function SetValueSummary({ value }: { value: SetValue }) {
  const { t } = useTranslation('cards');
  const { t: tc } = useTranslation('common');
  const market = marketplaceName(value.market);
  return (
    <div className="flex flex-col items-end gap-0.5 text-right" data-testid="set-value">
      <span className="text-xs text-muted">{t('sets.value', { market, type: tc(`priceTypes.${value.priceType}`) })}</span>
      <span className="text-xl font-bold tabular-nums">{value.pricedPrints ? formatCents(value.total, value.currency) : '—'}</span>
      <span className="text-xs text-muted">
        {t('sets.valuePriced', { priced: value.pricedPrints, total: value.pricedPrints + value.unpricedPrints })}
        {value.estimate ? ` · ${t('sets.valueEstimate')}` : ''}
      </span>
    </div>
  );
}

export function loader({ params }: LoaderFunctionArgs) {
  if (params.slug) void queryClient.prefetchQuery(setQueryOptions(params.slug, storedPriceParams()));
  return null;
}

export function SetDetailPage() {
  const { t } = useTranslation('cards');
  const { slug = '' } = useParams();
  const { marketplace, currency, priceType } = usePreferences();
  const priceParams = useMemo(() => ({ market: marketplace, currency, priceType }), [marketplace, currency, priceType]);
  const { data: set, isPending, error, refetch } = useSet(slug, priceParams);
  // The product's own cards first; prints of other products' numbers (reprints) after, under their own heading.
  const [own, reprints] = useMemo(() => {
    const prefixes = ownNumberPrefixes(set?.code ?? null);
    const cards = set?.cards ?? [];
    return [cards.filter((c) => isOwnNumber(c.cardNumber, prefixes)), cards.filter((c) => !isOwnNumber(c.cardNumber, prefixes))];
  }, [set]);

  const back = (
    <Link to="/sets" className={buttonClass('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t('sets.back')}
    </Link>
  );
  if (error) {
    return (
      <DetailState
        query={{ error, refetch }}
        notFound={{ title: t('errors.setNotFound'), hint: t('errors.setNotFoundHint') }}
        failedTitle={t('errors.loadFailed')}
        back={back}
      />
    );
  }
  return (
    <div>
      {set && <PageTitle title={`${set.code ? `${productCode(set.code)} ` : ''}${set.name}`} />}
      {back}
      {isPending ? (
        <div aria-busy="true">
          <Skeleton className="mb-6 h-10 w-1/2" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-6">
            {Array.from({ length: 12 }, (_, i) => (
              <Skeleton key={i} className="aspect-[600/838]" />
            ))}
          </div>
        </div>
      ) : (
        <>
          <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="font-mono text-sm font-semibold text-accent">{set.code ? productCode(set.code) : t('sets.promo')}</p>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="set-name">
                {set.name}
              </h1>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                <Badge>{t(`sets.kinds.${set.kind}`)}</Badge>
                {set.releaseDate ? (
                  <span>{t('sets.releasedOn', { date: formatDay(set.releaseDate, { dateStyle: 'long' }) })}</span>
                ) : (
                  set.releaseYear && <span>{t('sets.released', { year: set.releaseYear })}</span>
                )}
                <span title={t('sets.countsHint')} data-testid="set-counts">
                  {t('sets.numberCount', { count: set.cardNumbers })} · {t('sets.printCount', { count: set.size })}
                </span>
              </div>
              {set.code && productParts(set.code).length > 1 && (
                <p className="mt-2 text-sm text-muted" data-testid="set-combined">
                  {t('sets.combined', { first: productParts(set.code)[0], second: productParts(set.code)[1] })}
                </p>
              )}
            </div>
            <div className="flex flex-wrap items-end gap-4">
              {set.value && <SetValueSummary value={set.value} />}
              <Link to={`/cards?set=${set.slug}`} className={buttonClass('secondary')}>
                {t('sets.openInLibrary')}
              </Link>
            </div>
          </div>
          {set.value?.demo && (
            <p className="mb-4 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm" data-testid="demo-prices-notice">
              {t('demoPrices')}
            </p>
          )}
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6" data-testid="set-cards">
            {own.map((card, i) => (
              <CardTile key={card.id} card={card} eager={i < 6} price={<PriceLine prices={set.prices} cardId={card.id} params={priceParams} />} />
            ))}
          </ul>
          {reprints.length > 0 && (
            <section className="mt-10" aria-labelledby="set-reprints">
              <h2 id="set-reprints" className="text-lg font-semibold">
                {t('sets.reprints', { count: reprints.length })}
              </h2>
              <p className="mb-4 mt-0.5 text-sm text-muted">{t('sets.reprintsHint')}</p>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6" data-testid="set-reprints">
                {reprints.map((card) => (
                  <CardTile key={card.id} card={card} price={<PriceLine prices={set.prices} cardId={card.id} params={priceParams} />} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
