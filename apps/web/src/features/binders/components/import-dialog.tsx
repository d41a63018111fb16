import type { ImportFailure, ImportResult } from '@grandline/core/contracts/binders';
import { FileUp } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { FormMessage, TextArea } from '@/components/ui/form';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Modal } from '@/components/ui/modal';
import { choiceCard } from '@/components/ui/styles';
import { Select } from '@/components/ui/select';
import { ApiError, apiUpload } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import { binderChanged } from '@/features/binders/api/binders-api';

type Format = 'csv' | 'optcgsim';
type Mode = 'merge' | 'replace';

/** Which format a file is, by its name: .txt is OPTCG Sim text, anything else CSV. */
const formatOfFile = (name: string): Format => (/\.txt$/i.test(name) ? 'optcgsim' : 'csv');

/** Every row the server could not use: line, edition, card name, number and the reason, translated. */
function FailureTable({ failures, total = failures.length }: { failures: ImportFailure[]; total?: number }) {
  const { t } = useTranslation('binders');
  return (
    <>
      {total > failures.length && (
        <p className="text-xs text-muted" data-testid="import-failures-truncated">
          {t('import.failuresTruncated', { shown: failures.length, total })}
        </p>
      )}
      <DataTable
        className="max-h-64 overflow-auto rounded-lg border border-border"
        testId="import-failures"
        caption={t('import.failuresCaption')}
        headClassName="sticky top-0"
        density="compact"
        columns={[
          { id: 'line', header: t('import.columns.line'), cellClassName: 'tabular-nums', cell: (f) => formatNumber(f.line) },
          { id: 'edition', header: t('import.columns.edition'), cell: (f) => f.edition ?? '—' },
          { id: 'name', header: t('import.columns.name'), cellClassName: 'max-w-40 truncate', cell: (f) => f.name ?? '—' },
          { id: 'number', header: t('import.columns.number'), cellClassName: 'font-mono', cell: (f) => f.number ?? '—' },
          { id: 'reason', header: t('import.columns.reason'), cellClassName: 'text-danger', cell: (f) => t(`import.reasons.${f.reason}`) },
        ]}
        rows={failures}
        rowKey={(f) => `${f.line}-${f.reason}`}
      />
    </>
  );
}

type ImportError = { message: string; failures: ImportFailure[]; failureCount: number };

/** Sends a file or pasted text to the binder's import: the upload's percent, then the result or the error with its failed rows. */
function useBinderImport(binderId: string) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<ImportError | null>(null);

  const run = async (body: Blob | null, format: Format, mode: Mode) => {
    setError(null);
    setResult(null);
    if (!body) {
      setError({ message: t('errors.codes.NO_FILE'), failures: [], failureCount: 0 });
      return;
    }
    setProgress(0);
    try {
      const res = await apiUpload<ImportResult>(`/binders/${encodeURIComponent(binderId)}/import`, body, {
        query: { format, mode },
        contentType: format === 'csv' ? 'text/csv' : 'text/plain',
        // The upload is most of the wait for big files; the last tenth is the server storing the rows.
        onProgress: (p) => setProgress(Math.min(90, Math.round(p * 0.9))),
      });
      setProgress(100);
      setResult(res);
      binderChanged(binderId);
      if (res.failureCount) notify.warning(t('import.partial', { count: res.imported, failed: res.failureCount }));
      else notify.success(t('import.done', { count: res.imported }));
    } catch (err) {
      setProgress(null);
      const failures = err instanceof ApiError && Array.isArray(err.details.failures) ? (err.details.failures as ImportFailure[]) : [];
      const failureCount = err instanceof ApiError && typeof err.details.failureCount === 'number' ? err.details.failureCount : failures.length;
      setError({ message: errorText(err, 'binders:import.failed'), failures, failureCount });
      notify.failure(err, errorText(err, 'binders:import.failed'));
    }
  };
  return { progress, result, error, clearError: () => setError(null), run };
}

interface SourceFields {
  file: File | null;
  onFile: (file: File | null) => void;
  pasted: string;
  onPasted: (text: string) => void;
  format: Format;
  onFormat: (format: Format) => void;
  mode: Mode;
  onMode: (mode: Mode) => void;
}

