import fs from 'node:fs';

/**
 * The end of the run: removes the data directory playwright.config.ts made for it (its database and mail, ~66 MB),
 * never one given in E2E_DATA_DIR. The web server may still be running now (Playwright stops it after this), so the
 * directory goes when the runner exits, once the server is gone and can write nothing more into it.
 */
export default function globalTeardown() {
  const created = process.env.E2E_CREATED_DATA_DIR;
  if (!created || created !== process.env.E2E_DATA_DIR) return;
  process.once('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}
