import type { Card } from '@grandline/core/contracts/cards';
import { Briefcase, Library, Plus, SquarePlus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/misc';
import { menuItem as item, popoverSurface } from '@/components/ui/styles';
import { notify } from '@/lib/toast';
import { binderChanged, bindersApi, useMyBinders } from '@/features/binders/api/binders-api';

const groupLabel = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted';

/** "Add to binder" on a card page: pick one of your Personal or Trade binders and one copy of this print is added. */
export function AddToBinderMenu({ card }: { card: Card }) {
  const { t } = useTranslation('quickadd');
  const binders = useMyBinders();
  const shelves = binders.data?.filter((b) => b.category === 'personal' || b.category === 'trade');
  const add = async (id: string, name: string) => {
    try {
      await bindersApi.addCards(id, [{ cardId: card.id, quantity: 1 }]);
      binderChanged(id);
      notify.success(t('binder.added', { binder: name }));
    } catch {
      notify.error(t('binder.failed'));
    }
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass('secondary', 'md')} data-testid="add-to-binder">
        <SquarePlus className="h-4 w-4" aria-hidden />
        {t('binder.button')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className={`${popoverSurface} max-h-80 w-64 max-w-[calc(100vw-1rem)] overflow-y-auto p-1`}
          data-testid="add-to-binder-menu"
        >
          <DropdownMenu.Label className={groupLabel}>{t('binder.title')}</DropdownMenu.Label>
          {binders.isPending && (
            <div className="flex justify-center py-3">
              <Spinner className="h-4 w-4" label={t('binder.loading')} />
            </div>
          )}
          {binders.isError && <p className="px-3 py-2 text-sm text-muted">{t('binder.loadFailed')}</p>}
          {shelves?.map((b) => {
            const Icon = b.category === 'trade' ? Briefcase : Library;
            return (
              <DropdownMenu.Item key={b.id} className={item} onSelect={() => void add(b.id, b.name)}>
                <Icon className="h-4 w-4 shrink-0 text-muted" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{b.name}</span>
                <span className="sr-only">{` (${t(`targets.${b.category}`)})`}</span>
                <span className="shrink-0 text-xs tabular-nums text-muted">{t('picker.cardCount', { count: b.cardCount })}</span>
              </DropdownMenu.Item>
            );
          })}
          {shelves?.length === 0 && <p className="px-3 py-2 text-sm text-muted">{t('binder.none')}</p>}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={item}>
            <Link to="/collection/new">
              <Plus className="h-4 w-4" aria-hidden />
              {t('binder.new')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
