import type { BinderCardRow } from '@grandline/core/contracts/binders';
import { ImageIcon, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuItem, MenuTrigger } from '@/components/ui/dropdown-menu';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { binderChanged, bindersApi } from '@/features/binders/api/binders-api';
// Its form (zod schemas, react-hook-form) loads when a row is edited.
const RowDetailsDialog = lazy(() => import('./row-details-dialog').then((m) => ({ default: m.RowDetailsDialog })));

/** Row actions for the owner: edit the row's details, make the card the binder's cover, or remove it. */
export function RowMenu({ row, binderId, isCover }: { row: BinderCardRow; binderId: string; isCover: boolean }) {
  const { t } = useTranslation('binders');
  const [editing, setEditing] = useState(false);
  const setCover = async () => {
    try {
      await bindersApi.update(binderId, { coverCardId: row.card.id });
      binderChanged(binderId);
      notify.success(t('toasts.coverUpdated'));
    } catch (err) {
      notify.error(errorText(err, 'binders:toasts.coverFailed'));
    }
  };
  const remove = async () => {
    try {
      await bindersApi.removeCards(binderId, [row.id]);
      binderChanged(binderId);
      notify.success(t('toasts.removed', { name: row.card.name }));
    } catch (err) {
      notify.error(errorText(err, 'binders:toasts.updateFailed'));
    }
  };
  return (
    <>
      <Menu
        trigger={
          <MenuTrigger className="inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2" aria-label={t('cards.actions', { name: row.card.name })}>
            <MoreHorizontal className="h-4 w-4" aria-hidden />
          </MenuTrigger>
        }
        sideOffset={4}
        className="min-w-48 p-1"
      >
        <MenuItem onSelect={() => setEditing(true)} testId="row-edit-details">
          <Pencil className="h-4 w-4" aria-hidden />
          {t('details.open')}
        </MenuItem>
        <MenuItem disabled={isCover} onSelect={() => void setCover()}>
          <ImageIcon className="h-4 w-4" aria-hidden />
          {isCover ? t('cards.isCover') : t('cards.setCover')}
        </MenuItem>
        <MenuItem className="text-danger" onSelect={() => void remove()}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {t('cards.removeAll')}
        </MenuItem>
      </Menu>
      {editing && (
        <Suspense fallback={null}>
          <RowDetailsDialog row={row} binderId={binderId} open onOpenChange={setEditing} />
        </Suspense>
      )}
    </>
  );
}
