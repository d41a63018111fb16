import { LEGAL_DOCUMENTS } from '@grandline/core/legal';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { legalRoutes } from './legal.routes';
import { AppError } from '../../lib/errors';

const app = new Hono().route('/', legalRoutes);
app.onError((err, c) => (err instanceof AppError ? c.json({ error: { code: err.code } }, err.status) : c.text('boom', 500)));

describe('GET /legal/{doc}/{date}/{locale}.md', () => {
  it('serves every document in en, es and pt as Markdown', async () => {
    for (const doc of LEGAL_DOCUMENTS) {
      const texts = new Set<string>();
      for (const locale of ['en', 'es', 'pt']) {
        const res = await app.request(`/legal/${doc}/2025-09-24/${locale}.md`);
        expect(res.status, `${doc} ${locale}`).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/markdown');
        const text = await res.text();
        expect(text.startsWith('# ')).toBe(true);
        texts.add(text);
      }
      expect(texts.size, doc).toBe(3);
    }
  });

  it('falls back to English for an unknown locale', async () => {
    const en = await (await app.request('/legal/privacy-policy/2025-09-24/en.md')).text();
    const fr = await app.request('/legal/privacy-policy/2025-09-24/fr.md');
    expect(fr.status).toBe(200);
    expect(await fr.text()).toBe(en);
  });

  it('404s unknown documents, dates and malformed names', async () => {
    for (const path of [
      '/legal/unknown/2025-09-24/en.md',
      '/legal/privacy-policy/2020-01-01/en.md',
      '/legal/privacy-policy/2025-09-24/en.txt',
      '/legal/privacy-policy/..%2F..%2F/en.md',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
