import { ArrowLeftRight, Plus, Zap } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/misc';
import { choiceIndicator, choiceItem, menuItem, popoverSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { useMyBinders } from '@/features/binders/api/binders-api';
import { useMyDecks } from '@/features/decks/api/decks-api';
import { targetKey, type QuickAddTarget } from '@/features/quick-add/quick-add-state';
import { useQuickAdd } from '@/features/quick-add/api/quick-add-store';
import { TargetIcon } from './target-text';

const groupLabel = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted';

function Count({ children }: { children: string }) {
  return <span className="ml-auto shrink-0 pl-3 text-xs tabular-nums text-muted">{children}</span>;
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-3">
      <Spinner className="h-4 w-4" label={label} />
    </div>
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
    <DropdownMenu.RadioGroup
      value={current}
      onValueChange={(key) => {
        const target = targets.get(key);
        if (target) onPick(target);
      }}
    >
      <DropdownMenu.Label className={groupLabel}>{t('picker.decks')}</DropdownMenu.Label>
      {decks.isPending && <Loading label={t('picker.loading')} />}
      {decks.isError && <p className="px-3 py-2 text-sm text-muted">{t('picker.decksFailed')}</p>}
      {decks.data?.map((d) => {
        const target = targets.get(`deck:${d.id}`)!;
        return (
          <DropdownMenu.RadioItem key={d.id} value={`deck:${d.id}`} className={choiceItem} data-testid="quick-add-choice">
            <DropdownMenu.ItemIndicator className={choiceIndicator}>
              <span className="block h-2 w-2 rounded-full bg-accent" />
            </DropdownMenu.ItemIndicator>
            <TargetIcon target={target} className="h-4 w-4 shrink-0 text-muted" />
            <span className="min-w-0 truncate">{d.name}</span>
            <Count>{t('picker.cardCount', { count: d.mainCount })}</Count>
          </DropdownMenu.RadioItem>
        );
      })}
      {decks.data?.length === 0 && (
        <DropdownMenu.Item asChild className={cn(menuItem, 'text-muted')}>
          <Link to="/deck/new">
            <Plus className="h-4 w-4" aria-hidden />
            {t('picker.newDeck')}
          </Link>
        </DropdownMenu.Item>
      )}

      <DropdownMenu.Separator className="my-1 h-px bg-border" />
      <DropdownMenu.Label className={groupLabel}>{t('picker.binders')}</DropdownMenu.Label>
      {binders.isPending && <Loading label={t('picker.loading')} />}
      {binders.isError && <p className="px-3 py-2 text-sm text-muted">{t('picker.bindersFailed')}</p>}
      {shelves?.map((b) => {
        const target = targets.get(`binder:${b.id}`)!;
        return (
          <DropdownMenu.RadioItem key={b.id} value={`binder:${b.id}`} className={choiceItem} data-testid="quick-add-choice">
            <DropdownMenu.ItemIndicator className={choiceIndicator}>
              <span className="block h-2 w-2 rounded-full bg-accent" />
            </DropdownMenu.ItemIndicator>
            <TargetIcon target={target} className="h-4 w-4 shrink-0 text-muted" />
            <span className="min-w-0 truncate">{b.name}</span>
            <span className="sr-only">{` (${t(`targets.${b.category}`)})`}</span>
            <Count>{t('picker.cardCount', { count: b.cardCount })}</Count>
          </DropdownMenu.RadioItem>
        );
      })}
      {shelves?.length === 0 && (
        <DropdownMenu.Item asChild className={cn(menuItem, 'text-muted')}>
          <Link to="/collection/new">
            <Plus className="h-4 w-4" aria-hidden />
            {t('picker.newBinder')}
          </Link>
        </DropdownMenu.Item>
      )}
      <DropdownMenu.RadioItem value="wishlist" className={choiceItem} data-testid="quick-add-choice">
        <DropdownMenu.ItemIndicator className={choiceIndicator}>
          <span className="block h-2 w-2 rounded-full bg-accent" />
        </DropdownMenu.ItemIndicator>
        <TargetIcon target={{ kind: 'wishlist' }} className="h-4 w-4 shrink-0 text-muted" />
        <span className="min-w-0 truncate">{t('targets.wishlist')}</span>
      </DropdownMenu.RadioItem>
    </DropdownMenu.RadioGroup>
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
    <DropdownMenu.Root>
      {variant === 'start' ? (
        <DropdownMenu.Trigger
          className={buttonClass('secondary', 'md', active ? 'border-accent/70 ring-1 ring-accent/40' : undefined)}
          data-testid="quick-add-open"
          data-quick-add-trigger=""
        >
          <Zap className={cn('h-4 w-4', active && 'fill-accent text-accent')} aria-hidden />
          {t('picker.open')}
          {active && <span className="sr-only">{` — ${t('bar.on')}`}</span>}
        </DropdownMenu.Trigger>
      ) : (
        <DropdownMenu.Trigger className={buttonClass('ghost', 'sm', 'px-2 sm:px-3')} aria-label={t('picker.changeLabel')} title={t('picker.changeLabel')} data-testid="quick-add-change">
          <ArrowLeftRight className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">{t('picker.change')}</span>
        </DropdownMenu.Trigger>
      )}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className={`${popoverSurface} max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto p-1`}
          data-testid="quick-add-menu"
        >
          <div className="px-3 pb-1 pt-2">
            <p className="text-sm font-semibold">{t('picker.title')}</p>
            <p className="mt-0.5 text-xs text-muted">{t('picker.hint')}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <Choices current={state ? targetKey(state.target) : ''} onPick={start} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
