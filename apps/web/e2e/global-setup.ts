import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from '@playwright/test';
import { createAccount } from './mail';
import { basePort, ROOT_ADMIN, startServer } from './server';

/**
 * Once per run, before any worker: a data directory every worker's server starts from (e2e/server.ts). The built server
 * migrates it and seeds the card library, and the root admin signs up; the server then stops cleanly, and each worker
 * copies the directory (without its mail) instead of seeding the library again. Removed at the end of the run.
 */
export default async function globalSetup() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-e2e-'));
  const template = path.join(runDir, 'template');
  process.env.E2E_RUN_DIR = runDir;
  process.env.E2E_TEMPLATE_DIR = template;
  const server = await startServer({ port: basePort(), dataDir: template });
  try {
    const api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url, 'X-Forwarded-For': '10.250.0.1' } });
    try {
      await createAccount({ request: api }, { email: ROOT_ADMIN, mailDir: path.join(template, 'mail') });
    } finally {
      await api.dispose();
    }
  } finally {
    await server.stop();
  }
  fs.rmSync(path.join(template, 'mail'), { recursive: true, force: true });
  return () => fs.rmSync(runDir, { recursive: true, force: true });
}
