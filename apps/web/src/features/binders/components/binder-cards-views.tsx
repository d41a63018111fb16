import { CARD_CONDITIONS, CARD_LANGUAGES } from '@grandline/core/collection/options';
import type { BinderCardRow, BinderDetail } from '@grandline/core/contracts/binders';
import { cardPath } from '@grandline/core/slug';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/misc';
import { cn } from '@/lib/cn';
import { Paid, RowDetails, RowMenu, RowSelect, Stepper } from './binder-row-controls';
import { RowPrice, type RowPrices } from './row-price';
import { rarityCode, rarityName } from '@/components/card/rarity';
import { formatNumber } from '@/lib/format';

const gridColumns = 'grid grid-cols-2 gap-3 min-[480px]:grid-cols-3 md:grid-cols-4 xl:grid-cols-6';
const COLUMNS = ['card', 'rarity', 'condition', 'language', 'paid', 'value', 'quantity'] as const;

interface RowsProps {
  binder: BinderDetail;
  rows: BinderCardRow[];
  editable: boolean;
  /** The rows shown are the previous page's while the next one loads. */
  stale: boolean;
  /** The current prices of the page's prints. */
  prices: RowPrices;
}

/** The rows as card images with their copies; the owner gets the row menu and a quantity stepper. */
function GridTile({ binder, row, editable, prices }: { binder: BinderDetail; row: BinderCardRow; editable: boolean; prices: RowPrices }) {
  const { t } = useTranslation('binders');
  return (
    // Off-screen tiles skip layout and paint until scrolled near (a phone lays out 60 tiles in one long task).
    <li className="flex flex-col gap-1.5 [contain-intrinsic-size:auto_20rem] [content-visibility:auto]" data-testid="binder-row">
      <Link to={cardPath(row.card)} className="relative block rounded-lg focus-visible:ring-2 focus-visible:ring-accent">
        <CardImage card={row.card} />
        <span className="absolute right-1.5 top-1.5 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-bold tabular-nums text-white" aria-hidden>
          ×{formatNumber(row.quantity)}
        </span>
      </Link>
      <div className="flex items-start justify-between gap-1">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{row.card.name}</p>
          <RowDetails row={row} />
          <RowPrice prices={prices} cardId={row.card.id} quantity={row.quantity} layout="inline" />
        </div>
        {editable && <RowMenu row={row} binderId={binder.id} isCover={binder.cover?.id === row.card.id} />}
      </div>
      {(row.condition || row.language) && <p className="text-xs text-muted">{[row.condition && t(`conditions.${row.condition}`), row.language].filter(Boolean).join(' · ')}</p>}
      {editable && <Stepper row={row} binderId={binder.id} compact />}
    </li>
  );
}

/**
 * Memoized, like BinderList: the rows and prices it gets are deferred values (binder-cards.tsx), so the urgent re-render
 * a query answer causes (useSyncExternalStore: not sliced) skips the 60 tiles; only the deferred pass redraws them.
 */
export const BinderGrid = memo(function BinderGrid({ binder, rows, editable, stale, prices }: RowsProps) {
  return (
    <ul className={cn(gridColumns, stale && 'opacity-60')} data-testid="binder-grid">
      {rows.map((row) => (
        <GridTile key={row.id} binder={binder} row={row} editable={editable} prices={prices} />
      ))}
    </ul>
  );
});

/** The grid's outline while a page of rows loads: the tiles' columns and heights (image, name, details, price, stepper). */
export function GridSkeleton({ tiles, editable }: { tiles: number; editable: boolean }) {
  return (
    <ul className={gridColumns} aria-busy="true" data-testid="binder-rows-loading">
      {Array.from({ length: tiles }, (_, i) => (
        <li key={i} className="flex flex-col gap-1.5">
          <Skeleton className="aspect-[600/838] rounded-lg" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          {editable && <Skeleton className="h-7 w-24" />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The rows as a table; the owner picks rows with checkboxes (one, or the whole page) and changes condition,
 * language and copies in place.
 */
export const BinderList = memo(function BinderList({
  binder,
  rows,
  editable,
  stale,
  prices,
  selected,
  allOnPage,
  onToggleRow,
  onTogglePage,
}: RowsProps & { selected: ReadonlySet<number>; allOnPage: boolean; onToggleRow: (id: number) => void; onTogglePage: () => void }) {
  const { t } = useTranslation('binders');
  return (
    <div className={cn('overflow-x-auto rounded-xl border border-border', stale && 'opacity-60')}>
      <table className="w-full min-w-[46rem] text-left text-sm" data-testid="binder-list">
        <caption className="sr-only">{t('cards.listCaption', { name: binder.name })}</caption>
        <thead className="bg-surface-2 text-xs text-muted">
          <tr>
            {editable && (
              <th scope="col" className="w-10 px-3 py-2">
                <input type="checkbox" className="h-4 w-4 cursor-pointer accent-[var(--color-accent)]" checked={allOnPage} aria-label={t('cards.selectPage')} onChange={onTogglePage} />
              </th>
            )}
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {t(`cards.columns.${column}`)}
              </th>
            ))}
            {editable && <th scope="col" className="w-10 px-3 py-2"><span className="sr-only">{t('cards.columns.actions')}</span></th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-border" data-testid="binder-row">
              {editable && (
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4 cursor-pointer accent-[var(--color-accent)]"
                    checked={selected.has(row.id)}
                    aria-label={t('cards.select', { name: row.card.name })}
                    onChange={() => onToggleRow(row.id)}
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
              <td className="px-3 py-2" title={rarityName(row.card.rarity)}>{rarityCode(row.card.rarity)}</td>
              <td className="px-3 py-2">
                {editable ? <RowSelect row={row} binderId={binder.id} field="condition" options={CARD_CONDITIONS} label={t('cards.columns.condition')} /> : row.condition ? t(`conditions.${row.condition}`) : '—'}
              </td>
              <td className="px-3 py-2">
                {editable ? <RowSelect row={row} binderId={binder.id} field="language" options={CARD_LANGUAGES} label={t('cards.columns.language')} /> : (row.language ?? '—')}
              </td>
              <td className="px-3 py-2">
                <Paid row={row} />
              </td>
              <td className="px-3 py-2">
                <RowPrice prices={prices} cardId={row.card.id} quantity={row.quantity} layout="cell" />
              </td>
              <td className="px-3 py-2">{editable ? <Stepper row={row} binderId={binder.id} compact /> : <span className="tabular-nums">{formatNumber(row.quantity)}</span>}</td>
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
  );
});

/** Previous, "page N of M", next. */
export function BinderPager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('binders');
  return (
    <nav className="flex items-center justify-center gap-3" aria-label={t('cards.pages')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('cards.previous')}
      </Button>
      <span className="text-sm tabular-nums text-muted">{t('cards.page', { page, count: pageCount })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('cards.next')}
      </Button>
    </nav>
  );
}
