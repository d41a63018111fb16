// The whole authorization-code + PKCE sign-in against a local OpenID provider (oauth2-mock-server), through
// the same /api/auth/sign-in/social and /api/auth/callback/:id endpoints that Google and Facebook use.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OAuth2Server, type MutableToken, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/index';
import { cookieOf, createAuthTestApp, pathOf, postJson, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';
import { configuredProviders, createAuth, OIDC_PROVIDER_ID, oidcDiscoveryUrl, providerName } from './auth';

const CLIENT_ID = 'grandline-test-client';
const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/auth/callback/${OIDC_PROVIDER_ID}`;

let provider: OAuth2Server;
let issuer: string;
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;

/** Who the provider says signs in next. */
let nextUser: { sub: string; email: string; email_verified: boolean; name: string };
/** Replaces the nonce of the next ID token, as a replayed or foreign token would carry. */
let tamperNonce = false;
/** Bodies of the requests our server made to the provider's token endpoint. */
let tokenRequests: Record<string, unknown>[];

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  issuer = `http://127.0.0.1:${provider.address().port}`;
  provider.issuer.url = issuer;
  provider.service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
    if (req.body.grant_type !== 'authorization_code') return;
    Object.assign(token.payload, nextUser);
    // Only the ID token carries the nonce of the authorization request.
    if (tamperNonce && 'nonce' in token.payload) token.payload.nonce = 'another-flow';
  });
  provider.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
    res.body = { ...nextUser };
  });
  provider.service.on('beforeResponse', (_res: unknown, req: TokenRequestIncomingMessage) => {
    tokenRequests.push({ ...req.body });
  });
  ctx = await createAuthTestApp({ oidc: { issuerUrl: issuer, clientId: CLIENT_ID, clientSecret: 'test-client-secret', name: 'Test SSO' } });
});

afterAll(async () => {
  await ctx?.database.close();
  await provider?.stop();
});

beforeEach(() => {
  tokenRequests = [];
  tamperNonce = false;
  provider.service.removeAllListeners('beforeAuthorizeRedirect');
});

/** Step 1: our server answers the provider's authorization URL and sets the state cookie. */
async function startSignIn() {
  const res = await ctx.app.request(
    '/api/auth/sign-in/social',
    postJson({ provider: OIDC_PROVIDER_ID, callbackURL: '/decks', errorCallbackURL: '/auth' }),
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { url: string; redirect: boolean };
  return { authorizationUrl: new URL(body.url), stateCookie: cookieOf(res) };
}

/** Step 2: the browser visits the provider, which sends it back to our callback with a code (or an error). */
async function authorize(authorizationUrl: URL) {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.href.startsWith(REDIRECT_URI)).toBe(true);
  return location;
}

const usersWithEmail = (email: string) => ctx.db.select().from(users).where(eq(users.email, email));
const redirectOf = (res: Response) => new URL(res.headers.get('location')!, TEST_PUBLIC_URL);

