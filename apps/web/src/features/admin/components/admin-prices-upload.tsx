import { PRICE_CSV_MARKETS, PRICE_UPLOAD_SOURCES, type PriceCsvMarket, type PriceUploadResponse, type PriceUploadSource } from '@grandline/core/contracts/prices';
import { FileUp } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { FormMessage, TextInput } from '@/components/ui/form';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { choiceCard } from '@/components/ui/styles';
import { notify } from '@/lib/toast';
import { useUploadPrices } from '@/features/admin/api/upload-prices';
import { PriceSection, priceErrorText, useDateFormats } from './admin-prices-shared';
import { today } from '@grandline/core/decks/formats';


/** A file chosen through a drop-zone-like label (the input itself is visually hidden, still focusable). */
export function FilePicker({ id, label, hint, accept, file, onFile, testId }: { id: string; label: string; hint: string; accept: string; file: File | null; onFile: (f: File | null) => void; testId: string }) {
  const { t } = useTranslation(['admin', 'pages']);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <input
        id={id}
        type="file"
        accept={accept}
        className="peer sr-only"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-border bg-surface-2/50 px-4 py-3 text-sm hover:bg-surface-2 peer-focus-visible:ring-2 peer-focus-visible:ring-accent"
      >
        <FileUp className="h-5 w-5 shrink-0 text-muted" aria-hidden />
        <span className="min-w-0">
          <span className="block truncate font-medium">{file ? file.name : t('admin.prices.upload.choose')}</span>
          <span id={`${id}-hint`} className="block truncate text-xs text-muted">
            {hint}
          </span>
        </span>
      </label>
    </div>
  );
}

