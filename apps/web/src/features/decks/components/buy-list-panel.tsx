import type { BuyListRequest, BuyListResponse } from '@grandline/core/contracts/buy-list';
import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import { buyListToCsv } from '@grandline/core/decks/export';
import { marketplaceName, type MarketplaceId } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { cardPath } from '@grandline/core/slug';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, ShoppingCart } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DemoBadge } from '@/components/ui/demo-badge';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { apiSend } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadText } from '@/lib/download';
import { formatNumber } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { USER_SCOPE } from '@/lib/session';

type BuyItem = BuyListResponse['items'][number];

/** Each missing number: the card, the copies missing, its cheapest market (a link when the market gives one) and the subtotal. */
function BuyListTable({ items, money }: { items: BuyItem[]; money: (cents: number) => string }) {
  const { t } = useTranslation('decks');
  const narrow = 'max-sm:px-2';
  const columns: DataTableColumn<BuyItem>[] = [
    {
      id: 'card',
      header: t('buyList.columns.card'),
      headerClassName: 'w-full font-semibold',
      cell: (item) => (
        <>
          <Link to={cardPath(item.card)} className="line-clamp-2 font-medium hover:underline [overflow-wrap:anywhere] sm:line-clamp-1" title={item.card.name}>
            {item.card.name}
          </Link>
          <span className="block font-mono text-xs text-muted">{item.cardNumber}</span>
        </>
      ),
    },
    { id: 'missing', header: t('buyList.columns.missing'), numeric: true, headerClassName: `font-semibold ${narrow}`, cellClassName: narrow, cell: (item) => formatNumber(item.missing) },
    {
      id: 'cheapest',
      header: t('buyList.columns.cheapest'),
      headerClassName: `font-semibold ${narrow}`,
      cellClassName: `whitespace-nowrap ${narrow}`,
      cell: (item) => <CheapestOffer item={item} money={money} />,
    },
    {
      id: 'subtotal',
      header: t('buyList.columns.subtotal'),
      numeric: true,
      hideOnPhone: true,
      headerClassName: 'font-semibold',
      cellClassName: 'font-semibold',
      cell: (item) => (item.offers[0] ? money(item.offers[0].price * item.missing) : '—'),
    },
  ];
  return (
    <DataTable
      className="overflow-hidden rounded-xl border border-border bg-surface"
      caption={t('buyList.caption')}
      columns={columns}
      rows={items}
      rowKey={(item) => item.cardNumber}
      rowProps={(item) => ({ 'data-testid': 'buy-list-row', 'data-card-number': item.cardNumber })}
      phone="scroll"
    />
  );
}

