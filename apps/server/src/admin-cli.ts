import path from 'node:path';
import { openDatabase } from './db/client';
import { listAdmins, setRole } from './features/admin/admin.service';
import { loadEnv, resolveFromRoot } from './lib/env';

/**
 * npm run admin -- grant EMAIL | revoke EMAIL | list
 * Grants or removes the admin role (the first admin of a fresh install is made this way or with ADMIN_EMAILS).
 */
const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run admin -- grant EMAIL | revoke EMAIL | list';
if (!command || (command !== 'list' && !email)) {
  console.error(usage);
  process.exit(2);
}
const env = loadEnv();
const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(resolveFromRoot(env.DATA_DIR), 'pglite') });
let code = 0;
try {
  await database.migrate();
  if (command === 'list') {
    const admins = await listAdmins(database.db);
    console.log(admins.length ? admins.join('\n') : 'no admins yet');
  } else if (command === 'grant' || command === 'revoke') {
    const changed = await setRole({ db: database.db, emails: [email!], role: command === 'grant' ? 'admin' : 'user' });
    if (changed.length) console.log(`${changed[0]} is now ${command === 'grant' ? 'an admin' : 'a regular user'}`);
    else {
      console.error(`no account with the e-mail ${email}: sign up first, then run this again`);
      code = 1;
    }
  } else {
    console.error(usage);
    code = 2;
  }
} finally {
  await database.close();
}
process.exit(code);
