import type { Card } from '@grandline/core/contracts/cards';
import { STORAGE_KEYS } from '@grandline/core/locales';
import { ListChecks, Plus, ScanLine } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass } from '@/components/ui/form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { sessionStore } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { addManyToTarget } from '@/features/quick-add/api/add-to-target';
import { quickAddStore, useQuickAdd } from '@/features/quick-add/api/quick-add-store';
import { QuickAddPicker } from '@/features/quick-add/components/quick-add-picker';
import { TargetIcon, useTargetText } from '@/features/quick-add/components/target-text';
import { printsQuery } from '@/features/scan/api/prints';
import { CameraReader } from '@/features/scan/components/camera-reader';
import { ScanRow, typedNumber } from '@/features/scan/components/scan-row';
import {
  addRow,
  copiesIn,
  correctRow,
  emptySession,
  MAX_ROWS,
  parseSession,
  pickPrint,
  readyRows,
  removeRow,
  setQuantity,
  withoutRows,
  type ScanSession,
} from '@/features/scan/scan-session';

/** The session list of this tab and user, kept in session storage (a reload or a trip to another page loses nothing). */
function useScanSession(userId: string) {
  const key = `${STORAGE_KEYS.scanSession}:${userId}`;
  const [session, setSession] = useState<ScanSession>(() => parseSession(sessionStore.get(key)));
  useEffect(() => {
    if (session.rows.length) sessionStore.set(key, JSON.stringify(session));
    else sessionStore.remove(key);
  }, [key, session]);
  return [session, setSession] as const;
}

/** "Type a card number": always accepted as a scan, or as the correction of one the camera misread. */
function TypedNumberForm({ onNumber, full }: { onNumber: (cardNumber: string) => void; full: boolean }) {
  const { t } = useTranslation('scan');
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const number = typedNumber(text);
    if (!number) {
      setError(t('errors.notANumber'));
      return;
    }
    setError(null);
    setText('');
    onNumber(number);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
      <label htmlFor={`${id}-typed`} className="text-sm font-medium">
        {t('typed.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-typed`}
          value={text}
          onChange={(e) => {
            setText(e.target.value.slice(0, 20));
            setError(null);
          }}
          placeholder="OP05-119"
          className={cn(inputClass(Boolean(error)), 'font-mono uppercase')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          disabled={full}
          data-testid="scan-typed"
        />
        <Button type="submit" variant="secondary" disabled={full} data-testid="scan-typed-add">
          <Plus className="h-4 w-4" aria-hidden />
          {t('typed.add')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {full ? t('list.full', { count: MAX_ROWS }) : t('typed.hint')}
        </p>
      )}
    </form>
  );
}

/** Where the list goes: the quick-add target (changed here), and the button that adds every ready row to it. */
function SaveBar({ session, onSaved }: { session: ScanSession; onSaved: (ids: Set<string>) => void }) {
  const { t } = useTranslation('scan');
  const quickAdd = useQuickAdd();
  const text = useTargetText();
  const [saving, setSaving] = useState(false);
  const ready = readyRows(session);
  const copies = copiesIn(ready);
  const target = quickAdd.state?.target ?? null;

  const save = async () => {
    if (!target || !ready.length) return;
    const items: { card: Card; quantity: number }[] = [];
    for (const row of ready) {
      const card = queryClient.getQueryData(printsQuery(row.cardNumber).queryKey)?.find((c) => c.id === row.cardId);
      if (card) items.push({ card, quantity: row.quantity });
    }
    setSaving(true);
    try {
      await addManyToTarget(target, items);
      for (const item of items) quickAddStore.added(target, item.card.id, item.quantity);
      notify.success(t('save.done', { count: copiesIn(items), target: text.name(target) }));
      onSaved(new Set(ready.filter((r) => items.some((i) => i.card.id === r.cardId)).map((r) => r.id)));
    } catch (err) {
      notify.error(t('save.failed', { target: text.name(target) }), { description: errorText(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid="scan-save-bar">
      {target ? (
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <TargetIcon target={target} className="h-4 w-4 shrink-0 text-accent" />
          <span className="min-w-0 truncate">
            {t('save.target')} <span className="font-semibold" data-testid="scan-target">{text.name(target)}</span>
            <span className="text-muted"> · {text.kind(target)}</span>
          </span>
          <span className="ml-auto">
            <QuickAddPicker variant="change" />
          </span>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{t('save.pickTarget')}</p>
          <QuickAddPicker />
        </div>
      )}
      <Button type="button" onClick={() => void save()} disabled={!target || !ready.length || saving} aria-busy={saving} data-testid="scan-save">
        {saving ? <Spinner className="h-4 w-4 border-[1.5px]" label={t('save.saving')} /> : <ListChecks className="h-4 w-4" aria-hidden />}
        {target ? t('save.button', { count: copies, target: text.name(target) }) : t('save.buttonNoTarget', { count: copies })}
      </Button>
    </div>
  );
}

/**
 * /scan: the phone's camera reads the card number in each card's bottom-right corner (or the user types it); each
 * card becomes a row of the session list, reviewed (print, copies, a corrected number) before the whole list is
 * added to the quick-add target deck or binder.
 */
export function ScanPage() {
  const { t } = useTranslation('scan');
  const { me } = useSession();
  const [session, setSession] = useScanSession(me?.user.id ?? 'anonymous');
  const [confirmClear, setConfirmClear] = useState(false);
  const full = session.rows.length >= MAX_ROWS;

  const copies = copiesIn(session.rows);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="flex flex-col gap-5">
          <CameraReader onNumber={(cardNumber) => setSession((s) => addRow(s, cardNumber, 'camera'))} />
          <TypedNumberForm onNumber={(cardNumber) => setSession((s) => addRow(s, cardNumber, 'typed'))} full={full} />
          <p className="text-xs text-muted">{t('camera.tips')}</p>
        </div>
        <section className="flex min-w-0 flex-col gap-4" aria-labelledby="scan-list-title">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="scan-list-title" className="text-lg font-semibold">
              {t('list.title')}{' '}
              <span className="text-sm font-normal text-muted" data-testid="scan-list-count">
                {t('list.count', { count: copies })}
              </span>
            </h2>
            {session.rows.length > 0 && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setConfirmClear(true)} data-testid="scan-clear">
                {t('list.clear')}
              </Button>
            )}
          </div>
          <SaveBar session={session} onSaved={(ids) => setSession((s) => withoutRows(s, ids))} />
          {session.rows.length === 0 ? (
            <EmptyState icon={<ScanLine className="h-10 w-10" aria-hidden />} title={t('list.emptyTitle')}>
              {t('list.emptyText')}
            </EmptyState>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="scan-list">
              {session.rows.map((row) => (
                <ScanRow
                  key={row.id}
                  row={row}
                  onCorrect={(n) => setSession((s) => correctRow(s, row.id, n))}
                  onPick={(cardId) => setSession((s) => pickPrint(s, row.id, cardId))}
                  onQuantity={(q) => setSession((s) => setQuantity(s, row.id, q))}
                  onRemove={() => setSession((s) => removeRow(s, row.id))}
                />
              ))}
            </ol>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t('list.clearTitle')}
        text={t('list.clearText', { count: session.rows.length })}
        confirmLabel={t('list.clear')}
        cancelLabel={t('list.keep')}
        onConfirm={() => {
          setSession(emptySession());
          return Promise.resolve();
        }}
        testId="scan-clear-dialog"
      />
    </div>
  );
}
