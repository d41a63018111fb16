import { loadPackageCards } from './features/cards/catalogue-source';
import { seedCatalogue } from './features/cards/catalogue-import';
import { loadEnv } from './lib/env';
import { createLogger } from './lib/logger';
import { runCommand } from './db/command';

/** npm run db:seed — (re)imports the card library; a re-run on unchanged data writes nothing. */
const log = createLogger(loadEnv().LOG_LEVEL);
const code = await runCommand('npm run db:seed', async (database) => {
  await database.withStartupLock(async () => {
    await database.migrate();
    await seedCatalogue({ db: database.db, log, raw: loadPackageCards(), force: true });
  });
  return 0;
});
process.exit(code);
