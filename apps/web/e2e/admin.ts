import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, E2E_PASSWORD, uniqueEmail } from './mail';
import { ROOT_ADMIN, workerServer } from './server';

/** This worker's root admin, signed in once (e2e/server.ts: made in the template, an admin through ADMIN_EMAILS). */
const roots = new Map<string, Promise<APIRequestContext>>();

function rootOf(origin: string): Promise<APIRequestContext> {
  let root = roots.get(origin);
  if (!root) {
    root = (async () => {
      const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin, 'X-Forwarded-For': '10.250.0.2' } });
      const signIn = await api.post('/api/auth/sign-in/email', { data: { email: ROOT_ADMIN, password: E2E_PASSWORD } });
      expect(signIn.status(), await signIn.text()).toBe(200);
      return api;
    })();
    roots.set(origin, root);
  }
  return root;
}

/** Makes the account `email` an admin, as an admin does on the users page (PUT /api/admin/users/{id}/role). */
async function makeAdmin(origin: string, email: string) {
  const root = await rootOf(origin);
  const found = await root.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect(found.status(), await found.text()).toBe(200);
  const user = ((await found.json()) as { items: { id: string; email: string }[] }).items.find((u) => u.email === email.toLowerCase());
  expect(user, `no user ${email}`).toBeTruthy();
  const changed = await root.put(`/api/admin/users/${user!.id}/role`, { data: { role: 'admin' } });
  expect(changed.status(), await changed.text()).toBe(204);
}

/**
 * A new admin signed in on `page` (its own address, so a test can run again on the same server): a confirmed account
 * with the terms accepted, made an admin by the root admin. Returns its address.
 */
export async function createAdmin(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(`admin-${name}`);
  await createAccount(page, { email });
  await makeAdmin(workerServer().url, email);
  return email;
}
