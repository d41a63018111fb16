import { productCode } from '@grandline/core/set-code';
import type { CardSet } from '@grandline/core/contracts/sets';
import { SET_KINDS } from '@grandline/core/games';
import { Layers } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { SearchInput } from '@/components/ui/search-input';
import { queryClient } from '@/lib/query-client';
import { setsQueryOptions, useSets } from '@/cards/api/get-sets';
import { PageTitle } from '@/components/page-title';

function SetTile({ set }: { set: CardSet }) {
  const { t } = useTranslation('cards');
  return (
    <li>
      <Link
        to={`/sets/${set.slug}`}
        className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-accent/60 hover:bg-surface-2"
        data-testid="set-tile"
      >
        <div className="flex items-center justify-between gap-2">
          <span className="font-mono text-sm font-semibold text-accent">{set.code ? productCode(set.code) : t('sets.promo')}</span>
          {set.releaseYear && <span className="text-xs text-muted">{set.releaseYear}</span>}
        </div>
        <span className="font-semibold leading-snug [overflow-wrap:anywhere]">{set.name}</span>
        <span className="mt-auto text-xs text-muted">{t('sets.numberCount', { count: set.cardNumbers })}</span>
      </Link>
    </li>
  );
}

export function loader() {
  void queryClient.prefetchQuery(setsQueryOptions());
  return null;
}

export function SetsPage() {
  const { t } = useTranslation('cards');
  const { data, isPending, isError, refetch } = useSets();
  const [filter, setFilter] = useState('');

  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const items = (data?.items ?? []).filter(
      (s) => !needle || s.name.toLowerCase().includes(needle) || (s.code ?? '').toLowerCase().includes(needle) || productCode(s.code ?? '').toLowerCase().includes(needle),
    );
    return SET_KINDS.map((kind) => ({ kind, sets: items.filter((s) => s.kind === kind) })).filter((g) => g.sets.length > 0);
  }, [data, filter]);

  return (
    <div>
      <PageTitle title={t('sets.title')} />
      <PageHeader title={t('sets.title')} description={data ? t('sets.subtitle', { count: data.items.length }) : <span aria-hidden>&nbsp;</span>} />
      <SearchInput
        label={t('sets.search')}
        className="mb-6 max-w-md"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder={t('sets.search')}
      />
      {isError ? (
        <ErrorState title={t('errors.loadFailed')} onRetry={() => void refetch()} />
      ) : isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : groups.length === 0 ? (
        <EmptyState icon={<Layers className="h-10 w-10" aria-hidden />} title={t('sets.noMatch')} />
      ) : (
        <div className="flex flex-col gap-10">
          {groups.map((g) => (
            <section key={g.kind} aria-labelledby={`kind-${g.kind}`}>
              <h2 id={`kind-${g.kind}`} className="mb-3 text-lg font-semibold">
                {t(`sets.kinds.${g.kind}`)} <span className="text-sm font-normal text-muted">({g.sets.length})</span>
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {g.sets.map((s) => (
                  <SetTile key={s.slug} set={s} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
