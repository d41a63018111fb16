import type { BinderCardRow } from '@grandline/core/contracts/binders';
import { isCurrencyCode } from '@grandline/core/money/currencies';
import { formatMoney } from '@grandline/core/money/money';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { formatNumber } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { binderChanged, bindersApi } from '@/features/binders/api/binders-api';
import { ALL, choiceOf } from '@/features/binders/binder-cards-state';
import { productCode } from '@grandline/core/set-code';

/** Copies of one row with − and + (− on the last copy removes the row); quantity changes show at once. */
export function Stepper({ row, binderId, compact }: { row: BinderCardRow; binderId: string; compact?: boolean }) {
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
    } catch (err) {
      setPending(null);
      notify.failure(err, errorText(err, 'binders:toasts.quantityFailed'));
    }
  };
  const size = compact ? 'h-7 w-7' : 'h-8 w-8';
  return (
    <div className="flex items-center gap-1" data-testid="quantity-stepper">
      <Button variant="ghost" size="icon" className={size} onClick={() => void set(quantity - 1)} aria-label={quantity === 1 ? t('cards.remove', { name: row.card.name }) : t('cards.decrease', { name: row.card.name })}>
        {quantity === 1 ? <Trash2 className="h-3.5 w-3.5" aria-hidden /> : <Minus className="h-3.5 w-3.5" aria-hidden />}
      </Button>
      <span className="min-w-6 text-center text-sm font-semibold tabular-nums" data-testid="row-quantity" aria-live="polite">
        {formatNumber(quantity)}
      </span>
      <Button variant="ghost" size="icon" className={size} onClick={() => void set(quantity + 1)} disabled={quantity >= 9999} aria-label={t('cards.increase', { name: row.card.name })}>
        <Plus className="h-3.5 w-3.5" aria-hidden />
      </Button>
    </div>
  );
}

/** Row actions for the owner (binder-row-menu.tsx): loaded with the first row that shows them, so a visitor's binder
 * page never loads Radix's menus. Until then, an empty place of the trigger's size. */
const LazyRowMenu = lazy(() => import('./binder-row-menu').then((m) => ({ default: m.RowMenu })));

export function RowMenu(props: { row: BinderCardRow; binderId: string; isCover: boolean }) {
  return (
    <Suspense fallback={<span className="inline-block h-8 w-8" aria-hidden />}>
      <LazyRowMenu {...props} />
    </Suspense>
  );
}

/** What was paid for one copy, in its currency (e.g. R$ 12,50), or a dash. */
export function Paid({ row }: { row: BinderCardRow }) {
  if (row.purchasePriceMinor === null || !isCurrencyCode(row.purchaseCurrency)) return <span className="text-muted">—</span>;
  return <span className="tabular-nums">{formatMoney(row.purchasePriceMinor, row.purchaseCurrency)}</span>;
}

/** The print under the card's name: number, variant and set code. */
export function RowDetails({ row }: { row: BinderCardRow }) {
  return (
    <p className="truncate font-mono text-xs text-muted">
      {row.card.cardNumber}
      {row.card.variant ? ` · ${row.card.variant}` : ''}
      {row.card.set?.code ? ` · ${productCode(row.card.set.code)}` : ''}
    </p>
  );
}

/** Condition or language of a row, changed in place (a match with another row of the same print merges them). */
export function RowSelect({ row, binderId, field, options, label }: { row: BinderCardRow; binderId: string; field: 'condition' | 'language'; options: readonly string[]; label: string }) {
  const { t } = useTranslation('binders');
  const change = async (value: string) => {
    try {
      await bindersApi.updateCard(binderId, row.id, { [field]: choiceOf(value) });
      binderChanged(binderId);
    } catch (err) {
      notify.error(errorText(err, 'binders:toasts.updateFailed'));
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
 * A wishlist row's "Any print" toggle (PATCH anyPrint): on, any print of the card's number satisfies the want (trade
 * matching). The new value shows at once; a failure puts it back.
 */
export function AnyPrintToggle({ row, binderId }: { row: BinderCardRow; binderId: string }) {
  const { t } = useTranslation('binders');
  const [pending, setPending] = useState<boolean | null>(null);
  const on = pending ?? row.anyPrint ?? false;
  const toggle = async () => {
    setPending(!on);
    try {
      await bindersApi.updateCard(binderId, row.id, { anyPrint: !on });
      binderChanged(binderId);
    } catch (err) {
      setPending(null);
      notify.error(errorText(err, 'binders:toasts.updateFailed'));
    }
  };
  return (
    <label className="flex w-fit cursor-pointer items-center gap-1.5 text-xs text-muted" title={t('anyPrint.hint')}>
      <input type="checkbox" className="h-3.5 w-3.5 cursor-pointer accent-[var(--color-accent)]" checked={on} onChange={() => void toggle()} data-testid="any-print" />
      {t('anyPrint.label')}
    </label>
  );
}
