import type { Card } from '@grandline/core/contracts/cards';
import { Download, Save, Share2, Upload } from 'lucide-react';
import { useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { DetailState } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { useDeck } from '@/features/decks/api/decks-api';
import { saveDeck } from '@/features/decks/api/save-deck';
import { CardSearchPanel } from '@/cards/components/card-search-panel';
import { DeckDetailsSection, LeaderSection, LeaveDialog } from '@/features/decks/components/deck-editor-sections';
import { DeckTabs } from '@/features/decks/components/deck-tabs';
import { EditorPanes } from '@/features/decks/components/editor-panes';
import { ExportDialog } from '@/features/decks/components/export-dialog';
import { ImportDialog } from '@/features/decks/components/import-dialog';
import { ShareDialog } from '@/features/decks/components/share-dialog';
import { ValidationPanel } from '@/features/decks/components/validation-panel';
import { useRegulationEntries } from '@/features/decks/api/get-regulations';
import { isCalendarDay } from '@grandline/core/contracts/regulations';
import { draftFromDeck, draftReducer, emptyDraft, isDirty, mainCount, validateDraft, type DeckDraft } from '@/features/decks/deck-draft';
import { countInDraft, importActions, saveErrorKey, savePlan } from '@/features/decks/deck-editor-state';
import { useLeaveGuard } from '@/features/decks/hooks/use-leave-guard';
import { PageTitle } from '@/components/page-title';

export { deckEditorLoader as loader } from '@/features/decks/api/deck-editor-loader';

function Editor({ saved: initial, deckId }: { saved: DeckDraft; deckId: string | null }) {
  const { t } = useTranslation('decks');
  const navigate = useNavigate();
  const uid = useId();
  const [saved, setSaved] = useState(initial);
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const [nameError, setNameError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<'import' | 'export' | 'share' | null>(null);
  const savingRef = useRef(false);
  const dirty = isDirty(saved, draft);
  const regulations = useRegulationEntries();
  // The day the panel judges on (an event ahead, a past one); empty: today, as the server judges a saved deck.
  const [day, setDay] = useState('');
  const validation = useMemo(() => validateDraft(draft, regulations, isCalendarDay(day) ? day : undefined), [draft, regulations, day]);
  const tooMany = useMemo(() => new Set(validation.errors.find((e) => e.code === 'TOO_MANY_COPIES')?.cards ?? []), [validation]);
  const blocker = useLeaveGuard(dirty, savingRef);

  // The last card added from the search, said to screen readers (a Leader has its own toast).
  const [added, setAdded] = useState<string | null>(null);
  const add = (card: Card) => {
    dispatch({ type: 'add', card });
    if (card.cardType === 'Leader') notify.success(t('editor.leaderSet', { name: card.name }));
    else setAdded(card.name);
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
      const result = await saveDeck(savePlan(saved, draft, deckId));
      const next = draftFromDeck(result);
      setSaved(next);
      dispatch({ type: 'reset', draft: next });
      notify.success(t(deckId ? 'toasts.updated' : 'toasts.saved'));
      if (!deckId) await navigate(`/deck/${result.id}/edit`, { replace: true });
    } catch (err) {
      const key = saveErrorKey(err instanceof ApiError ? err : null, Boolean(deckId));
      notify.failure(err, key === 'toasts.mustSignIn' ? t(key) : errorText(err, `decks:${key}`));
    } finally {
      setSaving(false);
      savingRef.current = false;
    }
  };

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

      <EditorPanes
        count={mainCount(draft)}
        added={added}
        search={<CardSearchPanel onAdd={add} countOf={(card) => countInDraft(draft, card)} leaderColors={draft.leader?.colors ?? []} format={draft.format} scopeOwner={`${deckId ?? 'new'}:${draft.leader?.id ?? ''}`} headingOnPhones={false} />}
        deck={
          <>
            <DeckDetailsSection uid={uid} draft={draft} dispatch={dispatch} nameError={nameError} />
            <LeaderSection uid={uid} draft={draft} dispatch={dispatch} />
            <ValidationPanel validation={validation} leader={draft.leader} rows={draft.rows} day={day} onDayChange={setDay} />
            <DeckTabs
              rows={draft.rows}
              mainCount={mainCount(draft)}
              tooMany={tooMany}
              onQuantity={(cardId, quantity) => dispatch({ type: 'setQuantity', cardId, quantity })}
              withCollection
              leader={draft.leader}
            />
          </>
        }
      />

      <ImportDialog
        open={dialog === 'import'}
        onOpenChange={(o) => setDialog(o ? 'import' : null)}
        format={draft.format}
        onImport={(leader, rows, mode) => {
          for (const action of importActions(leader, rows, mode)) dispatch(action);
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
      <LeaveDialog blocker={blocker} />
    </div>
  );
}

/** /deck/new and /deck/{id}/edit (signed in): the deck editor. */
export function DeckEditorPage() {
  const { t } = useTranslation('decks');
  const { id } = useParams();
  return (
    <>
      <PageTitle title={t(id ? 'editor.editTitle' : 'editor.newTitle')} />
      {id ? <ExistingDeckEditor id={id} /> : <Editor key="new" saved={emptyDraft()} deckId={null} />}
    </>
  );
}

function ExistingDeckEditor({ id }: { id: string }) {
  const { t } = useTranslation('decks');
  const deck = useDeck(id);
  // Another user's deck is not found here (it is only viewed).
  if (!deck.isSuccess || !deck.data.owner.isYou) {
    return (
      <DetailState
        query={deck}
        missing={deck.isSuccess}
        loading={<Skeleton className="h-96" />}
        notFound={{ title: t('view.notFound'), hint: t('view.notFoundHint') }}
        failedTitle={t('view.loadFailed')}
      />
    );
  }
  return <Editor key={id} saved={draftFromDeck(deck.data)} deckId={id} />;
}
