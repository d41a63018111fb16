import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test starts with English and the dark theme unless it sets something else, and comes from its own
 * client address (the server trusts X-Forwarded-For in e2e), so rate limits per address do not leak
 * between tests.
 */
export const test = base.extend<{ page: Page }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
  },
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-initialised')) {
        sessionStorage.setItem('e2e-initialised', '1');
        localStorage.setItem('selectedLanguage', 'en');
        localStorage.setItem('theme', 'dark');
      }
    });
    await use(page);
  },
});

export { expect };