/** Import a price file now: a Liga One Piece / MYP Cards CSV, or Cardmarket's price guide with its product list. */
export function AdminPriceUpload() {
  const { t, i18n } = useTranslation(['admin', 'pages', 'account']);
  const id = useId();
  const [source, setSource] = useState<PriceUploadSource>('csv');
  const [market, setMarket] = useState<PriceCsvMarket>(PRICE_CSV_MARKETS[0]);
  const [date, setDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [products, setProducts] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<PriceUploadResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPrices((p) => setProgress(Math.min(90, Math.round(p * 0.9))));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    setProgress(0);
    upload.mutate(
      { source, market, date, file, products },
      {
        onSuccess: (res) => {
          setProgress(null);
          setResult(res);
          if (res.status === 'succeeded') notify.success(t('admin.prices.upload.done', { matched: res.matched }));
          else notify.error(t('admin.prices.upload.failedToast'));
        },
        onError: (err) => {
          setProgress(null);
          setError(priceErrorText(t, (key) => i18n.exists(key, { ns: 'admin' }), err));
        },
      },
    );
  };

  return (
    <PriceSection id="admin-price-upload" title={t('admin.prices.upload.title')} lead={t('admin.prices.upload.lead')} testId="admin-price-upload">
      <form onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:p-5" noValidate>
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-source`} className="text-sm font-medium">
            {t('admin.prices.upload.source')}
          </span>
          <RadioGroup.Root
            value={source}
            onValueChange={(v) => {
              setSource(v as PriceUploadSource);
              setError(null);
            }}
            aria-labelledby={`${id}-source`}
            className="grid grid-cols-1 gap-2 sm:grid-cols-2"
          >
            {PRICE_UPLOAD_SOURCES.map((s) => (
              <RadioGroup.Item key={s} value={s} className={`${choiceCard} flex flex-col items-start gap-0.5 px-3 py-2.5`} data-testid={`price-upload-source-${s}`}>
                <span className="text-sm font-medium">{t(`admin.prices.upload.sources.${s}`)}</span>
                <span className="text-xs text-muted">{t(`admin.prices.upload.sourceHints.${s}`)}</span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {source === 'csv' ? (
            <>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-market`} className="text-sm font-medium">
                  {t('admin.prices.upload.market')}
                </label>
                <Select
                  id={`${id}-market`}
                  label={t('admin.prices.upload.market')}
                  value={market}
                  className="w-full"
                  onValueChange={(v) => setMarket(v as PriceCsvMarket)}
                  options={PRICE_CSV_MARKETS.map((m) => ({ value: m, label: t(`admin.prices.upload.markets.${m}`) }))}
                />
              </div>
              <FilePicker id={`${id}-file`} label={t('admin.prices.upload.file')} hint={t('admin.prices.upload.fileHint')} accept=".csv,.txt,text/csv,text/plain" file={file} onFile={setFile} testId="price-upload-file" />
            </>
          ) : (
            <>
              <FilePicker id={`${id}-guide`} label={t('admin.prices.upload.guide')} hint="price_guide_18.json" accept=".json,application/json" file={file} onFile={setFile} testId="price-upload-guide" />
              <FilePicker id={`${id}-products`} label={t('admin.prices.upload.products')} hint="products_singles_18.json" accept=".json,application/json" file={products} onFile={setProducts} testId="price-upload-products" />
            </>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-date`} className="text-sm font-medium">
              {t('admin.prices.upload.date')}
            </label>
            <TextInput id={`${id}-date`} type="date" value={date} max={today()} onChange={(e) => setDate(e.target.value)} aria-describedby={`${id}-date-hint`} data-testid="price-upload-date" />
            <p id={`${id}-date-hint`} className="text-xs text-muted">
              {t('admin.prices.upload.dateHint')}
            </p>
          </div>
        </div>
        {progress !== null && <ProgressBar percent={progress} status={progress < 90 ? t('admin.prices.upload.uploading') : t('admin.prices.upload.importing')} label={t('admin.prices.upload.progress')} />}
        {error && <FormMessage>{error}</FormMessage>}
        {result && <UploadResult result={result} />}
        <div>
          <Button type="submit" disabled={upload.isPending} data-testid="price-upload-submit">
            {upload.isPending ? t('admin.prices.upload.importing') : t('admin.prices.upload.submit')}
          </Button>
        </div>
      </form>
    </PriceSection>
  );
}

function UploadResult({ result }: { result: PriceUploadResponse }) {
  const { t } = useTranslation(['admin', 'pages']);
  const formats = useDateFormats();
  // A CSV row is named by its line ("line 12"); a Cardmarket product by its expansion id.
  const placeOf = (setName: string | null) => {
    const line = setName && /^line (\d+)$/.exec(setName)?.[1];
    return line ? t('admin.prices.upload.line', { line }) : (setName ?? '—');
  };
  return (
    <div className="flex flex-col gap-3" data-testid="price-upload-result">
      {result.status === 'succeeded' ? (
        <FormMessage tone="success">
          <p>{t('admin.prices.upload.succeeded', { matched: result.matched, unmatched: result.unmatched, skipped: result.skipped, rows: result.rows })}</p>
          <p className="text-xs text-muted">{t('admin.prices.upload.runInfo', { id: result.runId, day: formats.day(result.day), market: t(`admin.prices.upload.markets.${result.market}`) })}</p>
        </FormMessage>
      ) : (
        <FormMessage>{t('admin.prices.upload.failed', { error: result.error ?? '' })}</FormMessage>
      )}
      {result.unmatchedItems.length > 0 && (
        <DataTable
          className="max-h-64 overflow-auto rounded-lg border border-border"
          caption={
            <>
              {t('admin.prices.upload.unmatchedCaption')}
              {result.unmatched > result.unmatchedItems.length && <span className="font-normal text-muted"> — {t('admin.prices.upload.moreUnmatched', { shown: result.unmatchedItems.length, total: result.unmatched })}</span>}
            </>
          }
          captionClassName="px-2 py-1.5 text-left font-medium"
          headClassName="sticky top-0"
          density="compact"
          columns={[
            { id: 'where', header: t('admin.prices.upload.columns.where'), cellClassName: 'whitespace-nowrap text-muted', cell: (u) => placeOf(u.setName) },
            { id: 'row', header: t('admin.prices.upload.columns.row'), cellClassName: 'max-w-64 truncate font-mono', cellProps: (u) => ({ title: u.name }), cell: (u) => u.name },
            { id: 'reason', header: t('admin.prices.unmatched.columns.reason'), cellClassName: 'text-danger', cell: (u) => t(`admin.prices.unmatched.reasons.${u.reason}`, { defaultValue: u.reason }) },
          ]}
          rows={result.unmatchedItems}
          rowKey={(u) => u.productId}
        />
      )}
    </div>
  );
}
