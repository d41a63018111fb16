import type { Page } from '@playwright/test';
import accountEn from '../src/locales/en/account.json' with { type: 'json' };
import contactEn from '../src/locales/en/contact.json' with { type: 'json' };
import adminEn from '../src/locales/en/admin.json' with { type: 'json' };
import commonEn from '../src/locales/en/common.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAdmin } from './admin';
import { createAccount, uniqueEmail, waitForMail } from './mail';

interface ApiCard {
  id: number;
  colors: string[];
}

async function publishDeck(page: Page, name: string) {
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: ApiCard[] }).items;
  const leader = (await ask('color=Red&type=Leader&block=3&variations=false&pageSize=50')).find((c) => c.colors.length === 1)!;
  const res = await page.request.post('/api/decks', { data: { name, format: 'standard', leaderCardId: leader.id, isPublic: true } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('a visitor writes through the contact page, a player reports a comment, and the admin handles both', async ({ page, browser, baseURL }) => {
  const subject = `Missing alternate art ${Date.now()}`;
  // Unique per run: a run again on the same server must not find the report an earlier one left.
  const spam = `Buy followers at example.test ${Date.now()}`;

  // A visitor, signed out, from their own address.
  const visitorContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': `10.251.1.${1 + Math.floor(Math.random() * 250)}` } });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/contact');
  await visitor.getByTestId('contact-submit').click();
  await expect(visitor.getByTestId('contact-form')).toContainText(accountEn.validation.contactMessageRequired);
  await visitor.getByTestId('contact-name').fill('Usopp');
  await visitor.getByTestId('contact-email').fill(uniqueEmail('contact'));
  await visitor.getByTestId('contact-subject').fill(subject);
  await visitor.getByTestId('contact-message').fill('OP05-119 SEC parallel is not in the library.\nCould you add it?');
  await visitor.getByTestId('contact-submit').click();
  await expect(visitor.getByTestId('contact-sent')).toContainText(contactEn.sent.title);
  await visitorContext.close();

  // An owner's public deck, a comment by one player, reported by another through the page.
  const ownerContext = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const owner = await ownerContext.newPage();
  await createAccount(owner, { email: uniqueEmail('deckowner') });
  const deckId = await publishDeck(owner, 'Reported talk');
  const commenterContext = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const commenter = await commenterContext.newPage();
  await createAccount(commenter, { email: uniqueEmail('commenter') });
  const posted = await commenter.request.post(`/api/decks/${deckId}/comments`, { data: { text: spam } });
  expect(posted.status(), await posted.text()).toBe(201);
  await owner.goto(`/deck/${deckId}`);
  await owner.getByTestId('comments-section').scrollIntoViewIfNeeded();
  await owner.getByTestId('comment').getByTestId('comment-report').click();
  await owner.getByTestId('comment-report-reason').fill('Spam');
  await owner.getByTestId('comment-report-submit').click();
  await expect(owner.getByTestId('comment-reported')).toBeVisible();
  await ownerContext.close();
  await commenterContext.close();

  // The admin: the message (marked handled) and the reported comment (deleted).
  await createAdmin(page, 'community');
  await page.goto('/admin?tab=messages');
  const message = page.getByTestId('admin-contact-message').filter({ hasText: subject });
  await expect(message).toContainText('Could you add it?');
  await message.getByTestId('admin-contact-handled').click();
  await expect(page.getByTestId('admin-contact-message').filter({ hasText: subject })).toHaveCount(0);

  await page.getByTestId('admin-tab-comments').click();
  const reported = page.getByTestId('admin-reported-comment').filter({ hasText: spam });
  await expect(reported).toContainText('Spam');
  await reported.getByTestId('admin-comment-delete').click();
  await page.getByRole('alertdialog').getByRole('button', { name: adminEn.admin.reportedComments.delete }).click();
  await expect(page.getByTestId('admin-reported-comment').filter({ hasText: spam })).toHaveCount(0);
  const left = await page.request.get(`/api/decks/${deckId}/comments`);
  expect(((await left.json()) as { total: number }).total).toBe(0);
});

test("a follow and a comment reach the owner's bell live, without a reload, and open the profile and the deck", async ({ page, browser, baseURL }) => {
  const ownerEmail = uniqueEmail('bellowner');
  await createAccount(page, { email: ownerEmail });
  const deckId = await publishDeck(page, 'Bell talk');
  const ownerName = ((await (await page.request.get('/api/me')).json()) as { profile: { username: string } }).profile.username;
  await page.goto('/collection');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');

  // Another player, in another browser: follows, then comments on the public deck.
  const fanContext = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const fan = await fanContext.newPage();
  await createAccount(fan, { email: uniqueEmail('bellfan') });
  expect((await fan.request.patch('/api/me/profile', { data: { displayName: 'Nico Robin' } })).status()).toBe(200);
  expect((await fan.request.put(`/api/profiles/${ownerName}/follow`)).status()).toBe(200);
  await expect(bell).toHaveAttribute('data-unread', '1');
  await expect(page.getByText(commonEn.notifications.community.toastFollowed, { exact: true })).toBeVisible();
  expect((await fan.request.post(`/api/decks/${deckId}/comments`, { data: { text: 'Great curve, <b>bold</b> pick' } })).status()).toBe(201);
  await expect(bell).toHaveAttribute('data-unread', '2');
  await fanContext.close();

  await bell.click();
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Nico Robin commented on your deck “Bell talk”');
  await expect(items.nth(0).getByTestId('notification-excerpt')).toHaveText('Great curve, bold pick');
  await expect(items.nth(1)).toContainText('Nico Robin followed you');
  await items.nth(0).click();
  await expect(page).toHaveURL(`/deck/${deckId}`);
  await expect(bell).toHaveAttribute('data-unread', '1');
  // And by e-mail (on by default): the comment's, after the sign-up's and the follow's.
  const mail = await waitForMail(ownerEmail, 2);
  expect(mail.subject).toMatch(/^Nico Robin \(@\w+\) commented on your deck “Bell talk”$/);
  expect(mail.text).toContain('“Great curve, bold pick”');
});
