import type { BinderCategory } from '@grandline/core/contracts/binders';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { usePlanLimits } from '@/features/plans/api/billing-api';
import { useFamily } from '@/features/plans/api/family-api';
import { binderChanged, bindersApi, useMyBinders } from '@/features/binders/api/binders-api';
import { BinderFormFields } from '@/features/binders/components/binder-form';
import { PageTitle } from '@/components/page-title';

/** /collection/new: name, description, category (must be chosen) and visibility; then the new binder opens. */
export function NewBinderPage() {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const navigate = useNavigate();
  const binders = useMyBinders();
  const limits = usePlanLimits();
  const inFamily = useFamily().data?.role != null;
  const hasWishlist = binders.data?.some((b) => b.category === 'wishlist') ?? false;
  const categories: BinderCategory[] = hasWishlist ? ['personal', 'trade'] : ['personal', 'trade', 'wishlist'];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col" data-testid="new-binder-page">
      <PageTitle title={t('new.title')} />
      <PageHeader title={t('new.title')} description={t('new.lead')} />
      <div className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <BinderFormFields
        privateLocked={limits ? !limits.privateItems : false}
        familyAvailable={inFamily}
          categories={categories}
          submitLabel={t('new.create')}
          cancelLabel={t('actions.cancel')}
          onCancel={() => void navigate('/collection')}
          onSubmit={async (values) => {
            try {
              const created = await bindersApi.create({ ...values, description: values.description || null });
              binderChanged(created.id);
              notify.success(t('toasts.created'));
              void navigate(created.category === 'wishlist' ? '/wishlist' : `/collection/${created.id}`);
            } catch (err) {
              notify.failure(err, errorText(err, 'binders:toasts.createFailed'));
            }
          }}
        />
      </div>
    </div>
  );
}
