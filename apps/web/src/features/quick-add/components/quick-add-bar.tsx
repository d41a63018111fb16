import type { Card } from '@grandline/core/contracts/cards';
import { useQuery } from '@tanstack/react-query';
import { X, Zap } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { myBindersQuery } from '@/features/binders/api/binders-api';
import { myDecksQuery } from '@/features/decks/api/decks-api';
import { QuickAddButton } from './quick-add-button';
import { QuickAddPicker } from './quick-add-picker';
import { reconcileTarget, type QuickAddState } from '@/features/quick-add/quick-add-state';
import { quickAddStore } from '@/features/quick-add/api/quick-add-store';
import { TargetIcon, useTargetText } from './target-text';

/** Keeps the target as the user's lists describe it: renamed elsewhere, or gone (then quick-add ends). */
function useReconciledTarget(state: QuickAddState) {
  const { t } = useTranslation('quickadd');
  const decks = useQuery({ ...myDecksQuery(), enabled: state.target.kind === 'deck' });
  const binders = useQuery({ ...myBindersQuery(), enabled: state.target.kind === 'binder' });
  useEffect(() => {
    const next = reconcileTarget(state.target, { decks: decks.data, binders: binders.data });
    if (next === null) {
      quickAddStore.exit();
      notify.info(t('toasts.gone'));
    } else if (next !== state.target) {
      quickAddStore.retarget(next);
    }
  }, [state.target, decks.data, binders.data, t]);
}

/**
 * The quick-add bar: sticks under the header while the mode is on, names the target, counts what was added,
 * and offers Change and Exit. With `card` (a card's own page) it also adds that card.
 */
export function QuickAddBar({ state, card, className }: { state: QuickAddState; card?: Card; className?: string }) {
  const { t } = useTranslation('quickadd');
  const text = useTargetText();
  useReconciledTarget(state);
  const exit = () => {
    quickAddStore.exit();
    // Focus goes back to the control that starts the mode (on the library page), or to the page.
    requestAnimationFrame(() => (document.querySelector<HTMLElement>('[data-quick-add-trigger]') ?? document.getElementById('main'))?.focus());
  };
  // Stuck under the header on a strip of the page colour, so nothing scrolls by in the gap above the bar.
  return (
    <div className={cn('sticky top-16 z-20 -mt-2 mb-5 bg-bg pt-2', className)}>
      <section
        aria-label={t('bar.label')}
        className="flex flex-wrap items-center gap-x-2 gap-y-1.5 rounded-xl border border-accent/60 bg-surface py-2 pl-2 pr-1.5 shadow-lg shadow-black/10 sm:gap-3 sm:pl-3 sm:pr-2"
        data-testid="quick-add-bar"
      >
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-fg" aria-hidden>
          <Zap className="h-4.5 w-4.5 fill-current" />
        </span>
        {/* The name keeps at least 7.5rem: on a phone the controls go to a second row before it is cut short. */}
        <div className="min-w-[7.5rem] flex-1">
          <p className="hidden text-[0.6875rem] font-semibold uppercase leading-4 tracking-wide text-muted sm:block">{t('bar.on')}</p>
          <p className="flex min-w-0 items-center gap-1.5 text-sm leading-5">
            <span className="hidden shrink-0 text-muted sm:inline">{t('bar.addingTo')}</span>
            <span className="sr-only sm:hidden">{t('bar.addingTo')}</span>
            <TargetIcon target={state.target} className="h-4 w-4 shrink-0 text-muted" />
            <strong className="min-w-0 truncate font-semibold" data-testid="quick-add-target">
              {text.name(state.target)}
            </strong>
            <span className="hidden shrink-0 text-muted md:inline">· {text.kind(state.target)}</span>
          </p>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <span className="shrink-0 rounded-full bg-surface-2 px-2.5 py-1 text-xs font-medium tabular-nums text-fg ring-1 ring-border" data-testid="quick-add-count">
            {t('bar.added', { count: state.added })}
          </span>
          {card && <QuickAddButton card={card} state={state} variant="page" />}
          <QuickAddPicker variant="change" />
          <Button variant="ghost" size="sm" onClick={exit} className="shrink-0 px-2 sm:px-3" aria-label={t('bar.exitLabel')} title={t('bar.exitLabel')} data-testid="quick-add-exit">
            <X className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">{t('bar.exit')}</span>
          </Button>
        </div>
      </section>
    </div>
  );
}
