import type { Card } from '@grandline/core/contracts/cards';
import { readCardNumbers } from '@grandline/core/scan/card-number';
import { useQuery } from '@tanstack/react-query';
import { Camera, Keyboard, Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { printsQuery } from '@/features/scan/api/prints';
import { MAX_COPIES, type ScanRow as Row } from '@/features/scan/scan-session';
import { productCode } from '@grandline/core/set-code';

/** The card number in typed text (look-alikes corrected: "op05-ll9" is OP05-119), or null when there is none. */
export function typedNumber(text: string): string | null {
  return readCardNumbers(text.toUpperCase())[0]?.cardNumber ?? null;
}

/** The base print first, then the parallels and alternate arts in catalogue order. */
const orderPrints = (prints: readonly Card[]) => [...prints].sort((a, b) => Number(a.isVariation) - Number(b.isVariation) || a.id - b.id);

interface ScanRowProps {
  row: Row;
  onCorrect: (cardNumber: string) => void;
  onPick: (cardId: number) => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One scanned card: its number (typed over when the camera misread it), the print picked among the number's prints,
 * how many copies, and removal.
 */
export function ScanRow({ row, onCorrect, onPick, onQuantity, onRemove }: ScanRowProps) {
  const { t } = useTranslation('scan');
  const prints = useQuery(printsQuery(row.cardNumber));
  const ordered = prints.data ? orderPrints(prints.data) : [];
  const picked = ordered.find((c) => c.id === row.cardId) ?? null;
  const id = useId();
  const [draft, setDraft] = useState(row.cardNumber);
  const [invalid, setInvalid] = useState(false);

  // The base print is picked for the user as soon as the prints are known; they change it if they hold another.
  const first = ordered[0]?.id;
  useEffect(() => {
    if (row.cardId === null && first !== undefined) onPick(first);
  }, [row.cardId, first, onPick]);

  const commit = () => {
    const number = typedNumber(draft);
    if (!number) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(number);
    onCorrect(number);
  };

  const Source = row.source === 'camera' ? Camera : Keyboard;
  return (
    <li
      className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-start gap-x-3 gap-y-2 rounded-xl border border-border bg-surface p-3 sm:grid-cols-[3.5rem_minmax(0,1fr)_auto]"
      data-testid="scan-row"
      data-card-number={row.cardNumber}
    >
      <div className="row-span-2">
        {picked ? <CardImage card={picked} sizes="56px" /> : <Skeleton className={cn('aspect-[600/838] w-full', !prints.isPending && 'animate-none')} />}
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex items-center gap-2">
          <Source className="h-3.5 w-3.5 shrink-0 text-muted" aria-label={t(`row.source.${row.source}`)} />
          <label htmlFor={`${id}-number`} className="sr-only">
            {t('row.numberLabel')}
          </label>
          <div className="w-32">
            <input
              id={`${id}-number`}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value.slice(0, 20));
                setInvalid(false);
              }}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit();
                }
              }}
              className={cn(inputClass(invalid), 'font-mono uppercase')}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              autoComplete="off"
              spellCheck={false}
              data-testid="scan-row-number"
            />
          </div>
        </div>
        {invalid && (
          <p id={`${id}-error`} className="text-xs text-danger" role="alert">
            {t('errors.notANumber')}
          </p>
        )}
        <RowDetail prints={prints} picked={picked} />
      </div>
      <div className="col-start-2 flex items-center gap-1 sm:col-start-3 sm:row-start-1">
        <div className="flex items-center rounded-lg border border-border" role="group" aria-label={t('row.quantityLabel')}>
          <Button type="button" variant="ghost" size="icon" className="h-9 w-9" onClick={() => onQuantity(row.quantity - 1)} disabled={row.quantity <= 1} aria-label={t('row.less')}>
            <Minus className="h-4 w-4" aria-hidden />
          </Button>
          <span className="min-w-7 text-center text-sm font-semibold tabular-nums" aria-live="polite" data-testid="scan-row-quantity">
            {formatNumber(row.quantity)}
          </span>
          <Button type="button" variant="ghost" size="icon" className="h-9 w-9" onClick={() => onQuantity(row.quantity + 1)} disabled={row.quantity >= MAX_COPIES} aria-label={t('row.more')}>
            <Plus className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        <Button type="button" variant="ghost" size="icon" className="h-9 w-9 text-muted hover:text-danger" onClick={onRemove} aria-label={t('row.remove', { number: row.cardNumber })} data-testid="scan-row-remove">
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {ordered.length > 1 && (
        <div role="group" aria-label={t('row.printsLabel', { number: row.cardNumber })} className="col-span-2 flex flex-wrap gap-1.5 sm:col-start-2" data-testid="scan-row-prints">
          {ordered.map((card) => (
            <button
              key={card.id}
              type="button"
              onClick={() => onPick(card.id)}
              aria-pressed={card.id === row.cardId}
              className={cn(
                'rounded-md border px-2 py-1 text-xs font-medium transition-colors',
                card.id === row.cardId ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:bg-surface-2 hover:text-fg',
              )}
              data-testid="scan-row-print"
            >
              {card.variant ? t('row.variantPrint', { variant: card.variant }) : t('row.basePrint')}
              {card.set?.code ? <span className="ml-1 opacity-70">{productCode(card.set.code)}</span> : null}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** The picked print's name and set, or why there is none. */
function RowDetail({ prints, picked }: { prints: ReturnType<typeof useQuery<Card[]>>; picked: Card | null }) {
  const { t } = useTranslation('scan');
  if (prints.isPending) return <Skeleton className="h-4 w-40" />;
  if (prints.isError) {
    return (
      <p className="text-sm text-danger" data-testid="scan-row-problem">
        {t('row.lookupFailed')}{' '}
        <button type="button" className="underline underline-offset-2" onClick={() => void prints.refetch()}>
          {t('row.retry')}
        </button>
      </p>
    );
  }
  if (!prints.data.length) {
    return (
      <p className="text-sm text-danger" data-testid="scan-row-problem">
        {t('row.noMatch')}
      </p>
    );
  }
  if (!picked) return <Skeleton className="h-4 w-40" />;
  return (
    <p className="min-w-0 truncate text-sm" data-testid="scan-row-name">
      <span className="font-medium">{picked.name}</span>
      {picked.set && <span className="text-muted"> · {picked.set.name}</span>}
    </p>
  );
}
