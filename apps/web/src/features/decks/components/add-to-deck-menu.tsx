import type { Card } from '@grandline/core/contracts/cards';
import { BookPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuItem, MenuNote, PickerMenu } from '@/components/ui/dropdown-menu';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { addCardToDeck } from '@/features/decks/api/add-card';
import { useMyDecks } from '@/features/decks/api/decks-api';


/** "Add to deck" on a card page: pick one of your decks and one copy is added at once. */
export function AddToDeckMenu({ card }: { card: Card }) {
  const { t } = useTranslation('decks');
  const decks = useMyDecks();
  const add = async (deckId: string, name: string) => {
    try {
      const deck = await addCardToDeck(deckId, card);
      const copies = deck.cards.filter((r) => r.card.cardNumber === card.cardNumber).reduce((n, r) => n + r.quantity, 0);
      notify.success(card.cardType === 'Leader' ? t('quickAdd.leader', { deck: name }) : t('quickAdd.added', { deck: name, count: copies }));
    } catch (err) {
      notify.failure(err, errorText(err, 'decks:quickAdd.failed'));
    }
  };
  return (
    <PickerMenu
      icon={<BookPlus className="h-4 w-4" aria-hidden />}
      text={t('quickAdd.button')}
      testId="add-to-deck"
      className="max-h-80 min-w-60 overflow-y-auto p-1"
      label={t('quickAdd.title')}
      query={decks}
      items={decks.data}
      loadingLabel={t('quickAdd.loading')}
      failedText={t('myDecks.loadFailed')}
      empty={<MenuNote>{t('quickAdd.noDecks')}</MenuNote>}
      newTo="/deck/new"
      newText={t('actions.new')}
    >
      {(d) => (
        <MenuItem key={d.id} onSelect={() => void add(d.id, d.name)}>
          <span className="min-w-0 flex-1 truncate">{d.name}</span>
          <span className="text-xs tabular-nums text-muted">{d.mainCount}</span>
        </MenuItem>
      )}
    </PickerMenu>
  );
}
