import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow, ValidateDeckListResponse } from '@grandline/core/contracts/decks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { formatPercent } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { decksApi } from '@/features/decks/api/decks-api';

type Step = 'idle' | 'reading' | 'checking' | 'done';
const PROGRESS: Record<Step, number> = { idle: 0, reading: 25, checking: 60, done: 100 };

/**
 * Import OPTCG Sim text (paste or file): read against the library, show lines it could not use and rule
 * problems, then replace the deck or add to it.
 */
export function ImportDialog({
  open,
  onOpenChange,
  format,
  onImport,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  format: string;
  onImport: (leader: Card | null, rows: DeckRow[], mode: 'replace' | 'merge') => void;
}) {
  const { t } = useTranslation('decks');
  const id = useId();
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>('idle');
  const [result, setResult] = useState<ValidateDeckListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setText('');
    setStep('idle');
    setResult(null);
    setError(null);
  };
  const read = async () => {
    setError(null);
    setResult(null);
    setStep('reading');
    try {
      setStep('checking');
      const checked = await decksApi.validateList(text, format);
      setResult(checked);
      setStep('done');
    } catch (err) {
      setStep('idle');
      setError(errorText(err, 'decks:import.failed'));
    }
  };
  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    setText(await file.text());
    setResult(null);
    setStep('idle');
  };
  const apply = (mode: 'replace' | 'merge') => {
    if (!result) return;
    onImport(result.leader, result.cards ?? [], mode);
    onOpenChange(false);
    reset();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) reset();
      }}
      title={t('import.title')}
      description={t('import.lead')}
      closeLabel={t('actions.close')}
      testId="import-dialog"
      footer={
        result ? (
          <>
            <Button variant="secondary" onClick={() => apply('merge')} disabled={!result.leader && !result.cards?.length}>
              {t('import.merge')}
            </Button>
            <Button onClick={() => apply('replace')} disabled={!result.leader && !result.cards?.length} data-testid="import-replace">
              {t('import.replace')}
            </Button>
          </>
        ) : (
          <Button onClick={() => void read()} disabled={!text.trim() || step === 'checking'} data-testid="import-read">
            {t('import.read')}
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {t('import.label')}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setResult(null);
            setStep('idle');
          }}
          placeholder={'1xOP01-001\n4xOP01-016\n…'}
          className="h-44 w-full rounded-lg border border-border bg-surface p-3 font-mono text-xs"
          data-testid="import-text"
        />
        <label className="text-sm">
          <span className="mr-2 text-muted">{t('import.orFile')}</span>
          <input type="file" accept=".txt,text/plain" onChange={(e) => void loadFile(e.target.files?.[0])} className="text-sm" />
        </label>
        {step !== 'idle' && (
          <div>
            <progress max={100} value={PROGRESS[step]} className="h-2 w-full accent-[var(--accent)]" aria-label={t('import.progress')} />
            <p className="mt-1 text-xs tabular-nums text-muted" aria-live="polite">
              {t(`import.steps.${step}`)} · {formatPercent(PROGRESS[step] / 100)}
            </p>
          </div>
        )}
        {error && <FormMessage>{error}</FormMessage>}
        {result && (
          <div className="flex flex-col gap-2 text-sm" data-testid="import-result">
            <p>{t('import.summary', { count: result.mainCount, leader: result.leader ? `${result.leader.name} (${result.leader.cardNumber})` : t('noLeader') })}</p>
            {result.lineErrors.length > 0 && (
              <FormMessage>
                <p className="font-medium">{t('import.lineErrors', { count: result.lineErrorCount })}</p>
                <ul className="mt-1 list-disc pl-4 text-xs">
                  {result.lineErrors.map((e) => (
                    <li key={e.line}>{t('import.lineError', { line: e.line, text: e.text, reason: t(`import.reasons.${e.reason}`) })}</li>
                  ))}
                  {result.lineErrorCount > result.lineErrors.length && <li>{t('import.moreLineErrors', { count: result.lineErrorCount - result.lineErrors.length })}</li>}
                </ul>
              </FormMessage>
            )}
            {result.errors.length > 0 && (
              <ul className="list-disc pl-4 text-xs text-muted">
                {result.errors.map((e) => (
                  <li key={e.code}>{t(`problems.${e.code}`, e.params ?? {})}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
