import fs from 'node:fs/promises';
import path from 'node:path';
import { LEGAL_DOCUMENTS, type LegalDocument } from '@grandline/core/legal';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { SERVER_ROOT } from '../../lib/paths';

const legalRoot = path.join(SERVER_ROOT, 'legal');

const isDoc = (v: string): v is LegalDocument => (LEGAL_DOCUMENTS as readonly string[]).includes(v);

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** GET /legal/{doc}/{date}/{locale}.md — falls back to English when the locale has no translation. */
export const legalRoutes = new Hono<AppEnv>().get('/legal/:doc/:date/:file', async (c) => {
  const { doc, date, file } = c.req.param();
  const locale = /^([a-z]{2}(?:-[A-Za-z]{2})?)\.md$/.exec(file)?.[1]?.slice(0, 2);
  if (!isDoc(doc) || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !locale) {
    throw notFound('LEGAL_DOCUMENT_NOT_FOUND', 'Document not found');
  }
  const dir = path.join(legalRoot, doc, date);
  const text = (await readIfExists(path.join(dir, `${locale}.md`))) ?? (await readIfExists(path.join(dir, 'en.md')));
  if (text === null) throw notFound('LEGAL_DOCUMENT_NOT_FOUND', 'Document not found');
  c.header('Content-Type', 'text/markdown; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(text);
});
