import { EXPORT_FORMATS } from '@grandline/core/collection/options';
import type { ErrorResponse } from '@grandline/core/contracts/errors';
import { Download } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Modal } from '@/components/ui/modal';
import { choiceCard } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { bindersApi } from '@/features/binders/api/binders-api';

type Format = (typeof EXPORT_FORMATS)[number];

/** Reads a response body counting bytes, so a long download shows percent when the size is known. */
async function readWithProgress(res: Response, onProgress: (percent: number) => void): Promise<Blob> {
  const total = Number(res.headers.get('Content-Length')) || 0;
  if (!res.body || !total) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(Math.min(99, Math.round((received / total) * 100)));
  }
  return new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'text/plain' });
}

const filenameOf = (res: Response, fallback: string) => {
  const header = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  return star ? decodeURIComponent(star) : (/filename="([^"]+)"/i.exec(header)?.[1] ?? fallback);
};

/** Download the binder as Liga CSV Standard, Format with Prices, or OPTCG Sim text; 'No cards to export' when empty. */
export function ExportDialog({ open, onOpenChange, binderId, cardCount }: { open: boolean; onOpenChange: (o: boolean) => void; binderId: string; cardCount: number }) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const id = useId();
  const [format, setFormat] = useState<Format>('liga');
  const prefs = usePreferences();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    if (cardCount === 0) {
      setError(t('errors.codes.NO_CARDS_TO_EXPORT'));
      return;
    }
    setProgress(0);
    try {
      const res = await fetch(bindersApi.exportUrl(binderId, format, { market: prefs.marketplace, priceType: prefs.priceType, currency: prefs.currency }), { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as Partial<ErrorResponse>;
        throw new ApiError(res.status, body.error?.code ?? 'INTERNAL_ERROR', body.error?.message ?? res.statusText);
      }
      const blob = await readWithProgress(res, setProgress);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filenameOf(res, format === 'optcgsim' ? 'binder.txt' : 'binder.csv');
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setProgress(100);
      notify.success(t('export.done'));
    } catch (err) {
      setProgress(null);
      const message = errorText(err, 'binders:export.failed');
      setError(message);
      notify.failure(err, message);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('export.title')}
      description={t('export.lead')}
      closeLabel={t('actions.close')}
      testId="binder-export-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('actions.close')}
          </Button>
          <Button onClick={() => void download()} disabled={progress !== null && progress < 100} data-testid="export-download">
            <Download className="h-4 w-4" aria-hidden />
            {t('export.download')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <RadioGroup.Root value={format} onValueChange={(v) => setFormat(v as Format)} aria-label={t('export.format')} className="flex flex-col gap-2">
          {EXPORT_FORMATS.map((f) => (
            <RadioGroup.Item
              key={f}
              value={f}
              id={`${id}-${f}`}
              data-testid={`export-format-${f}`}
              className={`${choiceCard} flex flex-col items-start gap-0.5 p-3`}
            >
              <span className="text-sm font-semibold">{t(`export.formats.${f}`)}</span>
              <span className="text-xs text-muted">{t(`export.hints.${f}`)}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        {progress !== null && (
          <ProgressBar percent={progress} status={progress < 100 ? t('export.preparing') : t('export.finished')} label={t('export.progress')} testId="export-progress" />
        )}
        {error && <FormMessage>{error}</FormMessage>}
      </div>
    </Modal>
  );
}
