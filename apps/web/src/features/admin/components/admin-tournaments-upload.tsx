import type { TournamentUploadResponse } from '@grandline/core/contracts/tournaments';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { notify } from '@/lib/toast';
import { useUploadTournament } from '@/features/admin/api/tournaments-admin';
import { PriceSection } from './admin-prices-shared';
import { FilePicker } from './admin-prices-upload';
import { RunCounts, tournamentErrorText } from './admin-tournaments-runs';

type Part = 'details' | 'standings';

/** A chosen file's JSON, or which file is not JSON. */
async function readJson(file: File, part: Part): Promise<{ ok: true; json: unknown } | { ok: false; part: Part }> {
  try {
    return { ok: true, json: JSON.parse(await file.text()) as unknown };
  } catch {
    return { ok: false, part };
  }
}

/** Upload one tournament: its details and its standings, as the Limitless API gives them. */
export function AdminTournamentUpload() {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const id = useId();
  const [files, setFiles] = useState<Record<Part, File | null>>({ details: null, standings: null });
  const [result, setResult] = useState<TournamentUploadResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const upload = useUploadTournament();
  const choose = (part: Part) => (file: File | null) => {
    setFiles((f) => ({ ...f, [part]: file }));
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    if (!files.details || !files.standings) return setError(t('admin.tournaments.upload.needBoth'));
    setReading(true);
    const [details, standings] = await Promise.all([readJson(files.details, 'details'), readJson(files.standings, 'standings')]);
    setReading(false);
    const wrong = !details.ok ? details : !standings.ok ? standings : null;
    if (wrong && !wrong.ok) return setError(t('admin.tournaments.upload.notJson', { file: t(`admin.tournaments.upload.${wrong.part}`) }));
    if (!details.ok || !standings.ok) return;
    upload.mutate(
      { details: details.json, standings: standings.json },
      {
        onSuccess: (res) => {
          setResult(res);
          notify.success(t('admin.tournaments.upload.done'));
        },
        onError: (err) => setError(tournamentErrorText(t, err)),
      },
    );
  };
  const busy = reading || upload.isPending;

  return (
    <PriceSection id="admin-tournament-upload" title={t('admin.tournaments.upload.title')} lead={t('admin.tournaments.upload.lead')} testId="admin-tournament-upload">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:p-5" noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FilePicker
            id={`${id}-details`}
            label={t('admin.tournaments.upload.details')}
            hint="tournaments/{id}/details"
            accept=".json,application/json,*/*"
            file={files.details}
            onFile={choose('details')}
            testId="tournament-upload-details"
          />
          <FilePicker
            id={`${id}-standings`}
            label={t('admin.tournaments.upload.standings')}
            hint="tournaments/{id}/standings"
            accept=".json,application/json,*/*"
            file={files.standings}
            onFile={choose('standings')}
            testId="tournament-upload-standings"
          />
        </div>
        {error && <FormMessage>{error}</FormMessage>}
        {result && (
          <div className="flex flex-col gap-2" data-testid="tournament-upload-result">
            <FormMessage tone="success">
              <p>{t('admin.tournaments.upload.stored', { id: result.tournamentId, run: result.runId })}</p>
            </FormMessage>
            <RunCounts counts={result} keys={['tournaments', 'standings', 'skipped', 'unmatched']} testId="tournament-upload-counts" />
          </div>
        )}
        <div>
          <Button type="submit" disabled={busy} data-testid="tournament-upload-submit">
            {busy ? t('admin.tournaments.upload.uploading') : t('admin.tournaments.upload.submit')}
          </Button>
        </div>
      </form>
    </PriceSection>
  );
}
