import { useDebouncedValue } from '@/lib/use-debounced-callback';
import { PRODUCT_SOURCES, type ProductSource, type UnmatchedProduct } from '@grandline/core/contracts/prices';
import { ExternalLink, Link2, PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Pagination } from '@/components/ui/pagination';
import { useUnmatchedProducts } from '@/features/admin/api/get-unmatched-products';
import { PinDialog } from './admin-prices-pin-dialog';
import { PriceSection, sourceName } from './admin-prices-shared';
import { formatNumber } from '@/lib/format';

const PAGE_SIZE = 25;

/** The reason a product has no print, translated; null: its pin was removed, matched again on the next run. */
function ReasonBadge({ reason }: { reason: string | null }) {
  const { t } = useTranslation(['admin', 'pages']);
  return (
    <Badge className={reason ? 'whitespace-nowrap' : 'whitespace-nowrap text-muted'}>
      {t(`admin.prices.unmatched.reasons.${reason ?? 'pending'}`, { defaultValue: reason ?? '' })}
    </Badge>
  );
}

/** The products of a feed's last run that no rule matched, searched, each with "Pin to a card". */
export function AdminPriceUnmatched() {
  const { t } = useTranslation(['admin', 'pages']);
  const [source, setSource] = useState<ProductSource>('tcgcsv');
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q.trim(), 200);
  // A page belongs to one search of one feed: another search starts on page 1.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const key = `${source}\u0000${search}`;
  const page = paging.key === key ? paging.page : 1;
  const products = useUnmatchedProducts({ source, q: search || undefined, page, pageSize: PAGE_SIZE });
  const [pinning, setPinning] = useState<UnmatchedProduct | null>(null);

  return (
    <PriceSection id="admin-price-unmatched" title={t('admin.prices.unmatched.title')} lead={t('admin.prices.unmatched.lead')} testId="admin-price-unmatched">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select
          label={t('admin.prices.unmatched.source')}
          value={source}
          className="sm:w-56"
          onValueChange={(v) => setSource(v as ProductSource)}
          options={PRODUCT_SOURCES.map((s) => ({ value: s, label: sourceName(t, s) }))}
        />
        <SearchInput
          label={t('admin.prices.unmatched.search')}
          placeholder={t('admin.prices.unmatched.searchPlaceholder')}
          value={q}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
          className="min-w-0 flex-1 sm:max-w-md"
        />
      </div>
      {products.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : products.isError ? (
        <ErrorState title={t('admin.prices.unmatched.loadFailed')} onRetry={() => void products.refetch()} />
      ) : products.data.items.length === 0 ? (
        <EmptyState icon={<PackageCheck className="h-10 w-10" aria-hidden />} title={t('admin.prices.unmatched.empty')}>
          {search ? t('admin.prices.unmatched.emptySearch', { q: search }) : t('admin.prices.unmatched.emptyHint', { source: sourceName(t, source) })}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('admin.prices.unmatched.count', { count: products.data.total, formatted: formatNumber(products.data.total) })}
          </p>
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface" data-testid="unmatched-list">
            {products.data.items.map((p) => (
              <li key={p.productId} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="unmatched-product">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium">{p.name}</span>
                    {p.number && <span className="font-mono text-xs text-muted">{p.number}</span>}
                    <ReasonBadge reason={p.reason} />
                  </div>
                  {p.setName && <div className="mt-0.5 truncate text-xs text-muted">{p.setName}</div>}
                  <div className="flex flex-wrap items-center gap-x-3 text-xs text-muted">
                    <span className="font-mono">#{p.productId}</span>
                    {p.url && (
                      <a href={p.url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 underline-offset-2 hover:text-fg hover:underline">
                        {t('admin.prices.unmatched.open', { source: sourceName(t, source) })}
                        <ExternalLink className="h-3 w-3" aria-hidden />
                      </a>
                    )}
                  </div>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start sm:self-center"
                  onClick={() => setPinning(p)}
                  aria-label={t('admin.prices.unmatched.pinFor', { name: p.name })}
                  data-testid="unmatched-pin"
                >
                  <Link2 className="h-3.5 w-3.5" aria-hidden />
                  {t('admin.prices.unmatched.pin')}
                </Button>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={Math.ceil(products.data.total / PAGE_SIZE)} onPage={(next) => setPaging({ key, page: next })} />
        </>
      )}
      {pinning && <PinDialog product={pinning} onClose={() => setPinning(null)} />}
    </PriceSection>
  );
}
