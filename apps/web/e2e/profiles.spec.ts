import type { Page } from '@playwright/test';
import sharp from 'sharp';
import commentsEn from '../src/locales/en/comments.json' with { type: 'json' };
import profileEn from '../src/locales/en/profile.json' with { type: 'json' };
import profileEs from '../src/locales/es/profile.json' with { type: 'json' };
import profilePt from '../src/locales/pt/profile.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './mail';

interface ApiCard {
  id: number;
  name: string;
  colors: string[];
}

const usernameOf = async (page: Page) => ((await (await page.request.get('/api/me')).json()) as { profile: { username: string } }).profile.username;

/** Publishes a legal Standard deck of the real library (made public: decks are private until shared, on every plan). */
async function publishDeck(page: Page, name: string) {
  const ask = async (query: string) => ((await (await page.request.get(`/api/cards?${query}`)).json()) as { items: ApiCard[] }).items;
  const leader = (await ask('color=Red&type=Leader&block=3&variations=false&pageSize=50')).find((c) => c.colors.length === 1)!;
  const main = (await ask('color=Red&type=Character&block=3&variations=false&pageSize=50')).filter((c) => c.colors.length === 1).slice(0, 13);
  const res = await page.request.post('/api/decks', { data: { name, format: 'standard', isPublic: true, leaderCardId: leader.id, cards: main.map((c, i) => ({ cardId: c.id, quantity: i === 12 ? 2 : 4 })) } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; isPublic: boolean };
}

test('A follows B, B publishes a deck, A sees it on the dashboard feed, A comments, B deletes the comment; the profile in Portuguese and Spanish', async ({ page, browser, baseURL }) => {
  await createAccount(page, { email: uniqueEmail('follower') });
  const bContext = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const b = await bContext.newPage();
  await createAccount(b, { email: uniqueEmail('followee') });
  const bName = await usernameOf(b);

  await page.goto('/dashboard');
  await expect(page.getByTestId('feed-empty')).toBeVisible();

  await page.goto(`/u/${bName}`);
  await expect(page.getByTestId('profile-name')).toHaveText(bName);
  await expect(page.getByTestId('count-followers')).toContainText('0');
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('count-followers')).toContainText('1');

  const deck = await publishDeck(b, 'Straw Hat Rush');
  expect(deck.isPublic).toBe(true);

  await page.goto('/dashboard');
  const item = page.getByTestId('feed').getByTestId('activity-item').first();
  await expect(item).toHaveAttribute('data-kind', 'deck_published');
  await expect(item).toContainText(bName);
  await item.getByRole('link', { name: 'Straw Hat Rush' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck.id}$`));
  await expect(page.getByTestId('deck-title')).toHaveText('Straw Hat Rush');

  // A comments on it: shown at once, as text; B, the deck's owner, deletes it and it is gone for A too.
  const text = 'Great list! <script>alert(1)</script> Try 3x OP01-016.';
  await page.getByTestId('comments-section').scrollIntoViewIfNeeded();
  await page.getByTestId('comment-text').fill(text);
  await page.getByTestId('comment-submit').click();
  // Stored and shown as plain text: the markup is gone, no element was made of it (issue 46: as a bio is).
  await expect(page.getByTestId('comment').getByTestId('comment-text-shown')).toHaveText('Great list!  Try 3x OP01-016.');
  await expect(page.getByTestId('comment').locator('script')).toHaveCount(0);
  await b.goto(`/deck/${deck.id}`);
  await b.getByTestId('comments-section').scrollIntoViewIfNeeded();
  const comment = b.getByTestId('comment').filter({ hasText: 'Great list!' });
  await expect(comment).toBeVisible();
  await comment.getByTestId('comment-delete').click();
  await b.getByRole('button', { name: commentsEn.delete.confirm }).click();
  await expect(b.getByTestId('comment')).toHaveCount(0);
  await page.reload();
  await page.getByTestId('comments-section').scrollIntoViewIfNeeded();
  await expect(page.getByText(commentsEn.empty)).toBeVisible();
  await expect(page.getByTestId('comment')).toHaveCount(0);

  // B's profile lists the deck; the followers list names A.
  await page.goto(`/u/${bName}`);
  await expect(page.getByTestId('profile-deck')).toContainText('Straw Hat Rush');
  await page.getByTestId('count-followers').click();
  await expect(page.getByTestId('follow-list').getByRole('link')).toHaveCount(1);
  await page.keyboard.press('Escape');

  for (const [language, texts] of [
    ['pt', profilePt],
    ['es', profileEs],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('selectedLanguage', l), language);
    await page.goto(`/u/${bName}`);
    await expect(page.getByRole('heading', { name: texts.activity.title })).toBeVisible();
    await expect(page.getByTestId('follow-button')).toHaveText(texts.follow.following);
    await expect(page.getByTestId('activity-item').first()).toContainText(texts.activity.deck_publishedSelf.split(' <')[0]!);
  }
  await bContext.close();
});

test('own profile: upload an avatar, write a bio that stays text, hide a public deck, see the badges and their rules', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('ownprofile') });
  const name = await usernameOf(page);
  const deck = await publishDeck(page, 'Shown then hidden');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: profileEn.own.title, level: 1 })).toBeVisible();
  const picture = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2563eb' } }).png().toBuffer();
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('avatar-picker').locator('img')).toHaveAttribute('src', /^\/img\/avatars\/[^/]+\/[0-9a-f]{16}\.webp$/);

  // Markup is dropped when saved (spec: plain text); what is left is drawn as text, never as HTML.
  await page.getByLabel('Bio').fill('Red & "Blue" <3 <b>bold</b>\nSecond line');
  const bio = 'Red & "Blue" <3 bold\nSecond line';
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-save')).toBeDisabled();

  const switches = page.getByTestId('showcase').getByTestId('showcase-switch');
  await expect(switches).toHaveCount(1);
  await switches.first().click();
  await expect(switches.first()).toHaveAttribute('data-state', 'unchecked');

  await page.getByTestId('view-public-profile').click();
  await expect(page).toHaveURL(new RegExp(`/u/${name}$`));
  await expect(page.getByTestId('profile-bio')).toHaveText(bio);
  expect(await page.getByTestId('profile-bio').innerHTML()).toBe('Red &amp; "Blue" &lt;3 bold\nSecond line');
  await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/img\/avatars\//);
  await expect(page.getByTestId('profile-deck')).toHaveCount(0);
  await expect(page.getByTestId('count-decks')).toContainText('1');
  await expect(page.getByTestId('edit-profile')).toBeVisible();

  // The badges not earned yet show their progress to their owner, and their rule on hover.
  await page.getByTestId('badge-deck_builder').hover();
  await expect(page.getByRole('tooltip')).toContainText('1 of 3');
  expect(deck.id).toBeTruthy();
});
