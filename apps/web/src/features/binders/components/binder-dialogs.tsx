import type { BinderCategory, BinderDetail, BinderSummary } from '@grandline/core/contracts/binders';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ShareLinkDialog } from '@/components/share-link-dialog';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { usePlanLimits } from '@/features/plans/api/billing-api';
import { useFamily } from '@/features/plans/api/family-api';
import { binderChanged, binderKeys, bindersApi } from '@/features/binders/api/binders-api';
import { BinderFormFields } from './binder-form';

/** Edit name, description, category and visibility ('Failed to update collection' on error). */
export function EditBinderDialog({ binder, open, onOpenChange }: { binder: BinderDetail; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const categories: BinderCategory[] = binder.category === 'wishlist' ? ['wishlist'] : ['personal', 'trade'];
  const limits = usePlanLimits();
  const inFamily = useFamily().data?.role != null;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('edit.title')} closeLabel={t('actions.close')} testId="edit-binder-dialog" size="lg">
      <BinderFormFields
        privateLocked={limits ? !limits.privateItems : false}
        familyAvailable={inFamily}
        defaults={{ name: binder.name, description: binder.description ?? '', category: binder.category, isPublic: binder.isPublic, familyShared: binder.familyShared }}
        categories={categories}
        submitLabel={t('actions.save')}
        cancelLabel={t('actions.cancel')}
        onCancel={() => onOpenChange(false)}
        onSubmit={async (values) => {
          try {
            await bindersApi.update(binder.id, { ...values, description: values.description || null });
            binderChanged(binder.id);
            notify.success(t('toasts.updated'));
            onOpenChange(false);
          } catch (err) {
            notify.failure(err, errorText(err, 'binders:toasts.updateFailed'));
          }
        }}
      />
    </Modal>
  );
}

/** "Delete this binder?" with its name and card count ('Failed to delete collection' on error). */
export function DeleteBinderDialog({
  binder,
  open,
  onOpenChange,
  onDeleted,
}: {
  binder: Pick<BinderSummary, 'id' | 'name' | 'cardCount'>;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('binders');
  const queryClient = useQueryClient();
  return (
    <DeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      text={t('delete.text', { name: binder.name, count: binder.cardCount })}
      confirmLabel={t('actions.delete')}
      cancelLabel={t('actions.cancel')}
      remove={() => bindersApi.remove(binder.id)}
      failedText={t('toasts.deleteFailed')}
      onRemoved={() => {
        queryClient.removeQueries({ queryKey: binderKeys.detail(binder.id) });
        binderChanged(binder.id);
        void queryClient.invalidateQueries({ queryKey: binderKeys.wishlist() });
        notify.success(t('toasts.deleted'));
        onDeleted?.();
      }}
      testId="delete-binder-confirm"
    />
  );
}

/** The binder's public link and QR code, with the private-binder warning and a way to make it public. */
export function ShareBinderDialog({ binder, open, onOpenChange, editable }: { binder: BinderDetail; open: boolean; onOpenChange: (o: boolean) => void; editable: boolean }) {
  const { t } = useTranslation('binders');
  const makePublic = async () => {
    try {
      await bindersApi.update(binder.id, { isPublic: true });
      binderChanged(binder.id);
      notify.success(t('toasts.madePublic'));
    } catch (err) {
      notify.failure(err, errorText(err, 'binders:toasts.updateFailed'));
    }
  };
  return (
    <ShareLinkDialog
      ns="binders"
      open={open}
      onOpenChange={onOpenChange}
      path={`/collection/${binder.id}`}
      isPublic={binder.isPublic}
      onMakePublic={editable ? () => void makePublic() : undefined}
    />
  );
}
