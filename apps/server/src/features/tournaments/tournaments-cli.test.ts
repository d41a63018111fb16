/**
 * `npm run tournaments:import` as a user types it, on its own embedded data directory: the library seeded by
 * `npm run db:seed`, then a directory laid out like the Limitless API (testing/limitless-mirror.ts: real published
 * decklists from features/decks/fixtures/tournament-decklists.json), with one tournament's standings missing and one
 * tournament known only by its entry in the list.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../../db/client';
import { tournamentRuns, tournaments, tournamentStandings } from '../../db/schema/index';
import { mirrorTournaments } from '../../testing/limitless-mirror';

const serverDir = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let importDir: string;
const list = mirrorTournaments({ count: 4, standings: 3 });

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/tournaments-cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });

function write(file: string, json: unknown) {
  fs.mkdirSync(path.dirname(path.join(importDir, file)), { recursive: true });
  fs.writeFileSync(path.join(importDir, file), JSON.stringify(json));
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-tournaments-cli-'));
  importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-tournaments-dir-'));
  const entries = list.map(({ standings: _, ...t }) => ({ ...t, game: 'OP' }));
  // An entry whose id would leave the directory: reported, never read.
  write('tournaments.json', [...entries, { ...entries[0], id: '../../etc' }]);
  for (const [i, t] of list.entries()) {
    // The second has no details file (its entry in the list stands in); the third no standings (reported, skipped).
    if (i !== 1) write(`tournaments/${t.id}/details`, { ...entries[i], organizer: { id: 1, name: 'Store' } });
    if (i !== 2) write(`tournaments/${t.id}/standings`, t.standings);
  }
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(importDir, { recursive: true, force: true });
});

describe('npm run tournaments:import', () => {
  it('refuses bad arguments with the usage and exit code 2, touching nothing', () => {
    for (const [args, message] of [
      [[], '--dir is required'],
      [['--bogus'], "Unknown option '--bogus'"],
    ] as const) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('usage:');
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('imports the directory, reports what it could not read, and stores nothing twice', async () => {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed-cli.ts'], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
    expect(seeded.status).toBe(0);
    const result = run('--dir', importDir);
    expect(result.stdout).toContain(': 3 tournaments and 9 standings stored; 0 standings skipped (no published list), 0 card numbers the library lacks, 2 tournaments not imported (run 1)');
    expect(result.stderr).toContain(`not imported: ${list[2]!.id}: tournaments/${list[2]!.id}/standings: no such file`);
    expect(result.stderr).toContain('not imported: entry 5 of tournaments.json: no id');
    expect(result.status).toBe(0);
    const again = run('--dir', importDir);
    expect(again.stdout).toContain(': 0 tournaments and 0 standings stored;');
    expect(again.status).toBe(0);

    const database = await openConfiguredDatabase({ DATA_DIR: dataDir }, { holder: 'command', label: 'test' });
    const stored = await database.db.select({ id: tournaments.id, source: tournaments.source, name: tournaments.name }).from(tournaments).orderBy(tournaments.id);
    const [standings] = await database.db.select({ n: count() }).from(tournamentStandings);
    const runs = await database.db.select().from(tournamentRuns).orderBy(tournamentRuns.id);
    // A run a killed command left `running`: the next command marks it failed.
    const [killed] = await database.db.insert(tournamentRuns).values({ source: 'import', trigger: 'import', status: 'running' }).returning();
    await database.close();
    expect(stored).toEqual([0, 1, 3].map((i) => ({ id: list[i]!.id, source: 'import', name: list[i]!.name })));
    expect(standings!.n).toBe(9);
    expect(runs.map((r) => [r.source, r.trigger, r.status, r.counts?.failed])).toEqual([
      ['import', 'import', 'succeeded', 2],
      ['import', 'import', 'succeeded', 2],
    ]);

    const missing = run('--dir', path.join(importDir, 'nowhere'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('import failed, nothing changed: tournaments.json: no such file');
    const after = await openConfiguredDatabase({ DATA_DIR: dataDir }, { holder: 'command', label: 'test' });
    const [row] = await after.db.select().from(tournamentRuns).where(eq(tournamentRuns.id, killed!.id));
    await after.close();
    expect(row).toMatchObject({ status: 'failed', error: 'interrupted: the process stopped during the run' });
  }, 180_000);
});
