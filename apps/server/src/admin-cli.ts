import { runCommand } from './db/command';
import { listAdmins, setRole } from './features/admin/admin.service';

/**
 * npm run admin -- grant EMAIL | revoke EMAIL | list
 * Grants or removes the admin role (the first admin of a fresh install is made this way or with ADMIN_EMAILS).
 */
const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run admin -- grant EMAIL | revoke EMAIL | list';
if (!command || (command !== 'list' && command !== 'grant' && command !== 'revoke') || (command !== 'list' && !email)) {
  console.error(usage);
  process.exit(2);
}
const code = await runCommand(`npm run admin -- ${command}`, async (database) => {
  await database.migrate();
  if (command === 'list') {
    const admins = await listAdmins(database.db);
    console.log(admins.length ? admins.join('\n') : 'no admins yet');
    return 0;
  }
  // Servers running on the same PostgreSQL drop the user's cached sessions: the new role holds at their next request.
  const changed = await setRole({ db: database.db, emails: [email!], role: command === 'grant' ? 'admin' : 'user', notify: database.notify });
  if (changed.length) {
    console.log(`${changed[0]} is now ${command === 'grant' ? 'an admin' : 'a regular user'}`);
    return 0;
  }
  console.error(`no account with the e-mail ${email}: sign up first, then run this again`);
  return 1;
});
process.exit(code);
