import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { createAdmin } from './admin';

/**
 * Puts the user signed in on `page` on a plan the way an admin does (PUT /api/admin/users/{id}/plan), from a new admin's
 * own browser (e2e/admin.ts; `admin` names it). For tests of what Hobby allows, such as private binders and decks.
 */
export async function grantPlan(browser: Browser, page: Page, { email, plan, admin }: { email: string; plan: 'free' | 'hobby' | 'family'; admin: string }) {
  const origin = new URL(page.url()).origin;
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin, 'X-Forwarded-For': '10.251.0.9' } });
  try {
    const adminPage = await context.newPage();
    await createAdmin(adminPage, admin);
    const found = await adminPage.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
    const user = ((await found.json()) as { items: { id: string; email: string }[] }).items.find((u) => u.email === email.toLowerCase());
    expect(user, `no user ${email}`).toBeTruthy();
    const res = await adminPage.request.put(`/api/admin/users/${user!.id}/plan`, { data: { plan } });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await context.close();
  }
}
