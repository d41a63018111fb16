import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import { cardPath } from '@grandline/core/slug';
import { CircleAlert, CircleCheck, Library, Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { useMyBinders, useOwned } from '@/features/binders/api/binders-api';
import { collectionCheck } from '@/features/decks/collection-check';
import { AddMissingButton } from './add-missing-button';
import { formatNumber, formatPercent } from '@/lib/format';
import { BuyListPanel } from './buy-list-panel';

function PanelSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

type CheckRow = ReturnType<typeof collectionCheck>['rows'][number];

/** Each card number: owned against needed (folded into "owned/needed" on phones) and what is missing, short rows marked. */
function CollectionTable({ rows }: { rows: CheckRow[] }) {
  const { t } = useTranslation('decks');
  const counts = 'w-px font-semibold sm:px-4 max-sm:px-2';
  const columns: DataTableColumn<CheckRow>[] = [
    {
      id: 'card',
      header: t('collection.columns.card'),
      headerClassName: 'w-full font-semibold',
      cell: (r) => (
        <div className="flex min-w-0 items-center gap-2">
          {r.missing > 0 ? <CircleAlert className="h-4 w-4 shrink-0 text-danger" aria-hidden /> : <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden />}
          <span className="min-w-0">
            <Link to={cardPath(r.card)} className="line-clamp-2 font-medium hover:underline [overflow-wrap:anywhere] sm:line-clamp-1" title={r.card.name}>
              {r.card.name}
            </Link>
            <span className="block font-mono text-xs text-muted">
              {r.cardNumber}
              {r.card.cardType === 'Leader' ? ` · ${t('editor.leader')}` : ''}
            </span>
          </span>
          <span className="sr-only">{r.missing > 0 ? t('collection.status.short') : t('collection.status.enough')}</span>
        </div>
      ),
    },
    { id: 'needed', header: t('collection.columns.needed'), numeric: true, hideOnPhone: true, headerClassName: counts, cellClassName: 'sm:px-4', cell: (r) => formatNumber(r.needed) },
    {
      id: 'owned',
      header: t('collection.columns.owned'),
      numeric: true,
      headerClassName: counts,
      cellClassName: 'sm:px-4 max-sm:px-2',
      // On phones the needed column is folded in here: "owned/needed".
      cell: (r) => (
        <>
          {formatNumber(r.owned)}
          <span className="text-muted sm:hidden">/{formatNumber(r.needed)}</span>
        </>
      ),
    },
    {
      id: 'missing',
      header: t('collection.columns.missing'),
      numeric: true,
      headerClassName: counts,
      cellClassName: (r) => cn('sm:px-4 max-sm:px-2', r.missing > 0 ? 'font-semibold text-danger' : 'text-muted'),
      cell: (r) => (r.missing > 0 ? formatNumber(r.missing) : '—'),
    },
  ];
  return (
    <DataTable
      className="overflow-hidden rounded-xl border border-border bg-surface"
      caption={t('collection.caption')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.cardNumber}
      rowProps={(r) => ({ className: r.missing > 0 ? 'bg-danger/5' : undefined, 'data-testid': 'collection-row', 'data-card-number': r.cardNumber, 'data-missing': r.missing })}
      phone="scroll"
    />
  );
}

/** Owned out of needed, the progress bar, and the button that wishlists the missing copies. */
function CollectionSummary({ check }: { check: ReturnType<typeof collectionCheck> }) {
  const { t } = useTranslation('decks');
  const uid = useId();
  const complete = check.missing === 0;
  const percent = check.needed ? Math.round((check.owned / check.needed) * 100) : 100;
  return (
    <section aria-labelledby={`${uid}-summary`} className={cn('flex flex-col gap-3 rounded-xl border p-4', complete ? 'border-success/40 bg-success/10' : 'border-border bg-surface')}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-3">
        <h3 id={`${uid}-summary`} className="flex items-center gap-2 text-sm font-semibold" data-testid="collection-summary">
          {complete ? <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden /> : <CircleAlert className="h-4 w-4 shrink-0 text-danger" aria-hidden />}
          {t('collection.summary', { owned: check.owned, count: check.needed })}
        </h3>
        {!complete && <AddMissingButton missingCards={check.missingCards} className="h-auto min-h-9 w-full justify-center py-1.5 sm:w-auto" />}
      </div>
      <div>
        <div
          className="h-2 overflow-hidden rounded-full bg-surface-2 ring-1 ring-inset ring-border"
          role="progressbar"
          aria-label={t('collection.progress')}
          aria-valuemin={0}
          aria-valuemax={check.needed}
          aria-valuenow={check.owned}
          aria-valuetext={formatPercent(percent / 100)}
        >
          <div className={cn('h-full rounded-full transition-[width]', complete ? 'bg-success' : 'bg-accent')} style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-xs text-muted">{complete ? t('collection.complete') : t('collection.missingCount', { count: check.missing })}</p>
      </div>
    </section>
  );
}

/**
 * The editor's collection check (spec §2): each card number of the deck, leader included, against the copies
 * owned over the user's Personal and Trade binders; missing or insufficient ones stand out, and the missing
 * copies can go to the wishlist in one press.
 */
export function CollectionCheckPanel({ rows, leader }: { rows: readonly DeckRow[]; leader?: Card | null }) {
  const { t } = useTranslation('decks');
  const binders = useMyBinders();
  const shelves = binders.data?.filter((b) => b.category === 'personal' || b.category === 'trade');
  const owned = useOwned(Boolean(shelves?.length));
  const [onlyMissing, setOnlyMissing] = useState(false);
  const check = useMemo(() => collectionCheck(rows, owned.data ?? {}, leader), [rows, owned.data, leader]);

  if (binders.isError) return <ErrorState title={t('collection.loadFailed')} onRetry={() => void binders.refetch()} />;
  if (binders.isPending) return <PanelSkeleton />;
  if (!shelves?.length) {
    return (
      <div data-testid="collection-check" data-state="no-binders">
        <EmptyState
          icon={<Library className="h-10 w-10" aria-hidden />}
          title={t('collection.noBindersTitle')}
          action={
            <Link to="/collection/new" className={buttonClass('primary', 'md')}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('collection.newBinder')}
            </Link>
          }
        >
          {t('collection.noBinders')}
        </EmptyState>
      </div>
    );
  }
  if (owned.isError) return <ErrorState title={t('collection.loadFailed')} onRetry={() => void owned.refetch()} />;
  if (owned.isPending) return <PanelSkeleton />;
  if (check.rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted" data-testid="collection-check" data-state="empty-deck">
        {t('collection.emptyDeck')}
      </p>
    );
  }

  const complete = check.missing === 0;
  const shown = onlyMissing ? check.rows.filter((r) => r.missing > 0) : check.rows;
  return (
    <div className="flex flex-col gap-3" data-testid="collection-check" data-state={complete ? 'complete' : 'missing'}>
      <CollectionSummary check={check} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">{t('collection.source')}</p>
        {!complete && (
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} className="h-4 w-4 cursor-pointer accent-[var(--accent)]" />
            {t('collection.onlyMissing')}
          </label>
        )}
      </div>
      <CollectionTable rows={shown} />
      {!complete && <BuyListPanel rows={rows} leader={leader} />}
    </div>
  );
}
