import enAccount from '../src/locales/en/account.json' with { type: 'json' };
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' };
import enCards from '../src/locales/en/cards.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAdmin } from './admin';

const L = enAdmin.admin;
const R = L.regulations;

test('an admin adds a banned card with its source, sees decks judged on it, then ends it into the history', async ({ page }) => {
  const ADMIN = await createAdmin(page, 'rules');
  // A starter-deck card no other test plays, from a first day new on every run (a test may run again on the same server: --repeat-each).
  const number = 'ST02-017';
  const from = `2020-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`;

  await page.goto('/admin');
  await page.getByRole('tab', { name: L.tabs.rules }).click();
  await expect(page).toHaveURL(/\/admin\?tab=rules$/);
  const current = page.getByTestId('regulations-current');
  // The shipped list: the October 2026 ban and the banned pairs, with their status.
  await expect(current.getByTestId('regulation-row').filter({ hasText: 'OP14-020' })).toContainText(R.statuses.inForce);
  await expect(current.getByTestId('regulation-row').filter({ hasText: 'OP11-040 + OP11-067' })).toContainText(R.kinds.pair);
  await expect(page.getByTestId('regulations-history').getByTestId('regulation-row').filter({ hasText: 'OP05-041' })).toContainText(R.statuses.ended);

  await page.getByTestId('regulation-add').click();
  const dialog = page.getByTestId('regulation-dialog');
  await dialog.getByTestId('regulation-card').fill('Luffy');
  await dialog.getByTestId('regulation-source').fill('http://example.com/list');
  await dialog.getByTestId('regulation-save').click();
  await expect(dialog).toContainText(enAccount.validation.invalidCardNumber);
  await expect(dialog).toContainText(enAccount.validation.invalidSourceUrl);

  await dialog.getByTestId('regulation-card').fill(number.toLowerCase());
  await dialog.getByTestId('regulation-from').fill(from);
  await dialog.getByTestId('regulation-source').fill('https://en.onepiece-cardgame.com/rules/restriction');
  await dialog.getByTestId('regulation-save').click();
  await expect(dialog).toBeHidden();
  const row = current.locator(`[data-testid="regulation-row"][data-card="${number}"][data-from="${from}"]`);
  await expect(row).toContainText(R.statuses.inForce);
  await expect(row).toContainText(R.kinds.banned);

  // A list holding the card is refused on today's list, and was legal before the entry's first day.
  const verdict = async (date?: string) => {
    const res = await page.request.post('/api/decks/validate', { data: { list: `1xOP01-001\n4x${number}`, format: 'extra', ...(date ? { date } : {}) } });
    return ((await res.json()) as { errors: { code: string; cards: string[] }[] }).errors.filter((e) => e.code === 'BANNED').flatMap((e) => e.cards);
  };
  expect(await verdict()).toContain(number);
  expect(await verdict('2019-12-31')).not.toContain(number);

  await row.getByTestId('regulation-end').click();
  const end = page.getByTestId('regulation-end-dialog');
  await end.getByTestId('regulation-end-confirm').click();
  await expect(end).toBeHidden();
  await expect(page.getByTestId('regulations-history').locator(`[data-testid="regulation-row"][data-card="${number}"][data-from="${from}"]`)).toContainText(R.statuses.ended);
  expect(await verdict()).not.toContain(number);

  // A promo the card package lacks, added by hand: the library finds it and a list with it has no unknown line.
  const M = L.manualCards;
  const promo = `P-${800 + Math.floor(Math.random() * 99)}`;
  await page.getByTestId('manual-card-add').click();
  const add = page.getByTestId('manual-card-dialog');
  await add.getByTestId('manual-card-save').click();
  await expect(add).toContainText(enAccount.validation.cardNameRequired);
  await expect(add).toContainText(enAccount.validation.cardColorsRequired);
  // The card import schema's messages (spec §5), each under its field: the same zod schema as the server's.
  const fieldError = (testId: string) => add.getByTestId(testId);
  await add.getByTestId('manual-card-cost').fill('-1');
  await add.getByTestId('manual-card-image').fill('http://example.com/robin.png');
  await add.getByTestId('manual-card-flavor').fill('F'.repeat(501));
  await add.getByTestId('manual-card-rarity').fill('');
  await add.getByTestId('manual-card-save').click();
  for (const [testId, message] of [
    ['manual-card-name', enAccount.validation.cardNameRequired],
    ['manual-card-cost', enAccount.validation.costNegative],
    ['manual-card-image', enAccount.validation.imageUrlInvalid],
    ['manual-card-flavor', enAccount.validation.flavorTextTooLong],
    ['manual-card-rarity', enAccount.validation.rarityRequired],
  ] as const) {
    await expect(fieldError(testId)).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldError(testId)).toHaveAccessibleDescription(message);
  }
  await add.getByTestId('manual-card-number').fill(promo);
  await add.getByTestId('manual-card-name').fill('Nico Robin (e2e promo)');
  await add.getByTestId('manual-card-colors').getByRole('button', { name: 'Purple' }).click();
  await add.getByTestId('manual-card-cost').fill('3');
  await add.getByTestId('manual-card-rarity').fill('P');
  await add.getByTestId('manual-card-flavor').fill('The light of the Revolution.');
  await add.getByTestId('manual-card-artist').fill('Studio e2e');
  await add.getByTestId('manual-card-legality').fill('Tournament legal');
  // An https address the server will not fetch (this machine): its answer is shown under the field, nothing is added.
  await add.getByTestId('manual-card-image').fill('https://127.0.0.1/robin.png');
  await add.getByTestId('manual-card-save').click();
  await expect(fieldError('manual-card-image')).toHaveAccessibleDescription(enAccount.validation.cardArtUnreachable);
  await expect(page.getByTestId('manual-card-row').filter({ hasText: promo })).toHaveCount(0);
  await add.getByTestId('manual-card-image').fill('');
  await add.getByTestId('manual-card-save').click();
  await expect(add).toBeHidden();
  const added = page.getByTestId('manual-card-row').filter({ hasText: promo });
  await expect(added).toContainText('Nico Robin (e2e promo)');
  const found = (await (await page.request.get(`/api/cards?q=${promo}`)).json()) as { items: { id: number; cardNumber: string; manual: boolean }[] };
  expect(found.items).toMatchObject([{ cardNumber: promo, manual: true }]);
  // The card page shows what the admin gave, under translated labels.
  await page.goto(`/cards/onepiece/${found.items[0]!.id}`);
  const notes = page.getByTestId('card-print-notes');
  await expect(notes.getByTestId('card-flavor-text')).toContainText(enCards.printNotes.flavorText);
  await expect(notes.getByTestId('card-flavor-text')).toContainText('The light of the Revolution.');
  await expect(notes.getByTestId('card-artist')).toContainText('Studio e2e');
  await expect(notes.getByTestId('card-legality-note')).toContainText('Tournament legal');
  await page.goto('/admin?tab=rules');
  const checked = (await (await page.request.post('/api/decks/validate', { data: { list: `4x${promo}` } })).json()) as { lineErrors: unknown[] };
  expect(checked.lineErrors).toEqual([]);
  await added.getByTestId('manual-card-remove').click();
  await page.getByRole('alertdialog').getByRole('button', { name: M.remove }).click();
  await expect(page.getByTestId('manual-card-row').filter({ hasText: promo })).toHaveCount(0);

  const removed = await page.request.post('/api/me/delete', { data: { confirmation: ADMIN } });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
});
