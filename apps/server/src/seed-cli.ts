import { loadPackageCards } from './features/cards/catalogue-source';
import { seedCatalogue } from './features/cards/catalogue-import';
import { loadEnv } from './lib/env';
import { createLogger } from './lib/logger';
import { runCommand } from './db/command';
import { registerDomainHandlers } from './domain-handlers';

/** npm run db:seed — (re)imports the card library; a re-run on unchanged data writes nothing. */
const log = createLogger(loadEnv().LOG_LEVEL);
const code = await runCommand('npm run db:seed', async (database) => {
  // The import announces its new prints; the saved searches' notices it writes wait in the outbox for the server.
  registerDomainHandlers({ db: database.db, log }, { channels: false });
  await database.withStartupLock(async () => {
    await database.migrate();
    await seedCatalogue({ db: database.db, log, raw: loadPackageCards(), force: true });
  });
  return 0;
});
process.exit(code);
