/**
 * `npm run prices:import` as a user types it, on its own embedded data directory: the library seeded by
 * `npm run db:seed`, then a tcgcsv directory laid out like the site (made from the format samples).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openConfiguredDatabase } from '../../db/client';
import { priceRuns } from '../../db/schema/index';
import { tcgcsvSite } from '../../testing/feed-server';

const serverDir = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let siteDir: string;

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-prices-cli-'));
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-tcgcsv-'));
  for (const [urlPath, answer] of Object.entries(tcgcsvSite())) {
    const file = path.join(siteDir, urlPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify('json' in answer ? answer.json : null));
  }
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('npm run prices:import', () => {
  it('refuses bad arguments with the usage and exit code 2, touching nothing', () => {
    for (const [args, message] of [
      [[], '--source is required'],
      [['--source', 'ebay'], 'unknown --source ebay'],
      [['--source', 'tcgcsv', '--date', '2026-02-30'], 'is not a day written YYYY-MM-DD'],
      [['--source', 'tcgcsv', '--date', '2999-01-01'], 'is in the future'],
      [['--source', 'csv', '--file', 'x.csv'], '--market br'],
      [['--bogus'], "Unknown option '--bogus'"],
    ] as const) {
      const result = run('src/prices-cli.ts', ...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('usage:');
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('imports a tcgcsv directory as a day, says what matched, and fails a run a killed command left running', async () => {
    expect(run('src/seed-cli.ts').status).toBe(0);
    const result = run('src/prices-cli.ts', '--source', 'tcgcsv', '--dir', siteDir, '--date', '2026-11-20');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('tcgcsv us 2026-11-20: 4 prices stored; 4 products matched, 3 unmatched, 11 skipped');
    expect(result.status).toBe(0);
    // A run left `running` by a command killed mid-run is marked failed by the next command (before it reads its data).
    const database = await openConfiguredDatabase({ DATA_DIR: dataDir }, { holder: 'command', label: 'test' });
    const [killed] = await database.db.insert(priceRuns).values({ source: 'tcgcsv', market: 'us', day: '2026-11-21', trigger: 'cli', status: 'running' }).returning();
    await database.close();
    const missing = run('src/prices-cli.ts', '--source', 'tcgcsv', '--dir', path.join(siteDir, 'nowhere'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/could not read the tcgcsv data: .*no such file/);
    const after = await openConfiguredDatabase({ DATA_DIR: dataDir }, { holder: 'command', label: 'test' });
    const [row] = await after.db.select().from(priceRuns).where(eq(priceRuns.id, killed!.id));
    await after.close();
    expect(row).toMatchObject({ status: 'failed', error: 'interrupted: the process stopped during the run' });
  }, 180_000);
});
