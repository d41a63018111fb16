import { randomUUID } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import { ESTIMATED_MARKET, MARKETPLACE_IDS, type MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { MAX_WATCHES_PER_USER, planLimits, type PlanId } from '@grandline/core/plans';
import { MARKET_CODES } from '@grandline/core/prices/codes';
import type { CreateWatchRequest, UpdateWatchRequest, Watch, WatchDirection, WatchListResponse, WatchStatus } from '@grandline/core/contracts/watches';
import type { Db, DbEvents, DbTx } from '../../db/client';
import { analyzeStaleTables } from '../../db/table-statistics';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail';
import { pushAlertNotifications, sendAlertEmails } from './alert-mail';
import type { PushConfig } from '../../lib/push-config';
import { ownedItems } from '../../db/ownership';
import { isUniqueViolation } from '../../db/pg-errors';
import { watches } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { checkRoom, lockUserRow } from '../../lib/plan-gates';
import type { PriceConfig } from '../../lib/price-config';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { priceSummaries } from '../prices/prices.service';
import { NOTIFICATIONS_CHANNEL, notificationsPayload } from '../../lib/notification-events';
import { ratesBook } from '../prices/rates.service';

type WatchRow = typeof watches.$inferSelect;

const watchNotFound = () => new AppError('WATCH_NOT_FOUND', 404, "This watch doesn't exist");
const watchAccess = ownedItems(watches, watchNotFound);

/** Hundredths of a threshold given in major units (12.5 → 1250). */
const thresholdHundredths = (threshold: number) => Math.round(threshold * 100);

/** Whether a price (hundredths) is at or past a watch's threshold: at or under it for below, at or over it for above. */
const isPast = (direction: WatchDirection, price: number, threshold: number) => (direction === 'below' ? price <= threshold : price >= threshold);

interface CurrentPrice {
  min: number | null;
  date: string | null;
  estimate: boolean;
  demo: boolean;
}
const NO_PRICE: CurrentPrice = { min: null, date: null, estimate: false, demo: false };

/** The current min price of each watch's print in its market and currency, reading each (market, currency) once. */
async function currentPrices(db: Db, rows: readonly WatchRow[], config: PriceConfig): Promise<Map<string, CurrentPrice>> {
  const groups = new Map<string, WatchRow[]>();
  for (const row of rows) {
    const key = `${row.market}:${row.currency}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const out = new Map<string, CurrentPrice>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const { market, currency } = group[0]!;
      const prices = await priceSummaries({ db, cardIds: group.map((r) => r.cardId), market: market as MarketplaceId, currency: currency as CurrencyCode, config });
      for (const row of group) {
        const p = prices.get(row.cardId);
        out.set(row.id, p ? { min: p.min, date: p.date, estimate: p.estimate, demo: p.demo } : NO_PRICE);
      }
    }),
  );
  return out;
}

async function toWatches(db: Db, rows: readonly WatchRow[], config: PriceConfig): Promise<Watch[]> {
  const [index, prices] = await Promise.all([catalogueIndex(db), currentPrices(db, rows, config)]);
  return rows.flatMap((row) => {
    const card = index.byId.get(row.cardId);
    if (!card) return [];
    const price = prices.get(row.id) ?? NO_PRICE;
    return [
      {
        id: row.id,
        card,
        market: row.market as MarketplaceId,
        direction: row.direction as WatchDirection,
        threshold: row.threshold / 100,
        currency: row.currency as CurrencyCode,
        status: row.status as WatchStatus,
        currentPrice: price.min,
        priceDate: price.date,
        priceEstimate: price.estimate,
        priceDemo: price.demo,
        triggeredAt: row.triggeredAt?.toISOString() ?? null,
        triggeredPrice: row.triggeredPrice,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
    ];
  });
}

export async function listWatches({ db, user, plan, config }: { db: Db; user: { id: string }; plan: PlanId; config: PriceConfig }): Promise<WatchListResponse> {
  const rows = await db.select().from(watches).where(eq(watches.userId, user.id)).orderBy(asc(watches.createdAt), asc(watches.id)).limit(MAX_WATCHES_PER_USER);
  return { items: await toWatches(db, rows, config), limit: planLimits(plan).watches };
}

/** Refuses a rule whose price is already past its threshold (spec §5): it would fire at once and never mean anything. */
async function refuseIfAlreadyPast(db: Db, rule: { cardId: number; market: MarketplaceId; direction: WatchDirection; threshold: number; currency: CurrencyCode }, config: PriceConfig) {
  const prices = await priceSummaries({ db, cardIds: [rule.cardId], market: rule.market, currency: rule.currency, config });
  const min = prices.get(rule.cardId)?.min;
  if (min != null && isPast(rule.direction, min, rule.threshold)) {
    throw new AppError('PRICE_ALREADY_PAST', 400, `The price is already ${rule.direction} the given threshold`, undefined, { price: min, currency: rule.currency });
  }
}

const watchExists = () => new AppError('WATCH_EXISTS', 409, 'You already watch this card on this marketplace with this alert type');

export async function createWatch({ db, user, plan, data, config }: { db: Db; user: { id: string }; plan: PlanId; data: CreateWatchRequest; config: PriceConfig }): Promise<Watch> {
  const index = await catalogueIndex(db);
  if (!index.byId.has(data.cardId)) throw new AppError('CARD_NOT_FOUND', 404, 'Card not found');
  const threshold = thresholdHundredths(data.threshold);
  await refuseIfAlreadyPast(db, { ...data, threshold }, config);
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      // One create at a time per user, so two at once cannot both pass the count.
      await lockUserRow(tx, user.id);
      const [{ n }] = (await tx.select({ n: count() }).from(watches).where(eq(watches.userId, user.id))) as [{ n: number }];
      checkRoom({ used: Number(n), planLimit: planLimits(plan).watches, hardCap: MAX_WATCHES_PER_USER, feature: 'watches', capText: `A user can watch at most ${MAX_WATCHES_PER_USER} prices` });
      await tx.insert(watches).values({ id, userId: user.id, cardId: data.cardId, market: data.market, direction: data.direction, threshold, currency: data.currency });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw watchExists();
    throw err;
  }
  const [row] = await db.select().from(watches).where(eq(watches.id, id));
  return (await toWatches(db, [row!], config))[0]!;
}

/** Changes a watch and arms it again (status watching, nothing fired). */
export async function updateWatch({ db, user, id, data, config }: { db: Db; user: { id: string }; id: string; data: UpdateWatchRequest; config: PriceConfig }): Promise<Watch> {
  const current = await watchAccess.changeable(db, user, id);
  const rule = {
    cardId: current.cardId,
    market: (data.market ?? current.market) as MarketplaceId,
    direction: (data.direction ?? current.direction) as WatchDirection,
    threshold: data.threshold !== undefined ? thresholdHundredths(data.threshold) : current.threshold,
    currency: (data.currency ?? current.currency) as CurrencyCode,
  };
  await refuseIfAlreadyPast(db, rule, config);
  let row: WatchRow | undefined;
  try {
    [row] = await db
      .update(watches)
      .set({ market: rule.market, direction: rule.direction, threshold: rule.threshold, currency: rule.currency, status: 'watching', triggeredAt: null, triggeredPrice: null, updatedAt: new Date() })
      .where(watchAccess.ownedBy(user, id))
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw watchExists();
    throw err;
  }
  if (!row) throw watchNotFound();
  return (await toWatches(db, [row], config))[0]!;
}

export const deleteWatch = ({ db, user, id }: { db: Db; user: { id: string }; id: string }) => watchAccess.remove(db, user, id);

/** A watch that fired in an evaluation: who to tell, and what. */
export interface FiredWatch {
  notificationId: number;
  userId: string;
  watchId: string;
}

/**
 * Fires every armed watch whose market's current min price is at or past its threshold, in one statement over all
 * watches (set-based, whatever their number): the watch takes its *_threshold_met status with the time and price, and
 * its owner gets a notification, in the same statement. A watch that fired waits until its owner edits it, so a price
 * written again with the same value (a demo price's new day) fires nothing. br reads the estimate from us when Liga
 * has no price, as every price of the app does. Run after every price write (an ingest, an upload, the demo prices'
 * new day) and after a pin moves a price to another print.
 */
export async function evaluateWatches({
  db,
  config,
  run = db,
  rates,
}: {
  db: Db;
  config: PriceConfig;
  /** Where the statement runs (a transaction); `db` by default. */
  run?: Db | DbTx;
  /** Units per USD; the latest stored (read through `db`) by default. Pass them when `run` is a transaction: the embedded database has one connection. */
  rates?: Record<string, number>;
}): Promise<FiredWatch[]> {
  rates ??= (await ratesBook(db)).latest().rates;
  // The statement joins every watch to the markets' prices: planned without statistics (the embedded database has no
  // autovacuum) it took nested loops and three times as long.
  await analyzeStaleTables(run, { tables: ['watches', 'card_price_latest'] });
  const rateRows = sql.join(
    Object.entries(rates).map(([currency, perUsd]) => sql`(${currency}::text, ${perUsd}::float8)`),
    sql`, `,
  );
  const marketRows = sql.join(
    MARKETPLACE_IDS.map((m) => sql`(${m}::text, ${MARKET_CODES[m]}::smallint)`),
    sql`, `,
  );
  const statement = sql`
    with rate(currency, per_usd) as (values ${rateRows}),
    market(id, code) as (values ${marketRows}),
    armed as (
      select w.id, w.user_id, w.card_id, w.market, w.direction, w.threshold, w.currency,
        coalesce(
          round(own.min * wr.per_usd / orate.per_usd),
          case when w.market = ${ESTIMATED_MARKET.id} then round(est.min * wr.per_usd / erate.per_usd * ${config.brImportFactor}::float8) end
        )::integer as price,
        -- A demonstration price (PRICE_DEMO) fires the alert too, and says so wherever the alert reaches a person.
        case when own.min is not null then own.demo else coalesce(est.demo, false) end as demo
      from watches w
      join market m on m.id = w.market
      join rate wr on wr.currency = w.currency
      left join card_price_latest own on own.card_id = w.card_id and own.market = m.code
      left join rate orate on orate.currency = own.currency
      left join card_price_latest est on w.market = ${ESTIMATED_MARKET.id} and est.card_id = w.card_id and est.market = ${MARKET_CODES[ESTIMATED_MARKET.estimateFrom]}
      left join rate erate on erate.currency = est.currency
      where w.status = 'watching'
    ),
    fired as (
      update watches w
      set status = case a.direction when 'below' then 'below_threshold_met' else 'above_threshold_met' end,
        triggered_at = now(), triggered_price = a.price
      from armed a
      where w.id = a.id and w.status = 'watching' and a.price is not null
        and ((a.direction = 'below' and a.price <= a.threshold) or (a.direction = 'above' and a.price >= a.threshold))
      returning w.id, w.user_id, w.card_id, w.market, w.direction, w.threshold, w.currency, a.price, a.demo
    )
    insert into notifications (user_id, kind, data)
    select f.user_id, 'watch_triggered', jsonb_build_object(
      'watchId', f.id, 'cardId', f.card_id, 'cardNumber', c.card_number, 'cardName', c.name, 'variant', c.variant,
      'market', f.market, 'direction', f.direction, 'threshold', f.threshold / 100.0, 'currency', f.currency, 'price', f.price, 'demo', f.demo)
    from fired f
    join cards c on c.id = f.card_id
    order by f.user_id, f.id
    returning id, user_id, data->>'watchId' as watch_id
  `;
  // Its sort of the fired watches' notifications (14,000 of 100,000 watches in the bench) spilled to disk with the
  // default 4 MB of sort memory: more, for this transaction only.
  const evaluate = async (tx: Db | DbTx) => {
    await tx.execute(sql`select set_config('work_mem', '64MB', true)`);
    return tx.execute(statement);
  };
  const result = run === db ? await db.transaction(evaluate) : await evaluate(run);
  return (result as unknown as { rows: { id: number | string; user_id: string; watch_id: string }[] }).rows.map((r) => ({ notificationId: Number(r.id), userId: r.user_id, watchId: r.watch_id }));
}

/** Advisory-lock key of an evaluation: with several replicas, the one that takes it evaluates, the others skip. */
const EVALUATION_LOCK = 0x57a7c4;

/**
 * Evaluates the watches whenever prices or rates land (the `prices` event, raised by whichever replica wrote them),
 * one evaluation at a time per process (an event during one runs one more after it) and one at a time across
 * replicas. Fired watches raise NOTIFICATIONS_CHANNEL, then their e-mails go out. Answers the function that stops
 * listening.
 */
export async function evaluateWatchesOnPriceChanges({
  db,
  events,
  config,
  log,
  mail,
  push,
}: {
  db: Db;
  events: DbEvents;
  config: PriceConfig;
  log: Logger;
  /** Sends the e-mails of fired alerts (alert-mail.ts) after each evaluation that fired some. */
  mail?: { mailer: Mailer; publicUrl: string };
  /** Pushes fired alerts to the users' devices (features/push) after each evaluation that fired some. */
  push?: PushConfig;
}): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  const once = async () => {
    const rates = (await ratesBook(db)).latest().rates;
    const fired = await db.transaction(async (tx) => {
      const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${EVALUATION_LOCK}) as locked`)) as unknown as { rows: { locked: boolean }[] };
      return lock.rows[0]?.locked ? evaluateWatches({ db, config, run: tx, rates }) : [];
    });
    if (fired.length) {
      log.info({ fired: fired.length }, 'price alerts fired');
      await events.notify(NOTIFICATIONS_CHANNEL, notificationsPayload(fired.map((f) => f.userId)));
      if (mail) await sendAlertEmails({ db, log, ...mail });
      if (push) await pushAlertNotifications({ db, config: push, log });
    }
  };
  const onPrices = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await once().catch((err: unknown) => log.error({ err }, 'watch evaluation failed'));
      } while (again);
      running = null;
    })();
  };
  return events.listen('prices', onPrices);
}
