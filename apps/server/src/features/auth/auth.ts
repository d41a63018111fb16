import { randomBytes } from 'node:crypto';
import { Password } from '@grandline/core/contracts/auth';
import { messageText } from '@grandline/core/contracts/messages';
import { commonPasswordIssue } from '@grandline/core/password';
import { trimChar } from '@grandline/core/slug';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, type GenericOAuthOptions } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, appMeta, rateLimits, sessions, users, verifications } from '../../db/schema/index';
import type { AuthService } from '../../lib/context';
import { SESSION_COOKIE_NAMES, SessionCache } from '../../lib/session-cache';
import type { Logger } from '../../lib/logger';
import { authLibraryLogger } from './auth-log';
import type { Mailer } from '../../lib/mail';
import { consumeRateLimit } from '../../lib/rate-limit';
import { safeImage } from './auth-input';
import { authMail, mailLanguage } from './auth-mail';
import { createSessionLookup, type SessionLookupConfig } from './session-lookup';

export interface AuthConfig {
  /** Where users reach the app, e.g. http://localhost:3000. */
  publicUrl: string;
  secret: string;
  google?: { clientId: string; clientSecret: string };
  facebook?: { clientId: string; clientSecret: string };
  /** Any other OpenID Connect provider (Keycloak, Auth0, Entra ID, a company's SSO…), found by discovery. */
  oidc?: OidcProviderConfig;
  /** Per-IP limits of the sign-in, sign-up, reset and resend endpoints (off only in unit tests of other rules). */
  rateLimit?: boolean;
  /** E-mails (lowercase) that get the admin role when they sign up. */
  adminEmails?: string[];
  /** How long a resolved session is reused without reading the database (lib/session-cache.ts); 0 turns it off. */
  sessionCacheTtlMs?: number;
}

/** SESSION_CACHE_TTL_MS by default: a minute, the longest a revoked session could live on a replica that missed the notice. */
const DEFAULT_SESSION_CACHE_TTL_MS = 60_000;

export interface OidcProviderConfig {
  /** The issuer; its metadata is read from {issuerUrl}/.well-known/openid-configuration. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The label of its sign-in button. */
  name?: string;
}

/** Provider id of the OpenID Connect provider: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';

/** The discovery document of an issuer (OpenID Connect Discovery 1.0 §4: a trailing slash is dropped). */
export const oidcDiscoveryUrl = (issuerUrl: string) => `${trimChar(issuerUrl, '/')}/.well-known/openid-configuration`;

const SECRET_KEY = 'auth.secret';

/** Set by our server on every auth request (any value sent by the client is replaced): the client address. */
export const CLIENT_IP_HEADER = 'x-grandline-client-ip';

/**
 * The secret that signs sessions: AUTH_SECRET when set, otherwise one generated on first start and
 * kept in the database, so every replica of one deployment uses the same.
 */
export async function resolveAuthSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  if (!row) throw new Error('could not store the authentication secret');
  return row.value;
}

/** Attempts allowed per e-mail address (on top of the per-address limits): [max, window in seconds]. */
const PER_EMAIL_LIMITS: Record<string, [number, number]> = {
  '/sign-in/email': [10, 300],
  '/sign-up/email': [3, 3600],
  '/request-password-reset': [3, 3600],
  '/send-verification-email': [3, 3600],
};

/** Labels of the built-in outside providers (the OpenID Connect one is named in its configuration). */
const SOCIAL_LABELS: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

/** Paths whose password field must follow the spec's password rules. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * The OpenID Connect provider is registered by the generic-OAuth plugin as one more social provider: it goes through
 * the same /sign-in/social and /callback/:id endpoints, state and PKCE handling as Google and Facebook, whose token and
 * key addresses are fixed in the library. It stays out of socialProviders; configuredProviders() lists them all.
 */
function oidcPlugins(config: AuthConfig) {
  if (!config.oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: config.oidc.name ?? 'OpenID Connect',
          discoveryUrl: oidcDiscoveryUrl(config.oidc.issuerUrl),
          clientId: config.oidc.clientId,
          clientSecret: config.oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          // ID tokens are checked against the issuer's keys, issuer, audience and nonce; an issuer that is
          // unreachable at start is looked up again on first use rather than trusted unverified.
          requireIdTokenVerification: true,
          // Like e-mail sign-ups: an address the provider has not verified gets a confirmation mail, not a session.
          requireEmailVerification: true,
        },
      ],
    }),
  ];
}

/**
 * What the library's endpoints check first: the attempts per e-mail address (PER_EMAIL_LIMITS, on top of the library's
 * per-address limits), and a new password against the spec's rules (PASSWORD_FIELDS).
 */
function authRules(db: Db, config: AuthConfig) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const perEmail = PER_EMAIL_LIMITS[ctx.path];
    if (perEmail && email && config.rateLimit !== false) {
      const [max, windowSeconds] = perEmail;
      if (!(await consumeRateLimit(db, `email:${ctx.path}:${email}`, max, windowSeconds))) {
        throw new APIError('TOO_MANY_REQUESTS', { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });
      }
    }
    const field = PASSWORD_FIELDS[ctx.path];
    if (!field) return;
    const value = body[field];
    const parsed = Password.safeParse(typeof value === 'string' ? value : '');
    // The spec's composition rules, then the common-password rule (docs/decisions/006-hardening.md), the same
    // function the web forms run before submitting; at sign-up the address's words count as easy to guess.
    const key = parsed.success
      ? await commonPasswordIssue(parsed.data, { email: ctx.path === '/sign-up/email' ? email : undefined })
      : (parsed.error.issues[0]?.message ?? 'validation.passwordTooShort');
    if (key) {
      // validation.passwordUppercase → PASSWORD_UPPERCASE, validation.passwordCommon → PASSWORD_COMMON: the client translates the code.
      const code = key.replace('validation.', '').replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
      throw new APIError('BAD_REQUEST', { code, message: messageText(key) });
    }
  });
}

