import type { MarketPrice } from '@grandline/core/contracts/prices';
import { estimateSourceOf, MARKETPLACES, marketplaceName, marketplaceOf, PRICE_TYPES, type MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { BadgeDollarSign, ExternalLink, FlaskConical, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { usePreferences } from '@/lib/preferences';
import { useCardPrices } from '@/features/prices/api/get-card-prices';
import { longDay, priceText, relativeDay } from '@/features/prices/utils/price-format';

const marketInfo = (id: MarketplaceId) => marketplaceOf(id) ?? MARKETPLACES[0];

/** The framed box every state of the panel sits in, so loading, failure and data take the same place. */
function Frame({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <div className={cn('rounded-xl border border-border bg-surface', className)} data-testid={testId}>
      {children}
    </div>
  );
}

/** A loading, failed or empty panel: icon, title, hint and an optional action, centred in the frame. */
function PanelMessage({ icon, title, hint, action, testId }: { icon?: ReactNode; title: string; hint?: string; action?: ReactNode; testId?: string }) {
  return (
    <Frame className="flex flex-col items-center justify-center gap-2 px-6 py-10 text-center" testId={testId}>
      {icon && <div className="text-muted">{icon}</div>}
      <p className="font-semibold">{title}</p>
      {hint && <p className="max-w-sm text-sm text-muted">{hint}</p>}
      {action}
    </Frame>
  );
}

function DemoNotice({ className }: { className?: string }) {
  const { t } = useTranslation('prices');
  return (
    <div role="note" className={cn('flex items-start gap-2.5 rounded-lg border border-accent/40 bg-accent/10 px-3 py-2.5 text-sm', className)} data-testid="demo-notice">
      <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
      <div>
        <p className="font-semibold">{t('demo.notice')}</p>
        <p className="text-xs text-muted">{t('demo.hint')}</p>
      </div>
    </div>
  );
}

function EstimateBadge() {
  const { t } = useTranslation('prices');
  return (
    <Tooltip content={t('badges.estimateHint')}>
      <button
        type="button"
        className="inline-flex cursor-help items-center gap-1 rounded-md border border-border bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-fg"
        data-testid="estimate-badge"
      >
        {t('badges.estimate')}
        <Info className="h-3 w-3 text-muted" aria-hidden />
        <span className="sr-only">{t('badges.estimateHint')}</span>
      </button>
    </Tooltip>
  );
}

/** "today" with the full date in its title, and the stale badge when the price is more than 3 days old. */
function Updated({ price }: { price: MarketPrice }) {
  const { t, i18n } = useTranslation('prices');
  const language = i18n.resolvedLanguage;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <time dateTime={price.date} title={t('table.updatedOn', { date: longDay(price.date, language) })}>
        {relativeDay(price.date, language)}
      </time>
      {price.stale && (
        <Badge className="border-accent/40 bg-accent/10 px-1.5 text-accent" title={t('badges.staleHint')} data-testid="stale-badge">
          <TriangleAlert className="mr-1 h-3 w-3" aria-hidden />
          {t('badges.stale')}
        </Badge>
      )}
    </span>
  );
}

/** The market's name (a link when it has one), badges, region, trend and — on phones — the day of the price. */
function MarketCell({ price, currency, selected }: { price: MarketPrice; currency: CurrencyCode; selected: boolean }) {
  const { t } = useTranslation(['prices', 'common']);
  const info = marketInfo(price.market);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {price.url ? (
          <a href={price.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold hover:underline" data-testid="market-link">
            {info.name}
            <ExternalLink className="h-3.5 w-3.5 text-muted" aria-hidden />
            <span className="sr-only">{t('table.newTab')}</span>
          </a>
        ) : (
          <span className="font-semibold">{info.name}</span>
        )}
        {price.estimate && <EstimateBadge />}
        {selected && (
          <span className="rounded-full bg-accent px-2 py-0.5 text-[0.7rem] font-semibold text-accent-fg" data-testid="your-marketplace">
            {t('table.yourMarketplace')}
          </span>
        )}
      </div>
      <div className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted">
        <span>{t(`regions.${info.region}`, { ns: 'common' })}</span>
        {price.trend !== undefined && price.trend !== null && (
          <>
            <span aria-hidden>·</span>
            <span>{t('table.trend', { amount: priceText(price.trend, currency) })}</span>
          </>
        )}
        <span className="contents sm:hidden">
          <span aria-hidden>·</span>
          <Updated price={price} />
        </span>
      </div>
    </>
  );
}

/**
 * The table's columns. On phones a row is a small grid (name, region and day across, then min / avg / max under their
 * own labels, as the column headers are hidden there); from `sm` up it is an ordinary table row.
 */
function usePriceColumns(currency: CurrencyCode, marketplace: MarketplaceId): DataTableColumn<MarketPrice>[] {
  const { t } = useTranslation(['prices', 'common']);
  const { priceType } = usePreferences();
  const figure = (type: (typeof PRICE_TYPES)[number]): DataTableColumn<MarketPrice> => ({
    id: type,
    header: t(`table.${type}`),
    numeric: true,
    cellClassName: cn('align-top max-sm:px-0! max-sm:pb-0! max-sm:pt-2! max-sm:text-left', type === priceType ? 'font-semibold' : 'text-fg/85'),
    cellProps: (price) => {
      // The BR estimate is the figure of the market it is estimated from (us); every other row is the market's own.
      const sourceName = marketplaceName(price.estimate ? (estimateSourceOf(price.market) ?? price.market) : price.market);
      const converted = price.sourceCurrency !== currency || price.estimate;
      const source = { min: price.sourceMin, avg: price.sourceAvg, max: price.sourceMax }[type];
      return { title: converted && source !== null ? t('table.atSource', { market: sourceName, amount: priceText(source, price.sourceCurrency) }) : undefined, 'data-testid': `price-${type}` };
    },
    cell: (price) => (
      <>
        <span className="block text-[0.65rem] font-medium uppercase tracking-wide text-muted sm:hidden">{t(`table.${type}`)}</span>
        {priceText(price[type], currency)}
      </>
    ),
  });
  return [
    {
      id: 'market',
      header: t('table.market'),
      rowHeader: true,
      cellClassName: (price) => cn('col-span-3 align-top max-sm:p-0!', price.market === marketplace && 'sm:shadow-[inset_3px_0_0_var(--accent)]'),
      cell: (price) => <MarketCell price={price} currency={currency} selected={price.market === marketplace} />,
    },
    ...PRICE_TYPES.map(figure),
    { id: 'updated', header: t('table.updated'), align: 'end', hideOnPhone: true, cellClassName: 'whitespace-nowrap align-top text-xs text-muted', cell: (price) => <Updated price={price} /> },
  ];
}

function TableSkeleton({ label }: { label: string }) {
  return (
    <Frame className="p-3" testId="prices-loading">
      <span className="sr-only" role="status">
        {label}
      </span>
      <div className="flex flex-col gap-3" aria-hidden>
        <Skeleton className="h-5 w-full" />
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-9 flex-1" />
            <Skeleton className="h-5 w-14 sm:w-16" />
            <Skeleton className="h-5 w-14 sm:w-16" />
            <Skeleton className="h-5 w-14 sm:w-16" />
          </div>
        ))}
      </div>
    </Frame>
  );
}

