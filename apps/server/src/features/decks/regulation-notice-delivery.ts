import { today, type DeckFormat } from '@grandline/core/decks/formats';
import { sql } from 'drizzle-orm';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import type { Db, DbEvents } from '../../db/client';
import type { JobDefinition } from '../../jobs/scheduler';
import type { AppDeps } from '../../lib/context';
import type { Logger } from '../../lib/logger';
import { NOTIFICATIONS_CHANNEL, notificationsPayload } from '../../lib/notification-events';
import { serialDrainer } from '../../lib/notification-outbox';
import { pushRegulationNotices, sendRegulationEmails } from './regulation-mail';
import { announceChange, entryChange, rotationChanges, upcomingEntryIds, type Outbox, type Written } from './regulation-notices';
import { currentRegulations } from './regulations.service';

/*
 * How regulation notices reach people (issue 43): an admin's new entry is announced in its request; rotations (and
 * entries still ahead, for decks saved since or an announcement cut short) by the daily job. The owners' open
 * notification streams are woken (every replica), then e-mail and Web Push go out through the notifications' outbox
 * columns in the background, as the other notices do.
 */

/** What delivering needs: the database, and the channels this server has (live events, mail, push). */
export type RegulationNoticeDeps = Pick<AppDeps, 'db' | 'log' | 'events' | 'mail' | 'push'>;

/** The delivery of each database handle the composition registered (a server's app). */
const deliveries = new WeakMap<object, RegulationNoticeDeps>();

/** Registers how notices written on `deps.db` are delivered (buildApp, through registerDomainHandlers). */
export function registerRegulationNotices(deps: RegulationNoticeDeps): void {
  deliveries.set(deps.db, deps);
}

async function drainOnce({ db, log, mail, push }: RegulationNoticeDeps): Promise<void> {
  if (mail) await sendRegulationEmails({ db, log, ...mail }).catch((err: unknown) => log.warn({ err }, 'regulation e-mails not sent; tried again with the next ones'));
  else await db.execute(sql`update notifications set emailed_at = now() where kind = 'deck_regulation' and emailed_at is null`);
  if (push) await pushRegulationNotices({ db, config: push, log }).catch((err: unknown) => log.warn({ err }, 'regulation push messages not sent'));
  else await db.execute(sql`update notifications set pushed_at = now() where kind = 'deck_regulation' and pushed_at is null`);
}

/**
 * Sends what the regulation outboxes hold (e-mails, then push messages; a channel this server lacks is marked done), in
 * the background; answers the run (tests and start-up may wait for it). Never rejects.
 */
export const drainRegulationNotices = serialDrainer((deps: RegulationNoticeDeps) =>
  drainOnce(deps).catch((err: unknown) => deps.log.warn({ err }, 'regulation notices not delivered')),
);

const outboxOf = (deps: RegulationNoticeDeps | undefined): Outbox => (deps ? { mail: Boolean(deps.mail), push: Boolean(deps.push) } : null);

/** Wakes the streams of the users told (every replica), then sends their e-mails and pushes in the background. */
async function deliver(deps: RegulationNoticeDeps | undefined, events: Pick<DbEvents, 'notify'> | undefined, log: Logger | undefined, written: readonly Written[]) {
  if (!written.length) return;
  await events?.notify(NOTIFICATIONS_CHANNEL, notificationsPayload(written.map((w) => w.userId))).catch((err: unknown) => log?.warn({ err }, 'notification streams not woken'));
  if (deps) void drainRegulationNotices(deps);
}

/**
 * Tells the owners of the decks an admin's new entry (id) strikes, after it is stored: answers how many were told. A
 * failure is logged, never thrown (the entry is stored; the daily check tells the rest while its first day is ahead).
 */
export async function announceRegulation(deps: RegulationNoticeDeps, id: number, day = today()): Promise<number> {
  try {
    const change = await entryChange(deps.db, id, day);
    if (!change) return 0;
    const written = await announceChange(deps.db, change, outboxOf(deps));
    if (written.length) deps.log.info({ notice: change.notice, notices: written.length }, 'deck owners told of a regulation entry');
    await deliver(deps, deps.events, deps.log, written);
    return written.length;
  } catch (err) {
    deps.log.error({ err, regulation: id }, 'regulation notices not written');
    return 0;
  }
}

/**
 * The daily check on `day`: each rotation of Standard 30 days and 1 day ahead, and each entry whose first day is still
 * ahead (decks saved since its announcement, or an announcement cut short). Answers the counts of notices written.
 */
export async function checkRegulationNotices({
  db,
  events,
  log,
  day,
  rotations,
}: {
  db: Db;
  events?: Pick<DbEvents, 'notify'>;
  log?: Logger;
  day: string;
  /** Standard's rotations (the format's own by default): tests pass a future one. */
  rotations?: DeckFormat['rotations'];
}): Promise<{ rotationNotices: number; entryNotices: number }> {
  const deps = deliveries.get(db);
  const outbox = outboxOf(deps);
  const written: Written[] = [];
  const regulations = await currentRegulations(db, 'onepiece');
  let rotationNotices = 0;
  for (const change of rotationChanges({ day, index: await catalogueIndex(db), regulations, rotations })) {
    const told = await announceChange(db, change, outbox);
    rotationNotices += told.length;
    written.push(...told);
  }
  let entryNotices = 0;
  for (const id of await upcomingEntryIds(db, day)) {
    const change = await entryChange(db, id, day);
    if (!change) continue;
    const told = await announceChange(db, change, outbox);
    entryNotices += told.length;
    written.push(...told);
  }
  await deliver(deps, events ?? deps?.events, log ?? deps?.log, written);
  return { rotationNotices, entryNotices };
}

/**
 * The daily job (jobs/jobs.ts) under the jobs seam's lock: checkRegulationNotices on today. `day` and `rotations` are
 * injected by tests (a fake rotation, run across its days).
 */
export function regulationNoticesJob({ day = today, rotations }: { day?: () => string; rotations?: DeckFormat['rotations'] } = {}): JobDefinition {
  return {
    name: 'regulation-notices',
    schedule: '30 6 * * *',
    timeoutMs: 30 * 60_000,
    run: ({ db, events, log }) => checkRegulationNotices({ db, events, log, day: day(), rotations }),
  };
}
