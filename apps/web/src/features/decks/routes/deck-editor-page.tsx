import type { Card } from '@grandline/core/contracts/cards';
import type { DeckDetail } from '@grandline/core/contracts/decks';
import { ONE_PIECE_FORMATS, type OnePieceFormat } from '@grandline/core/decks/formats';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Save, Share2, Upload, X } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { Field, FieldError, TextArea, TextInput } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { Skeleton, Spinner } from '@/components/ui/misc';
import { ErrorState, NotFoundState } from '@/components/ui/query-states';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { deckKeys, deckQuery, decksApi, useDeck } from '@/features/decks/api/decks-api';
import { CardSearchPanel } from '@/features/decks/components/card-search-panel';
import { DeckTabs } from '@/features/decks/components/deck-tabs';
import { ExportDialog } from '@/features/decks/components/export-dialog';
import { ImportDialog } from '@/features/decks/components/import-dialog';
import { ShareDialog } from '@/features/decks/components/share-dialog';
import { ValidationPanel } from '@/features/decks/components/validation-panel';
import { cardInputs, cardsChanged, changedFields, copiesOf, draftFromDeck, draftReducer, emptyDraft, isDirty, mainCount, validateDraft, type DeckDraft } from '@/features/decks/deck-draft';

export const loader = ({ params }: LoaderFunctionArgs) => {
  if (params.id) void queryClient.prefetchQuery(deckQuery(params.id));
  return null;
};