describe('OpenID Connect sign-in (authorization code + PKCE)', () => {
  it('lists the provider without adding it to the built-in social providers', () => {
    expect(configuredProviders(ctx.auth)).toEqual([OIDC_PROVIDER_ID]);
    expect(Object.keys(ctx.auth.options.socialProviders ?? {})).toEqual([]);
    expect(providerName(ctx.auth, OIDC_PROVIDER_ID)).toBe('Test SSO');
  });

  it('offers its sign-in button to the web app under its configured name', async () => {
    const res = await ctx.app.request('/api/auth-options');
    expect(await res.json()).toEqual({ enabled: true, providers: [{ id: 'oidc', name: 'Test SSO' }] });
  });

  it('signs a new user in and checks the code verifier against the challenge', async () => {
    nextUser = { sub: 'zoro-123', email: 'zoro@example.com', email_verified: true, name: 'Roronoa Zoro' };
    const { authorizationUrl, stateCookie } = await startSignIn();

    expect(authorizationUrl.origin).toBe(issuer);
    expect(authorizationUrl.pathname).toBe('/authorize');
    const params = authorizationUrl.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(params.get('code_challenge_method')).toBe('S256');
    const challenge = params.get('code_challenge');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = params.get('state');
    expect(state).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(stateCookie).toMatch(/state=/);

    const back = await authorize(authorizationUrl);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeTruthy();

    const callback = await ctx.app.request(pathOf(back.href), { headers: { Cookie: stateCookie } });
    expect(callback.status).toBe(302);
    expect(redirectOf(callback).href).toBe(`${TEST_PUBLIC_URL}/decks`);
    const session = cookieOf(callback);
    expect(session).toMatch(/session_token=/);

    // The token request proved possession of the verifier behind the challenge sent in step 1.
    expect(tokenRequests).toHaveLength(1);
    const [tokenRequest] = tokenRequests;
    expect(tokenRequest).toMatchObject({ grant_type: 'authorization_code', code: back.searchParams.get('code'), redirect_uri: REDIRECT_URI });
    const verifier = tokenRequest!.code_verifier;
    expect(typeof verifier).toBe('string');
    expect(createHash('sha256').update(verifier as string).digest('base64url')).toBe(challenge);

    const me = await ctx.app.request('/api/me', { headers: { Cookie: session } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { user: { email: string; name: string; emailConfirmed: boolean; role: string } };
    expect(body.user).toMatchObject({ email: 'zoro@example.com', name: 'Roronoa Zoro', emailConfirmed: true, role: 'user' });

    const [user] = await usersWithEmail('zoro@example.com');
    const linked = await ctx.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([[OIDC_PROVIDER_ID, 'zoro-123']]);
  });

  it('refuses a callback whose state was not issued, and one without the browser state cookie', async () => {
    nextUser = { sub: 'buggy-1', email: 'buggy@example.com', email_verified: true, name: 'Buggy' };
    const { authorizationUrl, stateCookie } = await startSignIn();
    const back = await authorize(authorizationUrl);

    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    const wrongState = await ctx.app.request(pathOf(forged.href), { headers: { Cookie: stateCookie } });
    expect(wrongState.status).toBe(302);
    expect(redirectOf(wrongState).searchParams.get('error')).toBe('state_mismatch');
    expect(cookieOf(wrongState)).not.toMatch(/session_token=/);

    // The real state, but from another browser (a link planted by someone else): no state cookie.
    const noCookie = await ctx.app.request(pathOf(back.href));
    expect(noCookie.status).toBe(302);
    const error = redirectOf(noCookie);
    expect(error.pathname).toBe('/auth');
    expect(error.searchParams.get('error')).toBe('state_mismatch');
    expect(cookieOf(noCookie)).not.toMatch(/session_token=/);

    expect(tokenRequests).toHaveLength(0);
    expect(await usersWithEmail('buggy@example.com')).toHaveLength(0);
  });

  it('sends a denied authorization to the error page without a session', async () => {
    nextUser = { sub: 'arlong-1', email: 'arlong@example.com', email_verified: true, name: 'Arlong' };
    provider.service.once('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'The user declined');
    });
    const { authorizationUrl, stateCookie } = await startSignIn();
    const back = await authorize(authorizationUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');

    const callback = await ctx.app.request(pathOf(back.href), { headers: { Cookie: stateCookie } });
    expect(callback.status).toBe(302);
    const error = redirectOf(callback);
    expect(error.origin + error.pathname).toBe(`${TEST_PUBLIC_URL}/auth`);
    expect(error.searchParams.get('error')).toBe('access_denied');
    expect(cookieOf(callback)).not.toMatch(/session_token=/);
    expect(tokenRequests).toHaveLength(0);
    expect(await usersWithEmail('arlong@example.com')).toHaveLength(0);
  });

  it('rejects an ID token that is not bound to this sign-in (nonce)', async () => {
    nextUser = { sub: 'wapol-1', email: 'wapol@example.com', email_verified: true, name: 'Wapol' };
    tamperNonce = true;
    const { authorizationUrl, stateCookie } = await startSignIn();
    const back = await authorize(authorizationUrl);
    const callback = await ctx.app.request(pathOf(back.href), { headers: { Cookie: stateCookie } });
    expect(callback.status).toBe(302);
    expect(redirectOf(callback).pathname).toBe('/auth');
    expect(redirectOf(callback).searchParams.get('error')).toBe('unable_to_get_user_info');
    expect(cookieOf(callback)).not.toMatch(/session_token=/);
    expect(tokenRequests).toHaveLength(1);
    expect(await usersWithEmail('wapol@example.com')).toHaveLength(0);
  });

  it('gives no session for an address the provider has not verified, and mails a confirmation link', async () => {
    nextUser = { sub: 'kuro-1', email: 'kuro@example.com', email_verified: false, name: 'Kuro' };
    const { authorizationUrl, stateCookie } = await startSignIn();
    const back = await authorize(authorizationUrl);
    const callback = await ctx.app.request(pathOf(back.href), { headers: { Cookie: stateCookie } });
    expect(callback.status).toBe(302);
    expect(redirectOf(callback).searchParams.get('error')).toBe('email_not_verified');
    expect(cookieOf(callback)).not.toMatch(/session_token=/);
    expect(ctx.mail.lastLinkTo('kuro@example.com')).toContain('/api/auth/verify-email?token=');
  });
});

describe('configured providers', () => {
  it('are google and facebook in socialProviders, exactly when configured', () => {
    const make = (config: Partial<Parameters<typeof createAuth>[0]['config']>) =>
      createAuth({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, config: { publicUrl: TEST_PUBLIC_URL, secret: 'x'.repeat(32), ...config } });
    const none = make({});
    expect(configuredProviders(none)).toEqual([]);
    expect(none.options.socialProviders).toEqual({});
    const both = make({ google: { clientId: 'g', clientSecret: 'gs' }, facebook: { clientId: 'f', clientSecret: 'fs' } });
    expect(Object.keys(both.options.socialProviders ?? {})).toEqual(['google', 'facebook']);
    expect(configuredProviders(both)).toEqual(['google', 'facebook']);
  });

  it('finds the issuer metadata at the standard address', () => {
    expect(oidcDiscoveryUrl('https://sso.example.com/realms/main/')).toBe('https://sso.example.com/realms/main/.well-known/openid-configuration');
    expect(oidcDiscoveryUrl('https://sso.example.com')).toBe('https://sso.example.com/.well-known/openid-configuration');
  });
});
