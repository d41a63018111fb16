import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/misc';
import { notify } from '../../../lib/toast';
import { decksApi, deckKeys } from '../api/decks-api';

/** "Delete this deck?" with the deck's name; resolves the list and tells the user. */
export function DeleteDeckDialog({
  deck,
  open,
  onOpenChange,
  onDeleted,
}: {
  deck: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('decks');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await decksApi.remove(deck.id);
      queryClient.removeQueries({ queryKey: deckKeys.detail(deck.id) });
      await queryClient.invalidateQueries({ queryKey: deckKeys.mine() });
      notify.success(t('toasts.deleted'));
      onOpenChange(false);
      onDeleted?.();
    } catch {
      notify.error(t('toasts.deleteFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{t('delete.text', { name: deck.name })}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">{t('actions.cancel')}</Button>
            </AlertDialog.Cancel>
            <Button variant="dangerSolid" onClick={() => void remove()} disabled={busy} data-testid="delete-deck-confirm">
              {busy && <Spinner className="h-4 w-4" label={t('actions.delete')} />}
              {t('actions.delete')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
