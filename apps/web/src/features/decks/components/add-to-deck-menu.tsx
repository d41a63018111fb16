import type { Card } from '@grandline/core/contracts/cards';
import { BookPlus, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/misc';
import { menuItem as item, popoverSurface } from '@/components/ui/styles';
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
    } catch {
      notify.error(t('quickAdd.failed'));
    }
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass('secondary', 'md')} data-testid="add-to-deck">
        <BookPlus className="h-4 w-4" aria-hidden />
        {t('quickAdd.button')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={`${popoverSurface} max-h-80 min-w-60 overflow-y-auto p-1`}>
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted">{t('quickAdd.title')}</DropdownMenu.Label>
          {decks.isPending && (
            <div className="flex justify-center py-3">
              <Spinner className="h-4 w-4" label={t('quickAdd.loading')} />
            </div>
          )}
          {decks.isError && <p className="px-3 py-2 text-sm text-muted">{t('myDecks.loadFailed')}</p>}
          {decks.data?.map((d) => (
            <DropdownMenu.Item key={d.id} className={item} onSelect={() => void add(d.id, d.name)}>
              <span className="min-w-0 flex-1 truncate">{d.name}</span>
              <span className="text-xs tabular-nums text-muted">{d.mainCount}</span>
            </DropdownMenu.Item>
          ))}
          {decks.data?.length === 0 && <p className="px-3 py-2 text-sm text-muted">{t('quickAdd.noDecks')}</p>}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={item}>
            <Link to="/deck/new">
              <Plus className="h-4 w-4" aria-hidden />
              {t('actions.new')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