function Editor({ saved: initial, deckId }: { saved: DeckDraft; deckId: string | null }) {
  const { t } = useTranslation('decks');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const uid = useId();
  const [saved, setSaved] = useState(initial);
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const [nameError, setNameError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<'import' | 'export' | 'share' | null>(null);
  const savingRef = useRef(false);
  const dirty = isDirty(saved, draft);
  const validation = useMemo(() => validateDraft(draft), [draft]);
  const tooMany = useMemo(() => new Set(validation.errors.find((e) => e.code === 'TOO_MANY_COPIES')?.cards ?? []), [validation]);

  // Leaving with unsaved changes asks first: in-app navigation (router blocker) and closing the tab (beforeunload).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !savingRef.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const add = (card: Card) => {
    dispatch({ type: 'add', card });
    if (card.cardType === 'Leader') notify.success(t('editor.leaderSet', { name: card.name }));
  };

  const save = async () => {
    if (!draft.name.trim()) {
      setNameError(true);
      document.getElementById(`${uid}-name`)?.focus();
      return;
    }
    setSaving(true);
    savingRef.current = true;
    try {
      let result: DeckDetail;
      if (!deckId) {
        result = await decksApi.create({
          name: draft.name.trim(),
          format: draft.format,
          description: draft.description.trim() || null,
          isPublic: draft.isPublic,
          leaderCardId: draft.leader?.id ?? null,
          coverCardId: draft.cover?.id ?? null,
          cards: cardInputs(draft),
        });
      } else {
        // The cards first: the cover must be a card of the deck when the fields are checked.
        result = cardsChanged(saved, draft) ? await decksApi.replaceCards(deckId, cardInputs(draft)) : (qc.getQueryData<DeckDetail>(deckKeys.detail(deckId)) as DeckDetail);
        const fields = changedFields(saved, draft);
        if (fields) result = await decksApi.update(deckId, fields);
      }
      qc.setQueryData(deckKeys.detail(result.id), result);
      void qc.invalidateQueries({ queryKey: deckKeys.mine() });
      const next = draftFromDeck(result);
      setSaved(next);
      dispatch({ type: 'reset', draft: next });
      notify.success(t(deckId ? 'toasts.updated' : 'toasts.saved'));
      if (!deckId) await navigate(`/deck/${result.id}/edit`, { replace: true });
    } catch (err) {
      const unauthorized = err instanceof ApiError && (err.status === 401 || err.code === 'TOS_REQUIRED');
      notify.error(unauthorized ? t('toasts.mustSignIn') : t(deckId ? 'toasts.updateFailed' : 'toasts.saveFailed'));
    } finally {
      setSaving(false);
      savingRef.current = false;
    }
  };

  const coverOptions = [
    { value: 'none', label: t('editor.noCover') },
    ...(draft.leader ? [{ value: String(draft.leader.id), label: `${draft.leader.name} (${draft.leader.cardNumber})` }] : []),
    ...draft.rows.map((r) => ({ value: String(r.card.id), label: `${r.card.name} (${r.card.cardNumber}${r.card.variant ? ` ${r.card.variant}` : ''})` })),
  ];
  const byId = (id: string) => (draft.leader?.id === Number(id) ? draft.leader : (draft.rows.find((r) => r.card.id === Number(id))?.card ?? null));

  return (
    <div className="flex flex-col gap-5" data-testid="deck-editor">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{deckId ? t('editor.editTitle') : t('editor.newTitle')}</h1>
          <p className="text-sm text-muted" aria-live="polite">
            {dirty ? t('editor.unsaved') : deckId ? t('editor.allSaved') : t('editor.notSavedYet')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('import')} data-testid="open-import">
            <Upload className="h-4 w-4" aria-hidden />
            {t('actions.import')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('export')} data-testid="open-export">
            <Download className="h-4 w-4" aria-hidden />
            {t('actions.export')}
          </Button>
          {deckId && (
            <Button variant="secondary" onClick={() => setDialog('share')} data-testid="open-share">
              <Share2 className="h-4 w-4" aria-hidden />
              {t('actions.share')}
            </Button>
          )}
          <Button onClick={() => void save()} disabled={saving || (!dirty && !!deckId)} data-testid="save-deck">
            {saving ? <Spinner className="h-4 w-4" label={t('actions.save')} /> : <Save className="h-4 w-4" aria-hidden />}
            {t('actions.save')}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="order-2 min-w-0 lg:sticky lg:top-20 lg:order-1 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pr-2">
          <CardSearchPanel onAdd={add} countOf={(card) => (card.cardType === 'Leader' ? (draft.leader?.id === card.id ? 1 : 0) : copiesOf(draft.rows, card.cardNumber))} leaderColors={draft.leader?.colors ?? []} />
        </div>

        <div className="order-1 flex min-w-0 flex-col gap-4 lg:order-2">
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
            <div className="grid gap-4 sm:grid-cols-2">
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
                  <Switch.Root
                    id={`${uid}-public`}
                    checked={draft.isPublic}
                    onCheckedChange={(on) => dispatch({ type: 'setPublic', value: on })}
                    className="relative h-6 w-11 cursor-pointer rounded-full bg-border transition-colors data-[state=checked]:bg-accent"
                    data-testid="deck-public"
                  >
                    <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                  </Switch.Root>
                  <span className="text-sm text-muted">{t(draft.isPublic ? 'visibility.publicHint' : 'visibility.privateHint')}</span>
                </div>
              </div>
            </div>
            <Field id={`${uid}-description`} label={t('editor.description')}>
              <TextArea id={`${uid}-description`} rows={2} className="min-h-16" maxLength={2000} value={draft.description} onChange={(e) => dispatch({ type: 'set', field: 'description', value: e.target.value })} />
            </Field>
          </section>

          <section className="grid grid-cols-[5.5rem_1fr] gap-4 rounded-2xl border border-border bg-surface p-4 sm:p-5" aria-labelledby={`${uid}-leader`}>
            <div className="w-[5.5rem]">
              {draft.leader ? <CardImage card={draft.leader} /> : <div className="flex aspect-[600/838] items-center justify-center rounded-[4.5%] border border-dashed border-border p-2 text-center text-xs text-muted">{t('editor.noLeaderYet')}</div>}
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
                <p className="text-sm text-muted">{t('editor.pickLeader')}</p>
              )}
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${uid}-cover`} className="text-sm font-medium">
                  {t('editor.cover')}
                </label>
                <Select
                  id={`${uid}-cover`}
                  label={t('editor.cover')}
                  value={draft.cover ? String(draft.cover.id) : 'none'}
                  onValueChange={(v) => dispatch({ type: 'setCover', card: v === 'none' ? null : byId(v) })}
                  options={coverOptions}
                  className="w-full"
                />
                <FieldError id={`${uid}-cover-hint`} message={undefined} />
              </div>
            </div>
          </section>

          <ValidationPanel validation={validation} leader={draft.leader} rows={draft.rows} />

          <DeckTabs
            rows={draft.rows}
            mainCount={mainCount(draft)}
            tooMany={tooMany}
            onQuantity={(cardId, quantity) => dispatch({ type: 'setQuantity', cardId, quantity })}
            withCollection
            leader={draft.leader}
          />
        </div>
      </div>

      <ImportDialog
        open={dialog === 'import'}
        onOpenChange={(o) => setDialog(o ? 'import' : null)}
        format={draft.format}
        onImport={(leader, rows, mode) => {
          if (mode === 'replace') dispatch({ type: 'replaceCards', leader, rows });
          else {
            if (leader) dispatch({ type: 'setLeader', card: leader });
            for (const r of rows) dispatch({ type: 'add', card: r.card, count: r.quantity });
          }
          notify.success(t('import.done'));
        }}
      />
      <ExportDialog open={dialog === 'export'} onOpenChange={(o) => setDialog(o ? 'export' : null)} name={draft.name} leader={draft.leader} rows={draft.rows} />
      {deckId && (
        <ShareDialog
          open={dialog === 'share'}
          onOpenChange={(o) => setDialog(o ? 'share' : null)}
          deckId={deckId}
          isPublic={saved.isPublic}
          onMakePublic={() => {
            dispatch({ type: 'setPublic', value: true });
            setDialog(null);
            notify.info(t('share.saveToPublish'));
          }}
        />
      )}
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
    </div>
  );
}

/** /deck/new and /deck/{id}/edit (signed in): the deck editor. */
export function DeckEditorPage() {
  const { t } = useTranslation('decks');
  const { id } = useParams();
  useEffect(() => {
    document.title = `${t(id ? 'editor.editTitle' : 'editor.newTitle')} · Grand Line`;
  }, [t, id]);
  if (!id) return <Editor key="new" saved={emptyDraft()} deckId={null} />;
  return <ExistingDeckEditor id={id} />;
}

function ExistingDeckEditor({ id }: { id: string }) {
  const { t } = useTranslation('decks');
  const deck = useDeck(id);
  if (deck.isPending) return <Skeleton className="h-96" />;
  if (deck.isError) {
    if (deck.error instanceof ApiError && deck.error.status === 404) return <NotFoundState title={t('view.notFound')} hint={t('view.notFoundHint')} />;
    return <ErrorState title={t('view.loadFailed')} onRetry={() => void deck.refetch()} />;
  }
  if (!deck.data.owner.isYou) return <NotFoundState title={t('view.notFound')} hint={t('view.notFoundHint')} />;
  return <Editor key={id} saved={draftFromDeck(deck.data)} deckId={id} />;
}
