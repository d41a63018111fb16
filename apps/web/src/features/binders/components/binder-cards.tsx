import {
  BINDER_CARD_SORTS,
  CARD_CONDITIONS,
  CARD_LANGUAGES,
  type BinderCardRow,
  type BinderDetail,
} from '@grandline/core/contracts/binders';
import { CARD_COLORS, CARD_RARITIES, CARD_TYPES } from '@grandline/core/games';
import { cardPath } from '@grandline/core/slug';
import { ArrowDownUp, ImageIcon, LayoutGrid, List, Minus, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { isCurrencyCode } from '@grandline/core/money/currencies';
import { formatMoney } from '@grandline/core/money/money';
import { DropdownMenu } from 'radix-ui';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, Skeleton } from '@/components/ui/misc';
import { ErrorState } from '@/components/ui/query-states';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { menuItem, popoverSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { BINDER_PAGE_SIZE, binderCardsQueryOf, binderChanged, bindersApi, useBinderCards } from '@/features/binders/api/binders-api';
import { RowDetailsDialog } from './row-details-dialog';

const ALL = '_all';


/** Copies of one row with − and + (− on the last copy removes the row); quantity changes show at once. */
function Stepper({ row, binderId, compact }: { row: BinderCardRow; binderId: string; compact?: boolean }) {
  const { t } = useTranslation('binders');
  // The new quantity shows at once and until the server's row (refetched) differs from the one it was based on.
  const [pending, setPending] = useState<{ from: number; value: number } | null>(null);
  const quantity = pending && pending.from === row.quantity ? pending.value : row.quantity;
  const set = async (next: number) => {
    setPending({ from: row.quantity, value: next });
    try {
      if (next <= 0) await bindersApi.removeCards(binderId, [row.id]);
      else await bindersApi.updateCard(binderId, row.id, { quantity: next });
      binderChanged(binderId);
    } catch {
      setPending(null);
      notify.error(t('toasts.quantityFailed'));
    }
  };
  const size = compact ? 'h-7 w-7' : 'h-8 w-8';
  return (
    <div className="flex items-center gap-1" data-testid="quantity-stepper">
      <Button variant="ghost" size="icon" className={size} onClick={() => void set(quantity - 1)} aria-label={quantity === 1 ? t('cards.remove', { name: row.card.name }) : t('cards.decrease', { name: row.card.name })}>
        {quantity === 1 ? <Trash2 className="h-3.5 w-3.5" aria-hidden /> : <Minus className="h-3.5 w-3.5" aria-hidden />}
      </Button>
      <span className="min-w-6 text-center text-sm font-semibold tabular-nums" data-testid="row-quantity" aria-live="polite">
        {quantity}
      </span>
      <Button variant="ghost" size="icon" className={size} onClick={() => void set(quantity + 1)} disabled={quantity >= 9999} aria-label={t('cards.increase', { name: row.card.name })}>
        <Plus className="h-3.5 w-3.5" aria-hidden />
      </Button>
    </div>
  );
}

/** Row actions for the owner: make the card the binder's cover, or remove it. */
function RowMenu({ row, binderId, isCover }: { row: BinderCardRow; binderId: string; isCover: boolean }) {
  const { t } = useTranslation('binders');
  const [editing, setEditing] = useState(false);
  const setCover = async () => {
    try {
      await bindersApi.update(binderId, { coverCardId: row.card.id });
      binderChanged(binderId);
      notify.success(t('toasts.coverUpdated'));
    } catch {
      notify.error(t('toasts.coverFailed'));
    }
  };
  const remove = async () => {
    try {
      await bindersApi.removeCards(binderId, [row.id]);
      binderChanged(binderId);
      notify.success(t('toasts.removed', { name: row.card.name }));
    } catch {
      notify.error(t('toasts.updateFailed'));
    }
  };
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2" aria-label={t('cards.actions', { name: row.card.name })}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={`${popoverSurface} min-w-48 p-1`}>
            <DropdownMenu.Item className={menuItem} onSelect={() => setEditing(true)} data-testid="row-edit-details">
              <Pencil className="h-4 w-4" aria-hidden />
              {t('details.open')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItem} disabled={isCover} onSelect={() => void setCover()}>
              <ImageIcon className="h-4 w-4" aria-hidden />
              {isCover ? t('cards.isCover') : t('cards.setCover')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={cn(menuItem, 'text-danger')} onSelect={() => void remove()}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('cards.removeAll')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {editing && <RowDetailsDialog row={row} binderId={binderId} open onOpenChange={setEditing} />}
    </>
  );
}

/** What was paid for one copy, in its currency (e.g. R$ 12,50), or a dash. */
function Paid({ row }: { row: BinderCardRow }) {
  if (row.purchasePriceMinor === null || !isCurrencyCode(row.purchaseCurrency)) return <span className="text-muted">—</span>;
  return <span className="tabular-nums">{formatMoney(row.purchasePriceMinor, row.purchaseCurrency)}</span>;
}

function RowDetails({ row }: { row: BinderCardRow }) {
  return (
    <p className="truncate font-mono text-xs text-muted">
      {row.card.cardNumber}
      {row.card.variant ? ` · ${row.card.variant}` : ''}
      {row.card.set?.code ? ` · ${row.card.set.code}` : ''}
    </p>
  );
}

/** Condition or language of a row, changed in place (a match with another row of the same print merges them). */
function RowSelect({ row, binderId, field, options, label }: { row: BinderCardRow; binderId: string; field: 'condition' | 'language'; options: readonly string[]; label: string }) {
  const { t } = useTranslation('binders');
  const change = async (value: string) => {
    try {
      await bindersApi.updateCard(binderId, row.id, { [field]: value === ALL ? null : value });
      binderChanged(binderId);
    } catch {
      notify.error(t('toasts.updateFailed'));
    }
  };
  return (
    <Select
      compact
      label={label}
      value={row[field] ?? ALL}
      onValueChange={(v) => void change(v)}
      options={[{ value: ALL, label: '—' }, ...options.map((o) => ({ value: o, label: field === 'condition' ? t(`conditions.${o}`) : o, short: o }))]}
      className="w-24"
    />
  );
}

/**
 * The binder's cards: search, set/color/type/rarity filters, sort, grid or list, pages of 60; for the owner,
 * quantity steppers, condition and language, cover and removal, and bulk removal in the list.
 */
export function BinderCards({ binder, editable, onAddCards }: { binder: BinderDetail; editable: boolean; onAddCards?: () => void }) {
  const { t } = useTranslation(['binders', 'cards']);
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const deferredQ = useDeferredValue(q);
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { ...binderCardsQueryOf(params), q: deferredQ.trim() || undefined };
  const cards = useBinderCards(binder.id, query);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);

  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '' || v === ALL) next.delete(k);
          else next.set(k, v);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  useEffect(() => {
    const current = params.get('q') ?? '';
    if (deferredQ !== current) update({ q: deferredQ.trim() || null });
    // Only the typed text drives this; the other params are read fresh inside update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deferredQ]);

  const pageCount = cards.data ? Math.max(1, Math.ceil(cards.data.total / BINDER_PAGE_SIZE)) : 1;
  const filtered = Boolean(query.q || query.set || query.color || query.type || query.rarity);
  const items = cards.data?.items ?? [];
  const allOnPage = items.length > 0 && items.every((r) => selected.has(r.id));

  const bulkSet = async (change: { condition?: string | null; language?: string | null }) => {
    try {
      const { updated } = await bindersApi.updateCards(binder.id, { rowIds: [...selected], ...change } as Parameters<typeof bindersApi.updateCards>[1]);
      binderChanged(binder.id);
      setSelected(new Set());
      notify.success(t('toasts.updatedMany', { count: updated }));
    } catch {
      notify.error(t('toasts.updateFailed'));
    }
  };
  const removeSelected = async () => {
    try {
      const { removed } = await bindersApi.removeCards(binder.id, [...selected]);
      binderChanged(binder.id);
      setSelected(new Set());
      notify.success(t('toasts.removedMany', { count: removed }));
    } catch (err) {
      notify.error(t('toasts.updateFailed'));
      throw err;
    }
  };

  if (binder.cardCount === 0) {
    return (
      <EmptyState icon={<LayoutGrid className="h-10 w-10" aria-hidden />} title={t('cards.emptyTitle')} action={editable && onAddCards ? <Button onClick={onAddCards}>{t('actions.addCards')}</Button> : undefined}>
        {editable ? t('cards.emptyText') : t('cards.emptyPublic')}
      </EmptyState>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="binder-cards">
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchInput label={t('cards.search')} placeholder={t('cards.searchPlaceholder')} value={q} onChange={(e) => setQ(e.target.value)} className="sm:max-w-sm sm:flex-1" />
          <div className="flex min-w-0 items-center gap-2 sm:ml-auto">
            <Select
              label={t('cards.sort')}
              value={query.sort!}
              onValueChange={(v) => update({ sort: v })}
              options={BINDER_CARD_SORTS.map((s) => ({ value: s, label: t(`cards.sorts.${s}`) }))}
              className="min-w-0 flex-1 sm:w-48 sm:flex-none"
            />
            <Button
              variant="ghost"
              size="icon"
              onClick={() => update({ order: query.order === 'desc' ? null : 'desc' })}
              aria-label={query.order === 'desc' ? t('cards.descending') : t('cards.ascending')}
              title={query.order === 'desc' ? t('cards.descending') : t('cards.ascending')}
              aria-pressed={query.order === 'desc'}
            >
              <ArrowDownUp className="h-4 w-4" aria-hidden />
            </Button>
            <div className="flex rounded-lg border border-border p-0.5" role="group" aria-label={t('cards.view')}>
              {(['grid', 'list'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  aria-label={t(`cards.views.${v}`)}
                  title={t(`cards.views.${v}`)}
                  onClick={() => update({ view: v === 'grid' ? null : v }, true)}
                  className={cn('inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md', view === v ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg')}
                  data-testid={`view-${v}`}
                >
                  {v === 'grid' ? <LayoutGrid className="h-4 w-4" aria-hidden /> : <List className="h-4 w-4" aria-hidden />}
                </button>
              ))}
            </div>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Select
            compact
            label={t('cards.filters.set')}
            value={query.set ?? ALL}
            onValueChange={(v) => update({ set: v })}
            options={[{ value: ALL, label: t('cards.filters.allSets') }, ...binder.stats.completion.map((s) => ({ value: s.slug, label: s.code ? `${s.code} · ${s.name}` : s.name, short: s.code ?? s.name }))]}
          />
          <Select
            compact
            label={t('cards.filters.color')}
            value={query.color ?? ALL}
            onValueChange={(v) => update({ color: v })}
            options={[{ value: ALL, label: t('cards.filters.allColors') }, ...CARD_COLORS.map((c) => ({ value: c, label: t(`cards:colors.${c}`) }))]}
          />
          <Select
            compact
            label={t('cards.filters.type')}
            value={query.type ?? ALL}
            onValueChange={(v) => update({ type: v })}
            options={[{ value: ALL, label: t('cards.filters.allTypes') }, ...CARD_TYPES.map((c) => ({ value: c, label: t(`cards:types.${c}`) }))]}
          />
          <Select
            compact
            label={t('cards.filters.rarity')}
            value={query.rarity ?? ALL}
            onValueChange={(v) => update({ rarity: v })}
            options={[{ value: ALL, label: t('cards.filters.allRarities') }, ...CARD_RARITIES.map((c) => ({ value: c, label: t(`cards:rarities.${c}`, { defaultValue: c }) }))]}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted" aria-live="polite">
        <span data-testid="binder-rows-total">{cards.data ? t('cards.showing', { count: cards.data.total }) : '\u00a0'}</span>
        {editable && view === 'list' && selected.size > 0 && (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('cards.bulk', { count: selected.size })} data-testid="bulk-actions">
            <Select
              compact
              label={t('cards.setCondition')}
              placeholder={t('cards.setCondition')}
              value=""
              onValueChange={(v) => void bulkSet({ condition: v === ALL ? null : (v as BinderCardRow['condition']) })}
              options={[{ value: ALL, label: '—' }, ...CARD_CONDITIONS.map((c) => ({ value: c, label: `${c} · ${t(`conditions.${c}`)}` }))]}
              className="w-40"
            />
            <Select
              compact
              label={t('cards.setLanguage')}
              placeholder={t('cards.setLanguage')}
              value=""
              onValueChange={(v) => void bulkSet({ language: v === ALL ? null : v })}
              options={[{ value: ALL, label: '—' }, ...CARD_LANGUAGES.map((l) => ({ value: l, label: l }))]}
              className="w-36"
            />
            <Button variant="danger" size="sm" onClick={() => setConfirmBulk(true)} data-testid="remove-selected">
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('cards.removeSelected', { count: selected.size })}
            </Button>
          </div>
        )}
      </div>

      {cards.isPending ? (
        <div className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6" aria-busy="true">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} className="aspect-[600/838]" />
          ))}
        </div>
      ) : cards.isError ? (
        <ErrorState title={t('cards.loadFailed')} onRetry={() => void cards.refetch()} />
      ) : items.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">{filtered ? t('cards.noMatch') : t('cards.emptyTitle')}</p>
      ) : view === 'grid' ? (
        <ul className={cn('grid grid-cols-2 gap-3 min-[480px]:grid-cols-3 md:grid-cols-4 xl:grid-cols-6', cards.isPlaceholderData && 'opacity-60')} data-testid="binder-grid">
          {items.map((row) => (
            <li key={row.id} className="flex flex-col gap-1.5" data-testid="binder-row">
              <Link to={cardPath(row.card)} className="relative block rounded-lg focus-visible:ring-2 focus-visible:ring-accent">
                <CardImage card={row.card} />
                <span className="absolute right-1.5 top-1.5 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-bold tabular-nums text-white" aria-hidden>
                  ×{row.quantity}
                </span>
              </Link>
              <div className="flex items-start justify-between gap-1">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{row.card.name}</p>
                  <RowDetails row={row} />
                </div>
                {editable && <RowMenu row={row} binderId={binder.id} isCover={binder.cover?.id === row.card.id} />}
              </div>
              {(row.condition || row.language) && (
                <p className="text-xs text-muted">{[row.condition && t(`conditions.${row.condition}`), row.language].filter(Boolean).join(' · ')}</p>
              )}
              {editable && <Stepper row={row} binderId={binder.id} compact />}
            </li>
          ))}
        </ul>
      ) : (
        <div className={cn('overflow-x-auto rounded-xl border border-border', cards.isPlaceholderData && 'opacity-60')}>
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="binder-list">
            <caption className="sr-only">{t('cards.listCaption', { name: binder.name })}</caption>
            <thead className="bg-surface-2 text-xs text-muted">
              <tr>
                {editable && (
                  <th scope="col" className="w-10 px-3 py-2">
                    <input
                      type="checkbox"
                      className="h-4 w-4 cursor-pointer accent-[var(--color-accent)]"
                      checked={allOnPage}
                      aria-label={t('cards.selectPage')}
                      onChange={() => setSelected((prev) => (allOnPage ? new Set([...prev].filter((id) => !items.some((r) => r.id === id))) : new Set([...prev, ...items.map((r) => r.id)])))}
                    />
                  </th>
                )}
                <th scope="col" className="px-3 py-2 font-medium">{t('cards.columns.card')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('cards.columns.rarity')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('cards.columns.condition')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('cards.columns.language')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('cards.columns.paid')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('cards.columns.quantity')}</th>
                {editable && <th scope="col" className="w-10 px-3 py-2"><span className="sr-only">{t('cards.columns.actions')}</span></th>}
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <tr key={row.id} className="border-t border-border" data-testid="binder-row">
                  {editable && (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        className="h-4 w-4 cursor-pointer accent-[var(--color-accent)]"
                        checked={selected.has(row.id)}
                        aria-label={t('cards.select', { name: row.card.name })}
                        onChange={() =>
                          setSelected((prev) => {
                            const next = new Set(prev);
                            if (next.has(row.id)) next.delete(row.id);
                            else next.add(row.id);
                            return next;
                          })
                        }
                      />
                    </td>
                  )}
                  <td className="px-3 py-2">
                    <Link to={cardPath(row.card)} className="flex items-center gap-3 hover:underline">
                      <div className="w-9 shrink-0">
                        <CardImage card={row.card} />
                      </div>
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{row.card.name}</span>
                        <RowDetails row={row} />
                      </span>
                    </Link>
                  </td>
                  <td className="px-3 py-2">{row.card.rarity}</td>
                  <td className="px-3 py-2">
                    {editable ? <RowSelect row={row} binderId={binder.id} field="condition" options={CARD_CONDITIONS} label={t('cards.columns.condition')} /> : row.condition ? t(`conditions.${row.condition}`) : '—'}
                  </td>
                  <td className="px-3 py-2">
                    {editable ? <RowSelect row={row} binderId={binder.id} field="language" options={CARD_LANGUAGES} label={t('cards.columns.language')} /> : (row.language ?? '—')}
                  </td>
                  <td className="px-3 py-2">
                    <Paid row={row} />
                  </td>
                  <td className="px-3 py-2">{editable ? <Stepper row={row} binderId={binder.id} compact /> : <span className="tabular-nums">{row.quantity}</span>}</td>
                  {editable && (
                    <td className="px-3 py-2">
                      <RowMenu row={row} binderId={binder.id} isCover={binder.cover?.id === row.card.id} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pageCount > 1 && (
        <nav className="flex items-center justify-center gap-3" aria-label={t('cards.pages')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) }, true)}>
            {t('cards.previous')}
          </Button>
          <span className="text-sm tabular-nums text-muted">{t('cards.page', { page, count: pageCount })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => update({ page: String(page + 1) }, true)}>
            {t('cards.next')}
          </Button>
        </nav>
      )}
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title={t('cards.removeSelectedTitle', { count: selected.size })}
        text={t('cards.removeSelectedText')}
        confirmLabel={t('actions.remove')}
        cancelLabel={t('actions.cancel')}
        onConfirm={removeSelected}
        testId="remove-selected-confirm"
      />
    </div>
  );
}
