import { ArrowLeftRight, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { Menu, MenuLink, MenuQueryItems, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { useMyBinders } from '@/features/binders/api/binders-api';
import { useMyDecks } from '@/features/decks/api/decks-api';
import { targetKey, type QuickAddTarget } from '@/features/quick-add/quick-add-state';
import { useQuickAdd } from '@/features/quick-add/api/quick-add-store';
import { TargetIcon } from './target-text';

/** One target to pick: a deck or binder with its card count (a binder says its category to screen readers), or the wishlist. */
function TargetChoice({ target, count }: { target: QuickAddTarget; count?: number }) {
  const { t } = useTranslation('quickadd');
  return (
    <MenuRadioItem value={targetKey(target)} testId="quick-add-choice">
      <TargetIcon target={target} className="h-4 w-4 shrink-0 text-muted" />
      <span className="min-w-0 truncate">{target.kind === 'wishlist' ? t('targets.wishlist') : target.name}</span>
      {target.kind === 'binder' && <span className="sr-only">{` (${t(`targets.${target.category}`)})`}</span>}
      {count !== undefined && <span className="ml-auto shrink-0 pl-3 text-xs tabular-nums text-muted">{t('picker.cardCount', { count })}</span>}
    </MenuRadioItem>
  );
}

/** "New deck" / "New binder" where there is none to pick. */
function NewTarget({ to, children }: { to: string; children: string }) {
  return (
    <MenuLink to={to} className="text-muted">
      {children}
    </MenuLink>
  );
}

/** The menu's choices: the user's decks, Personal and Trade binders, and the wishlist (loaded when it opens). */
function Choices({ current, onPick }: { current: string; onPick: (target: QuickAddTarget) => void }) {
  const { t } = useTranslation('quickadd');
  const decks = useMyDecks();
  const binders = useMyBinders();
  const shelves = binders.data?.filter((b) => b.category === 'personal' || b.category === 'trade');
  const targets = new Map<string, QuickAddTarget>();
  for (const d of decks.data ?? []) targets.set(`deck:${d.id}`, { kind: 'deck', id: d.id, name: d.name });
  for (const b of shelves ?? []) targets.set(`binder:${b.id}`, { kind: 'binder', id: b.id, name: b.name, category: b.category as 'personal' | 'trade' });
  targets.set('wishlist', { kind: 'wishlist' });

  return (
    <MenuRadioGroup
      value={current}
      onValueChange={(key) => {
        const target = targets.get(key);
        if (target) onPick(target);
      }}
    >
      <MenuQueryItems
        label={t('picker.decks')}
        query={decks}
        items={decks.data}
        loadingLabel={t('picker.loading')}
        failedText={t('picker.decksFailed')}
        empty={<NewTarget to="/deck/new">{t('picker.newDeck')}</NewTarget>}
      >
        {(d) => <TargetChoice key={d.id} target={targets.get(`deck:${d.id}`)!} count={d.mainCount} />}
      </MenuQueryItems>
      <MenuSeparator />
      <MenuQueryItems
        label={t('picker.binders')}
        query={binders}
        items={shelves}
        loadingLabel={t('picker.loading')}
        failedText={t('picker.bindersFailed')}
        empty={<NewTarget to="/collection/new">{t('picker.newBinder')}</NewTarget>}
      >
        {(b) => <TargetChoice key={b.id} target={targets.get(`binder:${b.id}`)!} count={b.cardCount} />}
      </MenuQueryItems>
      <TargetChoice target={{ kind: 'wishlist' }} />
    </MenuRadioGroup>
  );
}

/**
 * Picks the quick-add target: "Quick add" on the library page starts the mode, "Change" on the bar
 * switches target. Only signed-in users with accepted terms get it (the page checks).
 */
export function QuickAddPicker({ variant = 'start' }: { variant?: 'start' | 'change' }) {
  const { t } = useTranslation('quickadd');
  const { state, start } = useQuickAdd();
  const active = Boolean(state);
  return (
    <Menu
      trigger={
        variant === 'start' ? (
          <MenuTrigger
            className={buttonClass('secondary', 'md', active ? 'border-accent/70 ring-1 ring-accent/40' : undefined)}
            data-testid="quick-add-open"
            data-quick-add-trigger=""
          >
            <Zap className={cn('h-4 w-4', active && 'fill-accent text-accent')} aria-hidden />
            {t('picker.open')}
            {active && <span className="sr-only">{` — ${t('bar.on')}`}</span>}
          </MenuTrigger>
        ) : (
          <MenuTrigger className={buttonClass('ghost', 'sm', 'px-2 sm:px-3')} aria-label={t('picker.changeLabel')} title={t('picker.changeLabel')} data-testid="quick-add-change">
            <ArrowLeftRight className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">{t('picker.change')}</span>
          </MenuTrigger>
        )
      }
      className="max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto p-1"
      testId="quick-add-menu"
    >
      <div className="px-3 pb-1 pt-2">
        <p className="text-sm font-semibold">{t('picker.title')}</p>
        <p className="mt-0.5 text-xs text-muted">{t('picker.hint')}</p>
      </div>
      <MenuSeparator />
      <Choices current={state ? targetKey(state.target) : ''} onPick={start} />
    </Menu>
  );
}
