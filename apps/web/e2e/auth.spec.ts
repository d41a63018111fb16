import enAccount from '../src/locales/en/account.json' with { type: 'json' };
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import ptAccount from '../src/locales/pt/account.json' with { type: 'json' };
import ptCommon from '../src/locales/pt/common.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { createAccount, E2E_PASSWORD, uniqueEmail, uniqueUsername, waitForMail } from './mail';
import type { Page } from '@playwright/test';
import { AUTH_ADMIN } from './server';

type Lang = 'en' | 'pt';
/** The texts the account screens show: their own namespace over the common one. */
const texts = (common: typeof enCommon, account: typeof enAccount) => ({ ...common, ...account, errors: { ...common.errors, ...account.errors } });
const en = texts(enCommon, enAccount);
/** The same keys in both languages (checked by the locales unit test). */
const LOCALES: Record<Lang, typeof en> = { en, pt: texts(ptCommon as unknown as typeof enCommon, ptAccount as unknown as typeof enAccount) };

// No IP geolocation in e2e: the suggested country comes from the browser's language, United States here.
test.use({ locale: 'en-US' });

/** Starts the test in a language (kept by the app in local storage). */
async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-lang')) {
      sessionStorage.setItem('e2e-lang', l);
      localStorage.setItem('selectedLanguage', l);
    }
  }, lang);
}

async function signIn(page: Page, L: (typeof LOCALES)[Lang], email: string, password: string) {
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel(L.auth.email).fill(email);
  await form.getByLabel(L.auth.password, { exact: true }).fill(password);
  await page.getByTestId('sign-in-submit').click();
}