/**
 * The card's current price in every market that has one, converted to the user's currency: min / avg / max, the day
 * of the price, stale and estimate badges, the market's own figure on hover, the user's marketplace highlighted.
 */
export function CardPricesPanel({ card }: { card: { id: number; name: string } }) {
  const { t } = useTranslation(['prices', 'common']);
  const { currency, marketplace } = usePreferences();
  const query = useCardPrices(card.id, currency);
  const shownCurrency = query.data?.currency ?? currency;
  const columns = usePriceColumns(shownCurrency, marketplace);

  if (query.isPending) return <TableSkeleton label={t('states.loading')} />;
  if (query.isError && !query.data) {
    return (
      <PanelMessage
        testId="prices-error"
        icon={<TriangleAlert className="h-8 w-8" aria-hidden />}
        title={t('states.failed')}
        hint={t('states.failedHint')}
        action={
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => void query.refetch()}>
            {t('actions.retry', { ns: 'common' })}
          </Button>
        }
      />
    );
  }
  const { markets } = query.data;
  if (!markets.length) return <PanelMessage testId="prices-empty" icon={<BadgeDollarSign className="h-8 w-8" aria-hidden />} title={t('states.empty')} hint={t('states.emptyHint')} />;

  // While another currency loads, the previous figures stay, dimmed, and say so in their caption (shownCurrency).
  return (
    <div className={cn('flex flex-col gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isPlaceholderData || undefined} data-testid="card-prices">
      {markets.some((m) => m.demo) && <DemoNotice />}
      <DataTable
        tableTestId="price-table"
        tableProps={{ 'data-currency': shownCurrency }}
        caption={t('table.caption', { name: card.name, currency: shownCurrency })}
        columns={columns}
        rows={markets}
        rowKey={(price) => price.market}
        rowProps={(price) => ({
          className: cn('max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-2 max-sm:px-3 max-sm:py-3', price.market === marketplace && 'bg-accent/10 shadow-[inset_3px_0_0_var(--accent)] sm:shadow-none'),
          'aria-current': price.market === marketplace ? 'true' : undefined,
          'data-testid': `price-row-${price.market}`,
        })}
        phone="custom"
      />
      <p className="text-xs text-muted">
        {t('table.footnote')}
        {/* Only a mouse can hover (the figures' titles). */}
        <span className="hidden pointer-fine:inline"> {t('table.hoverHint')}</span>
      </p>
    </div>
  );
}
