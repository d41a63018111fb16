import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Database } from './db/client';
import { createTestDatabase, testLog } from './testing/test-app';

let database: Database;
let app: ReturnType<typeof buildApp>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = buildApp({ db: database.db, log: testLog });
});
afterAll(async () => {
  await database.close();
});

describe('app', () => {
  it('answers the health check', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI 3.1 document listing every endpoint', async () => {
    const res = await app.request('/api/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/admin/cards/manual',
        '/admin/cards/manual/{id}',
        '/admin/comments/reported',
        '/admin/comments/{id}/reports',
        '/admin/contact-messages',
        '/admin/contact-messages/{id}',
        '/admin/deck-regulations',
        '/admin/deck-regulations/{id}/end',
        '/admin/prices/pins',
        '/admin/prices/pins/{source}/{productId}',
        '/admin/prices/run',
        '/admin/prices/runs',
        '/admin/prices/sources',
        '/admin/prices/unmatched',
        '/admin/prices/upload',
        '/admin/tournaments',
        '/admin/tournaments/run',
        '/admin/tournaments/upload',
        '/admin/tournaments/{id}',
        '/admin/users',
        '/admin/users/{id}/plan',
        '/admin/users/{id}/role',
        '/auth-options',
        '/billing/checkout',
        '/billing/plans',
        '/billing/portal',
        '/billing/status',
        '/billing/webhook',
        '/binders',
        '/binders/{id}',
        '/binders/{id}/cards',
        '/binders/{id}/cards/delete',
        '/binders/{id}/cards/update',
        '/binders/{id}/cards/{rowId}',
        '/binders/{id}/comments',
        '/binders/{id}/export',
        '/binders/{id}/import',
        '/binders/{id}/value',
        '/binders/{id}/value/history',
        '/buy-list',
        '/cards',
        '/cards/facets',
        '/cards/{id}',
        '/cards/{id}/holdings',
        '/cards/{id}/prices',
        '/cards/{id}/prices/history',
        '/collection/owned',
        '/collection/portfolio',
        '/collection/portfolio/value',
        '/collection/portfolio/value/history',
        '/collection/values',
        '/comments/{id}',
        '/comments/{id}/report',
        '/contact',
        '/deck-regulations',
        '/decks',
        '/decks/validate',
        '/decks/{id}',
        '/decks/{id}/buy-list',
        '/decks/{id}/cards',
        '/decks/{id}/comments',
        '/decks/{id}/copy',
        '/exchange-rates',
        '/family',
        '/family/binders',
        '/family/invites',
        '/family/invites/{id}',
        '/family/invites/{id}/accept',
        '/family/members/{userId}',
        '/feed',
        '/geo/country',
        '/health',
        '/legal/version',
        '/me',
        '/me/accept-terms',
        '/me/avatar',
        '/me/delete',
        '/me/profile',
        '/me/trading',
        '/meta/buildable',
        '/meta/leaders',
        '/meta/leaders/{cardNumber}',
        '/notifications',
        '/notifications/read-all',
        '/notifications/stream',
        '/notifications/unread-count',
        '/notifications/{id}/read',
        '/prices/latest',
        '/profiles/username-available',
        '/profiles/{username}',
        '/profiles/{username}/follow',
        '/profiles/{username}/followers',
        '/profiles/{username}/following',
        '/push/config',
        '/push/subscriptions',
        '/push/test',
        '/reports/price-comparison',
        '/reports/price-comparison/latest',
        '/reports/price-comparison/usage',
        '/reports/price-comparison/{id}/export',
        '/searches',
        '/searches/{id}',
        '/session',
        '/sets',
        '/sets/{slug}',
        '/tournaments',
        '/tournaments/{id}',
        '/traders/{username}',
        '/trades',
        '/trades/matches',
        '/trades/{id}',
        '/trades/{id}/accept',
        '/trades/{id}/cancel',
        '/trades/{id}/complete',
        '/trades/{id}/decline',
        '/watches',
        '/watches/{id}',
        '/wishlist',
        '/wishlist/cards',
        '/wishlist/cards/{cardId}',
        '/wishlist/cost',
      ],
    );
    const params = (doc.paths['/cards']?.get as { parameters: { name: string }[] }).parameters.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['q', 'set', 'color', 'type', 'costMin', 'costMax', 'page', 'pageSize', 'sort', 'market', 'currency', 'priceMin', 'priceMax']));
  });

  it('serves browsable API docs without the internet', async () => {
    const html = await (await app.request('/api/docs')).text();
    expect(html).toContain('swagger-ui');
    const bundle = await app.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect((await app.request('/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await app.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('security headers', () => {
  it('sends CSP with frame-ancestors, a referrer policy and nosniff on pages and API answers', async () => {
    for (const path of ['/api/health', '/api/nothing-here', '/legal/terms-of-service/2025-09-24/en.md']) {
      const res = await app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    // Documents get the full policy, including where card images may come from.
    const doc = await app.request('/legal/terms-of-service/2025-09-24/en.md');
    expect(doc.headers.get('content-security-policy')).toContain("img-src 'self';");
  });
});
