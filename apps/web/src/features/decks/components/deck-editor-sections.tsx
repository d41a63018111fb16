import { ONE_PIECE_FORMATS, type OnePieceFormat } from '@grandline/core/decks/formats';
import { X } from 'lucide-react';
import { Switch } from '@/components/ui/switch';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { Field, FieldError, TextArea, TextInput } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import type { DeckDraft, DraftAction } from '@/features/decks/deck-draft';
import { coverCard, coverOptions, coverValue } from '@/features/decks/deck-editor-state';

interface SectionProps {
  /** The editor's useId(), so every field id stays what it was. */
  uid: string;
  draft: DeckDraft;
  dispatch: Dispatch<DraftAction>;
}

/** Name, format, visibility and description of the deck being edited. */
export function DeckDetailsSection({ uid, draft, dispatch, nameError }: SectionProps & { nameError: boolean }) {
  const { t } = useTranslation(['decks', 'common']);
  // Every plan keeps decks private until their owner shares them (ADR 021).
  const isPublic = draft.isPublic;
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 sm:p-5" aria-label={t('editor.details')}>
      <Field id={`${uid}-name`} label={t('editor.name')} error={nameError && !draft.name.trim() ? t('editor.nameRequired') : undefined}>
        <TextInput
          id={`${uid}-name`}
          value={draft.name}
          maxLength={100}
          invalid={nameError && !draft.name.trim()}
          onChange={(e) => dispatch({ type: 'set', field: 'name', value: e.target.value })}
          data-testid="deck-name"
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${uid}-format`} className="text-sm font-medium">
            {t('editor.format')}
          </label>
          <Select
            id={`${uid}-format`}
            label={t('editor.format')}
            value={draft.format}
            onValueChange={(v) => dispatch({ type: 'setFormat', value: v as OnePieceFormat })}
            options={ONE_PIECE_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
            className="w-full"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${uid}-public`} className="text-sm font-medium">
            {t('editor.visibility')}
          </label>
          <div className="flex h-10 items-center gap-3">
            <Switch
              id={`${uid}-public`}
              checked={isPublic}
              onCheckedChange={(on) => dispatch({ type: 'setPublic', value: on })}
              testId="deck-public"
            />
            <span className="text-sm text-muted">{t(isPublic ? 'visibility.publicHint' : 'visibility.privateHint')}</span>
          </div>
        </div>
      </div>
      <Field id={`${uid}-description`} label={t('editor.description')}>
        <TextArea id={`${uid}-description`} rows={2} className="min-h-16" maxLength={2000} value={draft.description} onChange={(e) => dispatch({ type: 'set', field: 'description', value: e.target.value })} />
      </Field>
    </section>
  );
}

/** The leader slot (image, name, remove) and the cover picker. */
export function LeaderSection({ uid, draft, dispatch }: SectionProps) {
  const { t } = useTranslation('decks');
  return (
    <section className="grid grid-cols-[5.5rem_1fr] gap-4 rounded-2xl border border-border bg-surface p-4 sm:p-5" aria-labelledby={`${uid}-leader`}>
      <div className="w-[5.5rem]">
        {draft.leader ? <CardImage card={draft.leader} sizes="88px" /> : <div className="flex aspect-[600/838] items-center justify-center rounded-[4.5%] border border-dashed border-border p-2 text-center text-xs text-muted">{t('editor.noLeaderYet')}</div>}
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        <h2 id={`${uid}-leader`} className="text-sm font-semibold uppercase tracking-wide text-muted">
          {t('editor.leader')}
        </h2>
        {draft.leader ? (
          <div className="flex items-center gap-2" data-testid="deck-leader">
            <span className="truncate font-semibold">{draft.leader.name}</span>
            <span className="font-mono text-xs text-muted">{draft.leader.cardNumber}</span>
            <Button variant="ghost" size="icon" onClick={() => dispatch({ type: 'setLeader', card: null })} aria-label={t('editor.removeLeader')}>
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {/* Below lg the library is behind the "Add cards" tab, not on the left. */}
            <span className="lg:hidden">{t('editor.pickLeaderPhone')}</span>
            <span className="max-lg:hidden">{t('editor.pickLeader')}</span>
          </p>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${uid}-cover`} className="text-sm font-medium">
            {t('editor.cover')}
          </label>
          <Select
            id={`${uid}-cover`}
            label={t('editor.cover')}
            value={coverValue(draft)}
            onValueChange={(v) => dispatch({ type: 'setCover', card: coverCard(draft, v) })}
            options={coverOptions(draft, t('editor.noCover'))}
            className="w-full"
          />
          <FieldError id={`${uid}-cover-hint`} message={undefined} />
        </div>
      </div>
    </section>
  );
}

/** "Leave without saving?" while the router blocks a navigation away from unsaved changes. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation('decks');
  return (
    <Modal
      open={blocker.state === 'blocked'}
      onOpenChange={(o) => !o && blocker.state === 'blocked' && blocker.reset()}
      title={t('leave.title')}
      description={t('leave.text')}
      closeLabel={t('actions.close')}
      testId="leave-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={() => blocker.state === 'blocked' && blocker.reset()}>
            {t('leave.stay')}
          </Button>
          <Button variant="dangerSolid" onClick={() => blocker.state === 'blocked' && blocker.proceed()} data-testid="leave-confirm">
            {t('leave.leave')}
          </Button>
        </>
      }
    >
      <p className="text-sm">{t('leave.hint')}</p>
    </Modal>
  );
}
