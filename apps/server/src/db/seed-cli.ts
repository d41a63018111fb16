import path from 'node:path';
import { loadPackageCards } from '../features/cards/catalogue-source';
import { seedCatalogue } from '../features/cards/catalogue-import';
import { loadEnv, resolveFromRoot } from '../lib/env';
import { createLogger } from '../lib/logger';
import { openDatabase } from './client';

/** npm run db:seed — (re)imports the card library; a re-run on unchanged data writes nothing. */
const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(resolveFromRoot(env.DATA_DIR), 'pglite') });
try {
  await database.withStartupLock(async () => {
    await database.migrate();
    await seedCatalogue({ db: database.db, log, raw: loadPackageCards(), force: true });
  });
} finally {
  await database.close();
}
