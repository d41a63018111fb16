import commonEn from '../src/locales/en/common.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAdmin } from './admin';
import { createAccount, uniqueEmail, waitForMail } from './mail';

/**
 * Regulation notices (issue 43): an admin's new ban reaches the owner of a saved deck that plays the card — live in the
 * bell, with its toast, opening the deck — and by e-mail. The ban's first day is far ahead and new on every run (the
 * worker's server is shared, and a test may run again on it: --repeat-each), so no other test's verdict changes.
 */
test("an admin's new ban reaches the bell of a deck's owner live, opens the deck, and is e-mailed", async ({ page, browser, baseURL }) => {
  const ownerEmail = uniqueEmail('regulation-owner');
  await createAccount(page, { email: ownerEmail });
  const idOf = async (number: string) =>
    ((await (await page.request.get(`/api/cards?q=${number}&variations=false`)).json()) as { items: { id: number; cardNumber: string }[] }).items.find((c) => c.cardNumber === number)!.id;
  const created = await page.request.post('/api/decks', {
    data: { name: 'Kuina’s Zoro', format: 'standard', leaderCardId: await idOf('OP12-020'), cards: [{ cardId: await idOf('OP12-026'), quantity: 4 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const deckId = ((await created.json()) as { id: string }).id;
  await page.goto('/mydecks');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');

  const year = 2090 + Math.floor(Math.random() * 9);
  const day = Math.floor(Math.random() * 28) + 1;
  const from = `${year}-03-${String(day).padStart(2, '0')}`;
  const adminContext = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const admin = await adminContext.newPage();
  await createAdmin(admin, 'regulation-notices');
  const added = await admin.request.post('/api/admin/deck-regulations', {
    data: { kind: 'banned', cardNumber: 'OP12-026', from, source: 'https://en.onepiece-cardgame.com/rules/restriction' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await adminContext.close();

  await expect(bell).toHaveAttribute('data-unread', '1');
  await expect(page.getByText(commonEn.notifications.deckRules.toastTitle, { exact: true })).toBeVisible();
  await bell.click();
  const item = page.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Kuina (OP12-026) is banned from March ${day}, ${year}: your deck “Kuina’s Zoro” will not be legal from that day`);
  await item.click();
  await expect(page).toHaveURL(`/deck/${deckId}`);
  await expect(bell).toHaveAttribute('data-unread', '0');

  // By e-mail too (alert e-mails are on by default), after the sign-up's.
  const mail = await waitForMail(ownerEmail, 1);
  expect(mail.subject).toBe(`Your deck “Kuina’s Zoro”: Kuina (OP12-026) is banned from March ${day}, ${year}`);
  expect(mail.text).toContain(`/deck/${deckId}`);
});
