import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAdmin } from './admin';

const L = enAdmin.admin;
const T = L.tournaments;
/** The format notes' sample (apps/server/src/features/tournaments/fixtures/limitless-sample: an invented two-player tournament). */
const SAMPLE = new URL('../../server/src/features/tournaments/fixtures/limitless-sample/tournaments/0123456789abcdef01234567/', import.meta.url);
const sample = (file: string) => JSON.parse(readFileSync(new URL(file, SAMPLE), 'utf8')) as Record<string, unknown>;

test('an admin sees that no tournament source is configured, uploads the sample tournament, sees its counts and corrects its format', async ({ page }) => {
  await createAdmin(page, 'tournaments');
  // The sample under an id of its own, so the test can run again on the same server; played long ago, so that it never
  // enters the windows the meta's own test counts on the worker's shared server (meta.spec: the last 30 and 90 days).
  const id = `e2e-${randomUUID().slice(0, 8)}`;
  const details = { ...sample('details'), id, name: `Example Weekly ${id}`, date: '2001-06-01T18:00:00.000Z' };

  await page.goto('/admin');
  await page.getByRole('tab', { name: L.tabs.tournaments }).click();
  await expect(page).toHaveURL(/\/admin\?tab=tournaments$/);
  // The e2e server reads no source: the screen says what to set.
  const source = page.getByTestId('admin-tournament-source');
  await expect(source.getByRole('heading', { name: T.source.noneTitle })).toBeVisible();
  await expect(source.getByTestId('tournament-source-setting')).toHaveText('TOURNAMENT_SOURCES=limitless');
  await expect(page.getByTestId('tournament-run-limitless')).toHaveCount(0);

  const upload = page.getByTestId('admin-tournament-upload');
  // One file only: the form asks for both. A standings file that is not JSON: said, nothing sent.
  await upload.getByTestId('tournament-upload-details').setInputFiles({ name: 'details', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(details)) });
  await upload.getByTestId('tournament-upload-submit').click();
  await expect(upload.getByRole('alert')).toHaveText(T.upload.needBoth);
  await upload.getByTestId('tournament-upload-standings').setInputFiles({ name: 'standings', mimeType: 'application/json', buffer: Buffer.from('[{"placing": 1,') });
  await upload.getByTestId('tournament-upload-submit').click();
  await expect(upload.getByRole('alert')).toHaveText(T.upload.notJson.replace('{{file}}', T.upload.standings));
  // A details file that is not a tournament: the server's reason, under the translated text.
  await upload.getByTestId('tournament-upload-standings').setInputFiles({ name: 'standings', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(sample('standings'))) });
  await upload.getByTestId('tournament-upload-details').setInputFiles({ name: 'details', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ name: 'No id' })) });
  await upload.getByTestId('tournament-upload-submit').click();
  await expect(upload.getByRole('alert')).toContainText(T.errors.INVALID_TOURNAMENT.replace('{{reason}}', 'not a tournament: id'));

  await upload.getByTestId('tournament-upload-details').setInputFiles({ name: 'details', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(details)) });
  await upload.getByTestId('tournament-upload-submit').click();
  const counts = upload.getByTestId('tournament-upload-counts');
  // The sample: one standing with a published list (stored), one without (skipped), every number in the library.
  await expect(counts.getByTestId('tournament-upload-counts-tournaments')).toHaveText('1');
  await expect(counts.getByTestId('tournament-upload-counts-standings')).toHaveText('1');
  await expect(counts.getByTestId('tournament-upload-counts-skipped')).toHaveText('1');
  await expect(counts.getByTestId('tournament-upload-counts-unmatched')).toHaveText('0');

  // The run is listed, and the tournament with its format to correct.
  const run = page.getByTestId('tournament-run-row').first();
  await expect(run).toContainText(T.runs.triggers.upload);
  await expect(run.getByTestId('tournament-run-status')).toHaveAttribute('data-status', 'succeeded');
  await expect(run.getByTestId('tournament-run-standings')).toHaveText('1');
  const row = page.locator(`[data-testid="tournament-row"][data-id="${id}"]`);
  await expect(row).toContainText(details.name as string);
  await row.getByRole('combobox', { name: T.list.formatFor.replace('{{name}}', details.name as string) }).click();
  await page.getByRole('option', { name: T.list.formats.extra }).click();
  await expect(row.getByTestId('tournament-format-by-admin')).toHaveText(T.list.byAdmin);
  await expect(row.getByRole('combobox')).toHaveText(T.list.formats.extra);
});