/** What to import and how: the file (or pasted text), its format, and merging or replacing. */
function ImportSource({ file, onFile, pasted, onPasted, format, onFormat, mode, onMode }: SourceFields) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const id = useId();
  return (
    <>
      <div className="flex flex-col gap-2">
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only"
          data-testid="import-file"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        <label
          htmlFor={`${id}-file`}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-surface-2/50 px-4 py-6 text-center text-sm hover:bg-surface-2 focus-within:ring-2 focus-within:ring-accent"
        >
          <FileUp className="h-6 w-6 text-muted" aria-hidden />
          <span className="font-medium">{file ? file.name : t('import.choose')}</span>
          <span className="text-xs text-muted">{t('import.formatsHint')}</span>
        </label>
      </div>
      {!file && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-paste`} className="text-sm font-medium">
            {t('import.paste')}
          </label>
          <TextArea id={`${id}-paste`} rows={4} value={pasted} onChange={(e) => onPasted(e.target.value)} placeholder="4xOP01-016&#10;2xST01-012" className="font-mono" />
        </div>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          label={t('import.format')}
          value={format}
          onValueChange={(v) => onFormat(v as Format)}
          options={[
            { value: 'csv', label: t('import.formats.csv') },
            { value: 'optcgsim', label: t('import.formats.optcgsim') },
          ]}
        />
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-mode`} className="text-sm font-medium">
            {t('import.mode')}
          </span>
          <RadioGroup.Root value={mode} onValueChange={(v) => onMode(v as Mode)} aria-labelledby={`${id}-mode`} className="flex gap-2">
            {(['merge', 'replace'] as const).map((m) => (
              <RadioGroup.Item key={m} value={m} data-testid={`import-mode-${m}`} className={`${choiceCard} flex-1 px-3 py-2 text-sm`}>
                {t(`import.modes.${m}`)}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </div>
      </div>
      {mode === 'replace' && <FormMessage tone="info">{t('import.replaceWarning')}</FormMessage>}
    </>
  );
}

/**
 * Import a Liga CSV, a generic `quantity,card_number[,variant]` CSV or OPTCG Sim text (file or pasted) into the
 * binder, merging or replacing; shows the upload in percent, then what was stored and every row that failed.
 * Rendered only while open, so each opening starts empty.
 */
export function ImportDialog({ open, onOpenChange, binderId }: { open: boolean; onOpenChange: (o: boolean) => void; binderId: string }) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [format, setFormat] = useState<Format>('csv');
  const [mode, setMode] = useState<Mode>('merge');
  const { progress, result, error, clearError, run } = useBinderImport(binderId);
  const start = () => run(file ?? (pasted.trim() ? new Blob([pasted], { type: 'text/plain;charset=utf-8' }) : null), format, mode);

  const busy = progress !== null && progress < 100;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('import.title')}
      description={t('import.lead')}
      closeLabel={t('actions.close')}
      testId="binder-import-dialog"
      size="lg"
      footer={
        result ? (
          <Button onClick={() => onOpenChange(false)}>{t('actions.done')}</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void start()} disabled={busy || (!file && !pasted.trim())} data-testid="import-run">
              {t('import.run')}
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {!result && (
          <ImportSource
            file={file}
            onFile={(f) => {
              setFile(f);
              if (f) setFormat(formatOfFile(f.name));
              clearError();
            }}
            pasted={pasted}
            onPasted={setPasted}
            format={format}
            onFormat={setFormat}
            mode={mode}
            onMode={setMode}
          />
        )}
        {progress !== null && (
          <ProgressBar percent={progress} status={progress < 100 ? t('import.uploading') : t('import.finished')} label={t('import.progress')} testId="import-progress" />
        )}
        {error && (
          <div className="flex flex-col gap-2">
            <FormMessage>{error.message}</FormMessage>
            {error.failures.length > 0 && <FailureTable failures={error.failures} total={error.failureCount} />}
          </div>
        )}
        {result && (
          <div className="flex flex-col gap-3" data-testid="import-result">
            <FormMessage tone="success">{t('import.summary', { count: result.imported, copies: result.copies })}</FormMessage>
            {result.failureCount > 0 && (
              <>
                <p className="text-sm font-medium">{t('import.failedRows', { count: result.failureCount })}</p>
                <FailureTable failures={result.failures} total={result.failureCount} />
              </>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
