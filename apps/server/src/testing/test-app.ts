import type { LinkedAvatarOptions } from '../features/profiles/avatar.service';
import type { CardArtOptions } from '../features/images/card-art';
import type { CardImages } from '../features/images/card-images';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { eq } from 'drizzle-orm';
import type { Database, Db, DbEvents, QueryObserver } from '../db/client';
import { planGrants, users } from '../db/schema/index';
import { clearCardCaches } from '../features/cards/cards.service';
import { clearRegulationsCache } from '../features/decks/regulations.service';
import { createLogger } from '../lib/logger';
import type { MailMessage, Mailer } from '../lib/mail';
import { createAuth, type OidcProviderConfig } from '../features/auth/auth';
import { openFromTemplate } from './db-templates';

export { createScratchPgDatabase } from './scratch-pg';

export const testLog = createLogger('silent');

/**
 * A database of its own for one test file, copied from the run's migrated (or seeded) template (db-templates.ts):
 * in-memory PGlite, or — when DATABASE_URL is set — a new database on that PostgreSQL server, dropped by close().
 */
export async function createTestDatabase({ onQuery, seeded = false }: { onQuery?: QueryObserver; seeded?: boolean } = {}): Promise<Database> {
  clearCardCaches();
  clearRegulationsCache();
  return openFromTemplate(inject('dbTemplates'), { seeded, onQuery });
}

/** A migrated database seeded with the real card library, and the app on top of it. */
export async function createSeededTestApp() {
  const database = await createTestDatabase({ seeded: true });
  const app = buildApp({ db: database.db, log: testLog });
  return { app, database, db: database.db };
}

export async function getJson<T = unknown>(app: { request: (path: string) => Response | Promise<Response> }, path: string) {
  const res = await app.request(path);
  return { status: res.status, body: (await res.json()) as T, res };
}

/** A mailer that keeps messages in memory, for tests that follow the links they contain. */
function createMemoryMailer() {
  const messages: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'file',
    send: async (message) => {
      messages.push(message);
    },
  };
  const lastLinkTo = (to: string) => {
    const message = [...messages].reverse().find((m) => m.to === to);
    const link = message && /https?:\/\/\S+/.exec(message.text)?.[0];
    if (!link) throw new Error(`no mail with a link to ${to}`);
    return link;
  };
  return { mailer, messages, lastLinkTo };
}

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** A migrated database with authentication mounted, mail captured in memory (or sent through the given mailer). */
export async function createAuthTestApp({
  rateLimit = false,
  adminEmails = [],
  trustProxy = true,
  oidc,
  mailer,
  seed = false,
  events,
  onQuery,
  sessionCacheTtlMs,
  avatarLinks,
  cardImages,
  cardArt,
}: {
  rateLimit?: boolean;
  adminEmails?: string[];
  trustProxy?: boolean | number;
  oidc?: OidcProviderConfig;
  mailer?: Mailer;
  seed?: boolean;
  events?: DbEvents;
  /** Sees every statement the app sends (to count them). */
  onQuery?: QueryObserver;
  sessionCacheTtlMs?: number;
  /** Fetching linked avatars (a local stand-in needs allowLoopback). */
  avatarLinks?: LinkedAvatarOptions;
  /** Card thumbnails under /img/cards, and fetching the art admins link (a local stand-in needs allowLoopback). */
  cardImages?: CardImages;
  cardArt?: CardArtOptions;
} = {}) {
  const database = await createTestDatabase({ onQuery, seeded: seed });
  const mail = createMemoryMailer();
  const auth = createAuth({
    db: database.db,
    mailer: mailer ?? mail.mailer,
    log: testLog,
    config: { publicUrl: TEST_PUBLIC_URL, secret: 'test-secret-test-secret-test-secret-1234', rateLimit, adminEmails, oidc, sessionCacheTtlMs },
  });
  const app = buildApp({ db: database.db, log: testLog, auth, publicUrl: TEST_PUBLIC_URL, trustProxy, events, mailer: mailer ?? mail.mailer, avatarLinks, cardImages, cardArt });
  return { app, database, db: database.db, mail, auth };
}

/** A JSON POST as the browser app sends it. */
export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL, ...headers },
  body: JSON.stringify(body),
});

/** The request path of an absolute link from an e-mail. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A password that passes every rule, the common-password one included (packages/core/src/password.ts). */
export const TEST_PASSWORD = 'Thousand-Sunny-7';

/** Signs a new user up, follows the confirmation link from the captured mail, returns the session cookie. */
export async function signUpVerified(ctx: Awaited<ReturnType<typeof createAuthTestApp>>, email: string, password = TEST_PASSWORD) {
  const res = await ctx.app.request('/api/auth/sign-up/email', postJson({ email, password, name: email.split('@')[0] }));
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  // The auth library stores e-mails in lowercase and mails them there.
  const verified = await ctx.app.request(pathOf(ctx.mail.lastLinkTo(email.toLowerCase())));
  const cookie = cookieOf(verified);
  if (!cookie.includes('session_token=')) throw new Error('confirmation did not sign in');
  return cookie;
}

/**
 * Puts a signed-up user on a plan through a complimentary grant (as `PUT /api/admin/users/{id}/plan` does), dropping
 * their cached sessions so the next request sees it. Tests of what Hobby allows (private binders and decks, many
 * exports) start here; Free is what a new account gets.
 */
export async function grantPlan(ctx: { db: Db; auth: { sessionCache?: { invalidateUser(id: string): Promise<void> } } }, email: string, plan: 'free' | 'hobby' | 'family') {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`no user ${email}`);
  if (plan === 'free') await ctx.db.delete(planGrants).where(eq(planGrants.userId, user.id));
  else await ctx.db.insert(planGrants).values({ userId: user.id, plan }).onConflictDoUpdate({ target: planGrants.userId, set: { plan } });
  await ctx.auth.sessionCache?.invalidateUser(user.id);
  return user.id;
}