export function createAuth({ db, mailer, log, config }: { db: Db; mailer: Mailer; log: Logger; config: AuthConfig }) {
  const socialProviders = {
    ...(config.google ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } } : {}),
    ...(config.facebook ? { facebook: { clientId: config.facebook.clientId, clientSecret: config.facebook.clientSecret } } : {}),
  };
  const providerLabel = (id: string) => (id === OIDC_PROVIDER_ID ? (config.oidc?.name ?? 'OpenID Connect') : (SOCIAL_LABELS[id] ?? id));
  // Resolved sessions, reused without a database read; every change the library makes to a session or a user (sign-out,
  // revocation, password change, e-mail change, verification) drops the user's entries on every replica.
  const secureCookies = config.publicUrl.startsWith('https://');
  // The library names its session cookie by that setting: the secure name on https, the plain one otherwise.
  const sessionCookie = SESSION_COOKIE_NAMES[secureCookies ? 1 : 0]!;
  const sessionCache = new SessionCache(config.sessionCacheTtlMs ?? DEFAULT_SESSION_CACHE_TTL_MS, Date.now, [sessionCookie]);
  const forget = async (userId: unknown) => {
    if (typeof userId === 'string') await sessionCache.invalidateUser(userId);
  };
  const instance = betterAuth({
    appName: 'Grand Line',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: { role: { type: 'string', defaultValue: 'user', input: false } },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, image: safeImage(user.image), role: config.adminEmails?.includes(user.email.toLowerCase()) ? 'admin' : 'user' },
          }),
        },
        // A picture from an outside provider that is not https is dropped, not stored (the auth input guard refuses it from users).
        update: {
          before: async (user) => (user.image ? { data: { ...user, image: safeImage(user.image) } } : undefined),
          after: async (user) => forget(user.id),
        },
        delete: { after: async (user) => forget(user.id) },
      },
      session: {
        update: { after: async (session) => forget(session.userId) },
        delete: { after: async (session) => forget(session.userId) },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      // Every address gets the same answer (status and body): a password account, an account that only signs in
      // with an outside provider, an unknown address (the library mails nobody). Only the mail differs: an
      // outside-provider account has no password to reset, so it is told which provider to use, and the token
      // the library made for it is dropped unused.
      sendResetPassword: async ({ user, url, token }, request) => {
        const lang = mailLanguage(request?.headers);
        const methods = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user.id));
        if (methods.some((m) => m.providerId === 'credential')) {
          await mailer.send(authMail('reset', lang, user.email, url));
          return;
        }
        await db.delete(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
        const names = [...new Set(methods.map((m) => providerLabel(m.providerId)))];
        await mailer.send(authMail('external', lang, user.email, `${config.publicUrl}/auth`, names));
      },
      // A sign-up with a registered address answers like a new one (no account enumeration); the owner gets a
      // mail pointing to sign-in instead of waiting for a confirmation that never comes.
      onExistingUserSignUp: async ({ user }, request) => {
        await mailer.send(authMail('existing', mailLanguage(request?.headers), user.email, `${config.publicUrl}/auth`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, url }, request) => {
        await mailer.send(authMail('verify', mailLanguage(request?.headers), user.email, url));
      },
    },
    socialProviders,
    // The OpenID Connect provider, when configured (oidcPlugins).
    plugins: oidcPlugins(config),
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    rateLimit: {
      enabled: config.rateLimit ?? true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 300, max: 5 },
        '/send-verification-email': { window: 300, max: 5 },
      },
    },
    hooks: {
      before: authRules(db, config),
    },
    logger: authLibraryLogger(log),
  });
  // A cache miss in one statement, with the library's own secret, cookie names and session ages (read once).
  let lookupConfig: Promise<SessionLookupConfig> | null = null;
  const lookupSession = createSessionLookup(db, () =>
    (lookupConfig ??= instance.$context.then((ctx) => {
      if (ctx.authCookies.sessionToken.name !== sessionCookie) throw new Error(`unexpected session cookie name ${ctx.authCookies.sessionToken.name}`);
      return {
        secret: ctx.secret,
        cookies: { sessionToken: sessionCookie, dontRemember: ctx.authCookies.dontRememberToken.name, sessionData: ctx.authCookies.sessionData.name },
        expiresIn: ctx.sessionConfig.expiresIn,
        updateAge: ctx.sessionConfig.updateAge,
      };
    })),
  );
  return Object.assign(instance, { sessionCache, lookupSession });
}

export type Auth = ReturnType<typeof createAuth>;

/** The generic-OAuth providers of an instance (the OpenID Connect one, when configured). */
function genericProviders(auth: Pick<AuthService, 'options'>) {
  const plugin = auth.options.plugins?.find((p) => p.id === 'generic-oauth');
  return (plugin?.options as GenericOAuthOptions | undefined)?.config ?? [];
}

/** Ids of every provider a sign-in button is shown for: google, facebook, oidc (each when configured). */
export function configuredProviders(auth: Pick<AuthService, 'options'>): string[] {
  return [...Object.keys(auth.options.socialProviders ?? {}), ...genericProviders(auth).map((c) => c.providerId)];
}

/** The label of a provider's sign-in button. */
export function providerName(auth: Pick<AuthService, 'options'>, id: string): string {
  const generic = genericProviders(auth).find((c) => c.providerId === id);
  if (generic) return generic.name ?? id;
  return SOCIAL_LABELS[id] ?? id;
}