function CheapestOffer({ item, money }: { item: BuyItem; money: (cents: number) => string }) {
  const { t } = useTranslation('decks');
  const cheapest = item.offers[0];
  if (!cheapest) return <span className="text-muted">{t('buyList.noPrice')}</span>;
  return (
    <span className="flex flex-col">
      <span className="inline-flex items-center gap-1">
        {cheapest.url ? (
          <a href={cheapest.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 hover:underline" aria-label={t('buyList.open', { market: marketplaceName(cheapest.market), name: item.card.name })}>
            {marketplaceName(cheapest.market)}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
        ) : (
          marketplaceName(cheapest.market)
        )}
      </span>
      <span className="text-xs text-muted tabular-nums">
        {t('buyList.each', { price: money(cheapest.price) })}
        {cheapest.estimate ? ` · ${t('buyList.estimate')}` : ''}
      </span>
    </span>
  );
}

/** What everything costs split across markets (each number's cheapest offer), and on each market alone. */
function BuyListTotals({ data, money }: { data: BuyListResponse; money: (cents: number) => string }) {
  const { t } = useTranslation('decks');
  const best = data.markets[0];
  // A total that adds up a demonstration price says so (the split takes each number's cheapest offer).
  const splitDemo = data.items.some((item) => item.offers[0]?.demo);
  const marketDemo = (market: MarketplaceId) => data.items.some((item) => item.offers.some((o) => o.market === market && o.demo));
  const demoBadge = (testId: string) => <DemoBadge className="ml-1.5 align-middle" label={t('buyList.demo')} title={t('buyList.demoHint')} testId={testId} />;
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      <div className="rounded-xl border border-accent/40 bg-accent/10 p-3" data-testid="buy-list-split">
        <p className="text-xs font-medium text-muted">{t('buyList.split')}</p>
        <p className="text-xl font-bold tabular-nums">
          {money(data.split.total)}
          {splitDemo && demoBadge('buy-list-split-demo')}
        </p>
        <p className="text-xs text-muted">{data.split.unpriced > 0 ? t('buyList.unpriced', { count: data.split.unpriced }) : t('buyList.splitHint')}</p>
      </div>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-surface" aria-label={t('buyList.perMarket')}>
        {data.markets.map((m) => (
          <li key={m.market} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm" data-testid="buy-list-market" data-market={m.market}>
            <span className="flex min-w-0 items-center gap-2">
              <span className={cn('truncate', m === best && m.unpriced === 0 && 'font-semibold text-success sm:font-normal sm:text-fg')}>{marketplaceName(m.market)}</span>
              {m === best && m.unpriced === 0 && (
                <>
                  {/* On phones the name is marked instead: the badge left no room for it. */}
                  <Badge className="border-success/40 bg-success/10 text-success max-sm:hidden">{t('buyList.bestSingle')}</Badge>
                  <span className="sr-only sm:hidden">{t('buyList.bestSingle')}</span>
                </>
              )}
            </span>
            <span className="flex shrink-0 items-baseline gap-2">
              {m.unpriced > 0 && <span className="text-xs text-muted">{t('buyList.unpricedShort', { count: m.unpriced })}</span>}
              <span className="font-semibold tabular-nums">{m.total > 0 ? money(m.total) : '—'}</span>
              {m.total > 0 && marketDemo(m.market) && demoBadge('buy-list-market-demo')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The buy list under the collection check (issue 15): the missing copies of the deck as it is on screen (saved or
 * not), each number's cheapest market in the user's currency with a link to the product when the market gives one,
 * what everything costs on one market and split across markets, and a CSV of it.
 */
export function BuyListPanel({ rows, leader }: { rows: readonly DeckRow[]; leader?: Card | null }) {
  const { t } = useTranslation('decks');
  const { currency, priceType } = usePreferences();
  const uid = useId();
  const body = useMemo<BuyListRequest>(
    () => ({ leaderCardId: leader?.id ?? null, cards: rows.filter((r) => r.quantity > 0).map((r) => ({ cardId: r.card.id, quantity: Math.min(50, r.quantity) })), currency, priceType }),
    [rows, leader, currency, priceType],
  );
  const list = useQuery({
    queryKey: [USER_SCOPE, 'buy-list', body],
    queryFn: ({ signal }) => apiSend<BuyListResponse>('POST', '/buy-list', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const money = (cents: number) => formatCents(cents, currency);

  const heading = (
    <h3 id={`${uid}-title`} className="flex items-center gap-2 text-sm font-semibold">
      <ShoppingCart className="h-4 w-4 text-accent" aria-hidden />
      {t('buyList.title')}
    </h3>
  );
  if (list.isPending) {
    return (
      <section aria-labelledby={`${uid}-title`} className="flex flex-col gap-3" aria-busy="true">
        {heading}
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </section>
    );
  }
  if (list.isError) {
    return (
      <section aria-labelledby={`${uid}-title`} className="flex flex-col gap-3">
        {heading}
        <ErrorState title={t('buyList.loadFailed')} onRetry={() => void list.refetch()} />
      </section>
    );
  }
  const data = list.data;
  const download = () => {
    const csv = buyListToCsv(
      data.items.map((item) => {
        const cheapest = item.offers[0];
        return { cardNumber: item.cardNumber, name: item.card.name, missing: item.missing, market: cheapest ? marketplaceName(cheapest.market) : null, price: cheapest?.price ?? null, url: cheapest?.url ?? null, demo: cheapest?.demo ?? false };
      }),
      currency,
    );
    downloadText(csv, 'buy-list.csv');
  };

  return (
    <section aria-labelledby={`${uid}-title`} className={cn('flex flex-col gap-3', list.isPlaceholderData && 'opacity-60')} data-testid="buy-list">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          {heading}
          <p className="mt-0.5 text-xs text-muted">{t('buyList.lead', { priceType: t(`buyList.priceTypes.${priceType}`), currency })}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={download} data-testid="buy-list-csv">
          <Download className="h-4 w-4" aria-hidden />
          {t('buyList.csv')}
        </Button>
      </div>
      <BuyListTotals data={data} money={money} />
      <BuyListTable items={data.items} money={money} />
    </section>
  );
}
