import { test as base, expect, type Page } from '@playwright/test';

/** Every test starts with English and the dark theme unless it sets something else. */
export const test = base.extend<{ page: Page }>({
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
