import type { Card } from '@grandline/core/contracts/cards';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { QuickAddState } from '@/features/quick-add/quick-add-state';
import { useTargetText } from './target-text';
import { useQuickAddCard } from '@/features/quick-add/use-quick-add-card';

const VARIANTS = {
  /** Over the top right corner of a card tile's image. */
  tile: 'h-9 gap-1 rounded-full bg-accent pl-2.5 pr-3.5 text-sm font-semibold text-accent-fg shadow-lg ring-1 ring-black/15 hover:brightness-110',
  /** In the first column of the list view. */
  row: 'h-8 gap-1 rounded-md bg-accent px-2.5 text-xs font-semibold text-accent-fg shadow-sm hover:brightness-110',
} as const;

/**
 * "Add" for one card in quick-add mode: one copy to the target per press. The copies added in this session
 * show in a small counter; the toast says what happened.
 */
export function QuickAddButton({ card, state, variant = 'tile' }: { card: Card; state: QuickAddState; variant?: keyof typeof VARIANTS | 'page' }) {
  const { t } = useTranslation('quickadd');
  const text = useTargetText();
  const add = useQuickAddCard();
  const [busy, setBusy] = useState(false);
  const count = state.perCard[String(card.id)] ?? 0;
  const onClick = async () => {
    setBusy(true);
    await add(state.target, card);
    setBusy(false);
  };
  const icon = busy ? <Spinner className="h-4 w-4 border-[1.5px]" label={t('button.adding')} /> : <Plus className="h-4 w-4" strokeWidth={2.5} aria-hidden />;
  if (variant === 'page') {
    return (
      <button
        type="button"
        className={buttonClass('primary', 'sm', 'px-2.5 sm:px-3')}
        onClick={() => void onClick()}
        aria-label={t('button.addThisLabel', { target: text.name(state.target) })}
        title={t('button.addThisLabel', { target: text.name(state.target) })}
        aria-busy={busy}
        data-testid="quick-add-this"
      >
        {icon}
        <span className="hidden sm:inline">{t('button.addThis')}</span>
        {count > 0 && (
          <span className="rounded-full bg-accent-fg/15 px-1.5 text-xs tabular-nums" aria-hidden>
            {count}
          </span>
        )}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-label={t('button.label', { card: card.name, target: text.name(state.target) })}
      aria-busy={busy}
      title={t('button.label', { card: card.name, target: text.name(state.target) })}
      className={cn('relative inline-flex shrink-0 cursor-pointer select-none items-center transition', VARIANTS[variant])}
      data-testid="quick-add-card"
      data-card-number={card.cardNumber}
    >
      {icon}
      {t('button.add')}
      {count > 0 && (
        <span
          className="absolute -right-1.5 -top-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-fg px-1 text-[0.6875rem] font-bold tabular-nums text-bg shadow ring-2 ring-bg"
          data-testid="quick-add-card-count"
          aria-hidden
        >
          {count}
        </span>
      )}
    </button>
  );
}

/** The (visually hidden) header of the list view's quick-add column. */
export function QuickAddColumnLabel() {
  const { t } = useTranslation('quickadd');
  return <>{t('bar.label')}</>;
}
