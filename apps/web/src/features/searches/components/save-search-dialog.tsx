import { CreateSavedSearchRequest } from '@grandline/core/contracts/searches';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Field, FormMessage, TextInput, describedBy } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { errorText, isPlanLimit, validationText } from '@/lib/error-text';
import { notify, SUBSCRIPTION_PATH } from '@/lib/toast';
import { useSaveSearch } from '@/features/searches/api/saved-searches-api';
import { useListState } from '@/features/searches/list-state';

const NAME_MAX = 80;
const NameSchema = CreateSavedSearchRequest.shape.name;

/** What to tell about a failed save: the language's own message for a query it cannot read, else errorText. */
function saveErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code === 'QUERY_INVALID' && err.message) return err.message;
  return errorText(err, 'common:savedSearches.saveFailed');
}

/**
 * Names the library's current query and saves it (POST /api/searches). The name starts as the query (cut to 80
 * characters) and is checked with the contract's schema before it is sent; what the server refuses shows in the
 * dialog, a plan's limit with the way to the plans. A saved search opens the sidebar's list, where it now is.
 */
export function SaveSearchDialog({ q, open, onOpenChange }: { q: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSearch();
  const [, setList] = useListState();
  const [name, setName] = useState(() => q.slice(0, NAME_MAX));
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<{ text: string; locked: boolean } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = NameSchema.safeParse(name);
    if (!checked.success) {
      setNameError(validationText(checked.error.issues[0]?.message));
      return;
    }
    setNameError(undefined);
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ name: checked.data, q });
      setList({ open: true });
      notify.success(t('savedSearches.saved', { name: saved.name }), { id: 'saved-search' });
      onOpenChange(false);
    } catch (err) {
      setFormError({ text: saveErrorText(err), locked: isPlanLimit(err) });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('savedSearches.saveTitle')}
      description={t('savedSearches.saveLead')}
      closeLabel={t('actions.close')}
      testId="save-search-dialog"
      footer={
        <>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} aria-busy={save.isPending} data-testid="save-search-submit">
            {t('savedSearches.save')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
        <Field id={`${id}-name`} label={t('savedSearches.name')} error={nameError} hint={t('savedSearches.nameHint', { max: NAME_MAX })}>
          <TextInput
            id={`${id}-name`}
            value={name}
            maxLength={NAME_MAX}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
            invalid={!!nameError}
            {...describedBy(`${id}-name`, nameError, true)}
            data-testid="save-search-name"
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{t('savedSearches.query')}</span>
          <code className="block break-all rounded-lg bg-surface-2 px-3 py-2 font-mono text-xs text-fg" data-testid="save-search-query">
            {q}
          </code>
        </div>
        {formError && (
          <FormMessage>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span data-testid="save-search-error">{formError.text}</span>
              {formError.locked && (
                <Link to={SUBSCRIPTION_PATH} className={buttonClass('secondary', 'sm')} data-testid="save-search-plans">
                  {t('plans.seePlans')}
                </Link>
              )}
            </span>
          </FormMessage>
        )}
      </form>
    </Modal>
  );
}
