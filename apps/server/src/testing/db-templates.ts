/**
 * Test databases start from two templates made once per test run (global-setup.ts): one migrated, one migrated and
 * seeded with the real card library. A test file then gets its own copy in a fraction of the time a new database
 * takes to create, migrate and seed (PGlite: ~0.4 s instead of ~2 s, ~3.5 s seeded). On PGlite a template is a
 * snapshot of the data directory (dumpDataDir) in a file; on PostgreSQL a database cloned with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../db/client';
import { loadPackageCards } from '../features/cards/catalogue-source';
import { seedCatalogue } from '../features/cards/catalogue-import';
import { createLogger } from '../lib/logger';
import { registerDomainHandlers } from '../domain-handlers';
import { createScratchPgDatabase } from './scratch-pg';

export interface DbTemplates {
  kind: 'pglite' | 'postgres';
  /** PGlite: a snapshot file; PostgreSQL: a template database's name. */
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

const silent = createLogger('silent');
const seed = (database: Database) => {
  // The import announces its new prints (a domain event): the handlers are registered first, as every seeding does.
  registerDomainHandlers({ db: database.db, log: silent }, { channels: false });
  return seedCatalogue({ db: database.db, log: silent, raw: loadPackageCards(), force: true });
};
const pgliteOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

/** Makes both templates on the database the tests use (DATABASE_URL, else PGlite); `dispose` removes them. */
export async function buildDbTemplates(databaseUrl = process.env.DATABASE_URL): Promise<{ templates: DbTemplates; dispose(): Promise<void> }> {
  if (databaseUrl) {
    const migrated = await createScratchPgDatabase(databaseUrl);
    const seeded = await createScratchPgDatabase(databaseUrl).catch(async (err: unknown) => {
      await migrated.drop();
      throw err;
    });
    const dispose = async () => {
      await Promise.all([migrated.drop(), seeded.drop()]);
    };
    try {
      // The seeded one is filled on its own (a template cannot be copied while a connection is open on it).
      for (const [scratch, seeding] of [[migrated, false], [seeded, true]] as const) {
        const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 2 });
        try {
          await database.migrate();
          if (seeding) await seed(database);
        } finally {
          await database.close();
        }
      }
    } catch (err) {
      await dispose();
      throw err;
    }
    return { templates: { kind: 'postgres', migrated: migrated.name, seeded: seeded.name }, dispose };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-db-templates-'));
  const dispose = async () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      const migrated = path.join(dir, 'migrated.tar');
      fs.writeFileSync(migrated, Buffer.from(await (await pgliteOf(database).dumpDataDir('none')).arrayBuffer()));
      await seed(database);
      const seeded = path.join(dir, 'seeded.tar');
      fs.writeFileSync(seeded, Buffer.from(await (await pgliteOf(database).dumpDataDir('none')).arrayBuffer()));
      return { templates: { kind: 'pglite', migrated, seeded }, dispose };
    } finally {
      await database.close();
    }
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** A database of its own for a test, copied from a template: its handle, and for PostgreSQL its database's address. */
export async function openFromTemplate(
  templates: DbTemplates,
  { seeded, onQuery }: { seeded: boolean; onQuery?: (sql: string) => void },
): Promise<Database> {
  const template = seeded ? templates.seeded : templates.migrated;
  if (templates.kind === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([fs.readFileSync(template)]), onQuery });
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The test templates are on PostgreSQL but DATABASE_URL is not set in this test process');
  const scratch = await createScratchPgDatabase(url, { template });
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 4, onQuery }).catch(async (err: unknown) => {
    await scratch.drop();
    throw err;
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
