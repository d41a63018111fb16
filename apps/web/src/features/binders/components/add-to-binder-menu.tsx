import type { Card } from '@grandline/core/contracts/cards';
import { Briefcase, Library, SquarePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuItem, MenuNote, PickerMenu } from '@/components/ui/dropdown-menu';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { binderChanged, bindersApi, useMyBinders } from '@/features/binders/api/binders-api';

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
    } catch (err) {
      notify.failure(err, errorText(err, 'quickadd:binder.failed'));
    }
  };
  return (
    <PickerMenu
      icon={<SquarePlus className="h-4 w-4" aria-hidden />}
      text={t('binder.button')}
      testId="add-to-binder"
      className="max-h-80 w-64 max-w-[calc(100vw-1rem)] overflow-y-auto p-1"
      menuTestId="add-to-binder-menu"
      label={t('binder.title')}
      query={binders}
      items={shelves}
      loadingLabel={t('binder.loading')}
      failedText={t('binder.loadFailed')}
      empty={<MenuNote>{t('binder.none')}</MenuNote>}
      newTo="/collection/new"
      newText={t('binder.new')}
    >
      {(b) => {
        const Icon = b.category === 'trade' ? Briefcase : Library;
        return (
          <MenuItem key={b.id} onSelect={() => void add(b.id, b.name)}>
            <Icon className="h-4 w-4 shrink-0 text-muted" aria-hidden />
            <span className="min-w-0 flex-1 truncate">{b.name}</span>
            <span className="sr-only">{` (${t(`targets.${b.category}`)})`}</span>
            <span className="shrink-0 text-xs tabular-nums text-muted">{t('picker.cardCount', { count: b.cardCount })}</span>
          </MenuItem>
        );
      }}
    </PickerMenu>
  );
}