for (const lang of ['en', 'pt'] as const) {
  const L = LOCALES[lang];

  test.describe(`accounts (${lang})`, () => {
    test('sign up, confirm by e-mail, complete the account, reach the dashboard, sign out', async ({ page }) => {
      await useLanguage(page, lang);
      const email = uniqueEmail(`signup-${lang}`);
      await page.goto('/');
      await page.getByTestId('sign-in-link').click();
      await expect(page).toHaveURL(/\/auth$/);
      await page.getByRole('tab', { name: L.auth.signUp }).click();

      const form = page.getByTestId('sign-up-form');
      await form.getByLabel(L.auth.email).fill(email);
      // A weak password is refused in the user's language, before anything is sent.
      await form.getByLabel(L.auth.password, { exact: true }).fill('password');
      await form.getByLabel(L.auth.confirmPassword).fill('password');
      await page.getByTestId('sign-up-submit').click();
      await expect(form.getByText(L.validation.passwordUppercase)).toBeVisible();
      // Every rule stays shown beside the one the password breaks, as in Settings → Password.
      await expect(form.getByTestId('password-rules')).toHaveText(L.auth.passwordRules);
      // So is a common one, by the same rule as the server's.
      await form.getByLabel(L.auth.password, { exact: true }).fill('Password123');
      await form.getByLabel(L.auth.confirmPassword).fill('Password123');
      await page.getByTestId('sign-up-submit').click();
      await expect(form.getByText(L.validation.passwordCommon)).toBeVisible();
      await expect(page.getByTestId('check-email')).toHaveCount(0);
      await form.getByLabel(L.auth.password, { exact: true }).fill(E2E_PASSWORD);
      await form.getByLabel(L.auth.confirmPassword).fill(E2E_PASSWORD);
      await page.getByTestId('sign-up-submit').click();
      await expect(page.getByTestId('check-email')).toContainText(email);

      // The confirmation mail is written in the user's language; its link signs in and opens /welcome.
      const mail = await waitForMail(email);
      expect(mail.subject).toBe(lang === 'pt' ? 'Confirme seu e-mail no Grand Line' : 'Confirm your e-mail for Grand Line');
      await page.goto(mail.link);
      await expect(page).toHaveURL(/\/welcome$/);

      // The complete-account overlay covers the page until the terms are accepted.
      const overlay = page.getByTestId('complete-account');
      await expect(overlay.getByRole('heading', { name: L.consent.overlayTitle })).toBeVisible();
      const accept = page.getByTestId('consent-accept');
      await expect(accept).toBeDisabled();
      await overlay.getByLabel(L.consent.username).fill('no spaces allowed');
      await overlay.getByLabel(L.consent.username).blur();
      await expect(overlay.getByText(L.validation.usernameCharacters)).toBeVisible();
      await overlay.getByLabel(L.consent.username).fill(uniqueUsername('luffy'));
      await expect(overlay.getByTestId('username-available')).toBeVisible();
      // Country: search the list and pick one; Brazil has no cookie choices, Germany (GDPR) does.
      await expect(overlay.getByTestId('country-value')).toHaveText(lang === 'pt' ? 'Estados Unidos' : 'United States');
      await overlay.getByTestId('country-change').click();
      await overlay.getByRole('combobox').fill(lang === 'pt' ? 'Alemanha' : 'Germany');
      await overlay.getByRole('combobox').press('Enter');
      await expect(overlay.getByTestId('cookie-choices')).toBeVisible();
      await overlay.getByTestId('country-change').click();
      await overlay.getByRole('combobox').fill(lang === 'pt' ? 'Brasil' : 'Brazil');
      await overlay.getByRole('option').first().click();
      await expect(overlay.getByTestId('cookie-choices')).toHaveCount(0);
      await page.getByTestId('consent-age').click();
      await expect(accept).toBeDisabled();
      await page.getByTestId('consent-tos').click();
      await expect(accept).toBeEnabled();
      await accept.click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('complete-account')).toHaveCount(0);
      await expect(page.getByText(L.consent.accepted)).toBeVisible();
      const me = await (await page.request.get('/api/me')).json();
      expect(me.consent.tosAccepted).toBe(true);
      expect(me.profile.countryCode).toBe('BR');
      // Brazil suggests the real as currency, since none was chosen in this browser; the chosen language stays.
      expect(await page.evaluate(() => [localStorage.getItem('selectedCurrency'), localStorage.getItem('selectedLanguage')])).toEqual(['BRL', lang]);

      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(L.auth.signedOut)).toBeVisible();
      await expect(page.getByTestId('sign-in-link')).toBeVisible();
      expect((await (await page.request.get('/api/session')).json()).session).toBeNull();
    });

    test('forgot password, reset it from the e-mail, sign in with the new one', async ({ page }) => {
      await useLanguage(page, lang);
      const { email } = await createAccount(page, { email: uniqueEmail(`reset-${lang}`) });
      await page.context().clearCookies();
      const mailsBefore = (await waitForMail(email)).count;

      await page.goto('/auth');
      await page.getByRole('button', { name: L.auth.forgotLink }).click();
      await page.getByTestId('forgot-form').getByLabel(L.auth.email).fill(email);
      await page.getByTestId('forgot-submit').click();
      await expect(page.getByTestId('check-email')).toContainText(email);

      const mail = await waitForMail(email, mailsBefore);
      expect(mail.subject).toBe(lang === 'pt' ? 'Redefina sua senha do Grand Line' : 'Reset your Grand Line password');
      await page.goto(mail.link);
      await expect(page).toHaveURL(/\/auth\?type=recovery&token=/);
      const form = page.getByTestId('recovery-form');
      await form.getByLabel(L.auth.newPassword).fill('NewPassword456');
      await form.getByLabel(L.auth.confirmPassword).fill('NewPassword457');
      await page.getByTestId('recovery-submit').click();
      await expect(form.getByText(L.validation.passwordsMismatch)).toBeVisible();
      await form.getByLabel(L.auth.confirmPassword).fill('NewPassword456');
      await page.getByTestId('recovery-submit').click();
      await expect(page.getByText(L.auth.passwordUpdated)).toBeVisible();

      // The old password no longer works ("Invalid login credentials"); the new one does.
      await signIn(page, L, email, E2E_PASSWORD);
      await expect(page.getByTestId('sign-in-form').getByRole('alert')).toContainText(L.errors.codes.INVALID_EMAIL_OR_PASSWORD);
      await signIn(page, L, email, 'NewPassword456');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('dashboard-page')).toBeVisible();
    });

    test('the consent page opens the privacy section and returns to the library', async ({ page }) => {
      await useLanguage(page, lang);
      // Signed out: the consent page needs a session and sends the visitor to sign in.
      await page.goto('/consent?return=/cards&doc=privacy');
      await expect(page).toHaveURL(/\/auth$/);

      await createAccount(page, { email: uniqueEmail(`consent-${lang}`), accept: false });
      await page.goto('/consent?return=/cards&doc=privacy');
      await expect(page.getByRole('heading', { level: 1, name: L.consent.pageTitle })).toBeVisible();
      await expect(page.getByTestId('consent-privacy')).toHaveAttribute('open', '');
      await expect(page.getByTestId('consent-terms')).not.toHaveAttribute('open', '');
      await expect(page.getByTestId('consent-privacy').getByTestId('legal-document')).toBeVisible();
      // The terms section opens on demand.
      await page.getByTestId('consent-terms').locator('summary').click();
      await expect(page.getByTestId('consent-terms').getByTestId('legal-document')).toBeVisible();

      const form = page.getByTestId('consent-form');
      await form.getByLabel(L.consent.username).fill(uniqueUsername('nami'));
      await expect(form.getByTestId('country-value')).toHaveText(lang === 'pt' ? 'Estados Unidos' : 'United States');
      await form.getByTestId('country-change').click();
      await form.getByRole('combobox').fill('Japan');
      await form.getByRole('combobox').press('Enter');
      await page.getByTestId('consent-age').click();
      await page.getByTestId('consent-tos').click();
      await page.getByTestId('consent-accept').click();
      await expect(page).toHaveURL(/\/cards$/);
      const me = await (await page.request.get('/api/me')).json();
      expect(me.consent.tosAccepted).toBe(true);
      // The language survived the clearing the consent page does on arrival.
      expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe(lang);
    });

    test('a signed-in page sends visitors to sign in and brings them back afterwards', async ({ page }) => {
      await useLanguage(page, lang);
      const { email, password } = await createAccount(page, { email: uniqueEmail(`return-${lang}`) });
      await page.context().clearCookies();

      await page.goto('/mydecks');
      await expect(page).toHaveURL(/\/auth$/);
      expect(await page.evaluate(() => localStorage.getItem('returnTo'))).toBe('/mydecks');
      await signIn(page, L, email, password);
      await expect(page).toHaveURL(/\/mydecks$/);
      expect(await page.evaluate(() => localStorage.getItem('returnTo'))).toBeNull();
      // The admin area is for admins only: others go home.
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test('settings: profile, password change, admin users page and account deletion', async ({ page, request }) => {
  const L = en;
  // An address of ADMIN_EMAILS (e2e/server.ts): an admin from its sign-up. Created here and deleted at the end.
  const admin = AUTH_ADMIN;
  const { email, password: current } = await createAccount(page, { email: admin });
  await page.goto('/settings');
  await expect(page.getByTestId('account-tab')).toBeVisible();
  await expect(page.getByTestId('tos-required')).toHaveCount(0);

  const profile = page.getByTestId('profile-form');
  await profile.getByLabel(L.account.avatarUrl).fill('not a url');
  await profile.getByLabel(L.account.displayName).fill('Monkey D. Luffy');
  await page.getByTestId('profile-save').click();
  await expect(profile.getByText(L.validation.imageUrlInvalid)).toBeVisible();
  await profile.getByLabel(L.account.avatarUrl).fill('');
  // Markup is removed; the rest is kept as typed (shown once escaped, never as "&gt;").
  await profile.getByLabel(L.account.bio).fill('<b>King</b> of the pirates > Buggy & co');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText(L.account.profileSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-form').getByLabel(L.account.displayName)).toHaveValue('Monkey D. Luffy');
  await expect(page.getByTestId('profile-form').getByLabel(L.account.bio)).toHaveValue('King of the pirates > Buggy & co');

  const password = page.getByTestId('password-form');
  await password.getByLabel(L.account.currentPassword).fill('WrongPassword1');
  await password.getByLabel(L.auth.newPassword).fill('Password789');
  await password.getByLabel(L.auth.confirmPassword).fill('Password789');
  await page.getByTestId('password-save').click();
  // A common new password is refused before the current one is even checked.
  await expect(password.getByText(L.validation.passwordCommon)).toBeVisible();
  await password.getByLabel(L.auth.newPassword).fill('Going-Merry-1999');
  await password.getByLabel(L.auth.confirmPassword).fill('Going-Merry-1999');
  await page.getByTestId('password-save').click();
  await expect(password.getByText(L.account.currentPasswordWrong)).toBeVisible();
  await expect(password.getByText(L.validation.passwordCommon)).toHaveCount(0);

  // Preferences chosen while signed in are saved to the profile.
  await page.getByTestId('tab-preferences').click();
  await expect(page.getByText(L.settings.storedInAccount)).toBeVisible();
  await page.getByRole('combobox', { name: 'Default marketplace' }).click();
  await page.getByRole('option', { name: /Cardmarket/ }).click();
  await expect.poll(async () => (await (await page.request.get('/api/me')).json()).profile.marketplace).toBe('market5');
  // …and come back in a new browser for the same account.
  const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const otherPage = await other.newPage();
  expect((await otherPage.request.post('/api/auth/sign-in/email', { data: { email, password: current } })).status()).toBe(200);
  await otherPage.goto('/settings?tab=preferences');
  await expect(otherPage.getByRole('combobox', { name: 'Default marketplace' })).toContainText('Cardmarket');
  expect(await otherPage.evaluate(() => localStorage.getItem('collectionMarketplace'))).toBe('market5');
  await other.close();

  // The admin sees the users list and can search it.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: L.nav.admin }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('searchbox').fill(email);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await expect(page.getByTestId('admin-user-row')).toContainText(email);
  // Named as the app names them (the display name set above), never by the e-mail's local part; the plan is "Free".
  await expect(page.getByTestId('admin-user-row').locator('.font-medium').first()).toHaveText('Monkey D. Luffy');
  await expect(page.getByTestId('admin-user-row').getByRole('combobox').first()).toContainText(enCommon.plans.names.free);

  await page.goto('/settings');
  await page.getByTestId('delete-account').click();
  const confirm = page.getByTestId('delete-confirm-button');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('delete-confirm').fill(email);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(L.account.deleted)).toBeVisible();
  // The account is gone: signing in with it fails like any unknown account.
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email, password: current } });
  expect(signIn.status()).toBe(401);
  expect(await signIn.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
});
