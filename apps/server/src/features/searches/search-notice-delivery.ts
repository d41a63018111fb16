import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { onDomainEvent } from '../../lib/domain-events';
import type { Logger } from '../../lib/logger';
import { NOTIFICATIONS_CHANNEL, notificationsPayload } from '../../lib/notification-events';
import { serialDrainer } from '../../lib/notification-outbox';
import { pushSearchMatches, sendSearchMatchEmails } from './search-match-mail';
import { recordSearchMatches } from './search-notices';

/*
 * How saved-search notices reach people: written when prints enter the catalogue (search-notices.ts), then the
 * owners' open notification streams are woken (every replica), and the e-mails and push messages go out through the
 * notifications' outbox columns, in the background. A command that imports the catalogue without the server (npm
 * run db:seed) writes the notices and leaves their e-mails and pushes in the outbox: the server sends them when it
 * starts (drainSearchNotices in main.ts) or with the next notices.
 */

/** What delivering needs: the database, and the channels this server has (live events, mail, push). */
export type SearchNoticeDeps = Pick<AppDeps, 'db' | 'log' | 'events' | 'mail' | 'push'>;

/** The delivery of each database handle the composition registered (a server's app; a command's database). */
const deliveries = new WeakMap<object, { deps: SearchNoticeDeps; channels: boolean }>();
let lastLog: Logger | undefined;

/** The outboxes drained one run at a time per database handle (a call during a run asks for one more). */

async function drainOnce({ db, log, mail, push }: SearchNoticeDeps): Promise<void> {
  if (mail) await sendSearchMatchEmails({ db, log, ...mail }).catch((err: unknown) => log.warn({ err }, 'saved-search e-mails not sent; tried again with the next ones'));
  else await db.execute(sql`update notifications set emailed_at = now() where kind = 'search_match' and emailed_at is null`);
  if (push) await pushSearchMatches({ db, config: push, log }).catch((err: unknown) => log.warn({ err }, 'saved-search push messages not sent'));
  else await db.execute(sql`update notifications set pushed_at = now() where kind = 'search_match' and pushed_at is null`);
}

/**
 * Sends what the saved-search outboxes hold (e-mails, then push messages; a channel this server lacks is marked done),
 * in the background; answers the run (tests and start-up may wait for it). Never rejects.
 */
export const drainSearchNotices = serialDrainer((deps: SearchNoticeDeps) =>
  drainOnce(deps).catch((err: unknown) => deps.log.warn({ err }, 'saved-search notices not delivered')),
);

/**
 * Registers the saved searches' handler of `catalogue.prints_added` (lib/domain-events.ts), and how notices written
 * on `deps.db` are delivered: `channels` false for a command that has none of the server's (its notices wait in the
 * outbox). A failure to write notices is logged, never thrown: the prints are in the catalogue already.
 */
export function registerSearchNotices(deps: SearchNoticeDeps, { channels = true }: { channels?: boolean } = {}): void {
  deliveries.set(deps.db, { deps, channels });
  lastLog = deps.log;
  onDomainEvent('catalogue.prints_added', 'searches.notices', async (db, { cardIds }) => {
    const delivery = deliveries.get(db);
    const log = delivery?.deps.log ?? lastLog;
    try {
      const outbox = delivery?.channels ? { mail: Boolean(delivery.deps.mail), push: Boolean(delivery.deps.push) } : null;
      const written = await recordSearchMatches({ db: db as Db, cardIds, outbox, log });
      if (!written.length) return;
      log?.info({ prints: cardIds.length, notices: written.length }, 'saved searches told their owners about new cards');
      if (!delivery?.channels) return;
      const { deps: live } = delivery;
      await live.events?.notify(NOTIFICATIONS_CHANNEL, notificationsPayload(written.map((w) => w.userId))).catch((err: unknown) => log?.warn({ err }, 'notification streams not woken'));
      void drainSearchNotices(live);
    } catch (err) {
      log?.error({ err, prints: cardIds.length }, 'saved-search notices not written for new prints');
    }
  });
}
