import type { DeckSummary } from '@grandline/core/contracts/decks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import { decksApi, deckKeys } from '@/features/decks/api/decks-api';

/** "Delete this deck?" with the deck's name; resolves the list and tells the user. */
export function DeleteDeckDialog({
  deck,
  open,
  onOpenChange,
  onDeleted,
}: {
  deck: Pick<DeckSummary, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('decks');
  const queryClient = useQueryClient();
  return (
    <DeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      text={t('delete.text', { name: deck.name })}
      confirmLabel={t('actions.delete')}
      cancelLabel={t('actions.cancel')}
      remove={() => decksApi.remove(deck.id)}
      failedText={t('toasts.deleteFailed')}
      onRemoved={async () => {
        queryClient.removeQueries({ queryKey: deckKeys.detail(deck.id) });
        await queryClient.invalidateQueries({ queryKey: deckKeys.mine() });
        notify.success(t('toasts.deleted'));
        onDeleted?.();
      }}
      testId="delete-deck-confirm"
    />
  );
}
