import { randomUUID } from 'node:crypto';
import { type CreateTradeRequest, type Trade, type TradeLine, type TradeListResponse, type TradeStatus } from '@grandline/core/contracts/trades';
import type { z } from 'zod';
import { MAX_OPEN_TRADES_PER_USER, planLimits, type PlanId } from '@grandline/core/plans';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import type { Db, DbTx } from '../../db/client';
import { profiles, tradeLines, trades } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { checkRoom, lockUserRow } from '../../lib/plan-gates';
import { missingLine, type Line } from './trade-moves';
import { deliverTradeNotices, recordTradeNotice, type TradeNoticeDeps } from './trade-notices';
import { countriesAllow, traderStanding } from './trading-settings.service';

/*
 * Trade proposals (issue 44, docs/trades.md "Proposals"): a user open to trades proposes a swap to another user open to
 * trades; lines are checked against both parties' Trade binders. A user who does not exist and one who did not opt in
 * get the same 404 (TRADER_NOT_FOUND), and a trade is seen only by its two parties (anyone else: TRADE_NOT_FOUND, as a
 * missing one). Free may have 3 open proposals (proposed or accepted, as proposer), counted under the user's lock.
 */

type User = { id: string };
type TradeRow = typeof trades.$inferSelect;

const tradeNotFound = () => new AppError('TRADE_NOT_FOUND', 404, 'No trade of yours has this id');
/** Trade ids are UUIDs: any other text is no trade of anyone's, answered without a query. */
const TRADE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const traderNotFound = () => new AppError('TRADER_NOT_FOUND', 404, 'No user open to trades has this username');

const partyColumns = { id: profiles.id, username: profiles.username, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl, country: profiles.countryCode };
type PartyRow = { id: string; username: string | null; displayName: string | null; avatarUrl: string | null; country: string | null };

/** Refuses lines that repeat a print on one side, name a card the catalogue lacks, or leave both sides empty. */
async function checkLines(db: Db, data: { give: Line[]; get: Line[] }) {
  if (!data.give.length && !data.get.length) throw new AppError('TRADE_EMPTY', 400, 'A trade gives or gets at least one card');
  const index = await catalogueIndex(db);
  for (const side of ['give', 'get'] as const) {
    const seen = new Set<number>();
    for (const [i, line] of data[side].entries()) {
      const path = `${side}.${i}.cardId`;
      if (seen.has(line.cardId)) throw new AppError('TRADE_LINE_REPEATED', 400, `Card ${line.cardId} is on the ${side} side twice: one line per card`, [{ path, message: 'This card is already on this side' }]);
      seen.add(line.cardId);
      if (!index.byId.has(line.cardId)) throw new AppError('INVALID_CARD', 400, `Card ${line.cardId} does not exist`, [{ path, message: 'This card does not exist' }]);
    }
  }
}

const notEnough = (side: 'give' | 'get', line: Line & { held: number }) =>
  new AppError(
    'TRADE_NOT_ENOUGH_COPIES',
    400,
    side === 'give'
      ? `Your Trade binders hold ${line.held} of card ${line.cardId}, not ${line.quantity}`
      : `Their Trade binders do not hold ${line.quantity} of card ${line.cardId}`,
    [{ path: side, message: side === 'give' ? 'More copies than your Trade binders hold' : 'More copies than their Trade binders hold' }],
    { side, cardId: line.cardId },
  );

/** Proposes a trade: both parties open to trades, each line within the giver's Trade binders, within the plan. */
export async function createTrade({ db, user, plan, data, notices }: { db: Db; user: User; plan: PlanId; data: z.output<typeof CreateTradeRequest>; notices?: TradeNoticeDeps }): Promise<Trade> {
  // A name no username can be (user names are letters, digits and underscores) is answered as a missing user, unasked.
  const [recipient] = /^\w+$/.test(data.to) ? await db.select({ id: profiles.id }).from(profiles).where(eq(sql`lower(${profiles.username})`, data.to.toLowerCase())) : [];
  if (recipient?.id === user.id) throw new AppError('TRADE_WITH_SELF', 400, 'You cannot trade with yourself');
  // A recipient who did not opt in gets the same 404 as a missing user whoever asks, the proposer open or not (issue
  // 44: "404 for a user who did not opt in"; whether a user is open is public anyway, GET /api/traders/{username}).
  // Then the proposer must be open; a recipient out of either party's countries is answered as a missing user too
  // (matches never show them either).
  const them = recipient ? await traderStanding(db, recipient.id) : null;
  if (!recipient || !them!.open) throw traderNotFound();
  const me = await traderStanding(db, user.id);
  if (!me.open) throw new AppError('TRADING_NOT_OPEN', 400, 'Turn on "Open to trades" in your settings before proposing a trade');
  if (!countriesAllow(them!, me)) throw traderNotFound();
  await checkLines(db, data);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await lockUserRow(tx, user.id);
    const [open] = await tx.select({ n: count() }).from(trades).where(and(eq(trades.proposerId, user.id), inArray(trades.status, ['proposed', 'accepted'])));
    checkRoom({
      used: Number(open?.n ?? 0),
      planLimit: planLimits(plan).tradeProposals,
      hardCap: MAX_OPEN_TRADES_PER_USER,
      feature: 'tradeProposals',
      capText: `A user can have at most ${MAX_OPEN_TRADES_PER_USER} open trade proposals`,
    });
    const give = await missingLine(tx, user.id, data.give);
    if (give) throw notEnough('give', give);
    const get = await missingLine(tx, recipient.id, data.get);
    if (get) throw notEnough('get', get);
    await tx.insert(trades).values({ id, proposerId: user.id, recipientId: recipient.id, note: data.note || null });
    const lines = [...data.give.map((l) => ({ tradeId: id, side: 'give', ...l })), ...data.get.map((l) => ({ tradeId: id, side: 'get', ...l }))];
    await tx.insert(tradeLines).values(lines);
    await recordTradeNotice(tx, { tradeId: id, event: 'proposed', actorId: user.id, userId: recipient.id, deps: notices ?? {} });
  });
  if (notices) await deliverTradeNotices(notices, [recipient.id]);
  return getTrade({ db, user, id });
}

/** Answers trades as the contract says, for the given viewer. */
async function toTrades(db: Db, viewer: User, rows: TradeRow[]): Promise<Trade[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [lines, parties, index] = await Promise.all([
    db.select().from(tradeLines).where(inArray(tradeLines.tradeId, ids)),
    db.select(partyColumns).from(profiles).where(inArray(profiles.id, [...new Set(rows.flatMap((r) => [r.proposerId, r.recipientId]))])),
    catalogueIndex(db),
  ]);
  const byId = new Map<string, PartyRow>(parties.map((p) => [p.id, p]));
  const party = (id: string) => {
    const p = byId.get(id);
    return { username: p?.username ?? '', displayName: p?.displayName ?? null, avatarUrl: p?.avatarUrl ?? null, country: p?.country ?? null };
  };
  const linesOf = (tradeId: string, side: string): TradeLine[] =>
    lines
      .filter((l) => l.tradeId === tradeId && l.side === side)
      .sort((a, b) => a.cardId - b.cardId)
      .map((l) => {
        const card = index.byId.get(l.cardId);
        return { cardId: l.cardId, cardNumber: card?.cardNumber ?? '', name: card?.name ?? '', variant: card?.variant ?? null, quantity: l.quantity };
      });
  return rows.map((r) => ({
    id: r.id,
    status: r.status as TradeStatus,
    mine: r.proposerId === viewer.id,
    proposer: party(r.proposerId),
    recipient: party(r.recipientId),
    give: linesOf(r.id, 'give'),
    get: linesOf(r.id, 'get'),
    note: r.note,
    proposerReceived: r.proposerReceivedAt !== null,
    recipientReceived: r.recipientReceivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}

const partyOf = (user: User) => or(eq(trades.proposerId, user.id), eq(trades.recipientId, user.id));

/** My trades, both directions, the latest change first. */
export async function listTrades({ db, user }: { db: Db; user: User }): Promise<TradeListResponse> {
  const rows = await db.select().from(trades).where(partyOf(user)).orderBy(desc(trades.updatedAt), desc(trades.id)).limit(500);
  return { items: await toTrades(db, user, rows) };
}

/** One trade, for its two parties only (anyone else: TRADE_NOT_FOUND, as a missing one). */
export async function getTrade({ db, user, id }: { db: Db; user: User; id: string }): Promise<Trade> {
  if (!TRADE_ID.test(id)) throw tradeNotFound();
  const [row] = await db.select().from(trades).where(and(eq(trades.id, id), partyOf(user)));
  if (!row) throw tradeNotFound();
  return (await toTrades(db, user, [row]))[0]!;
}

/** Locks a trade of the user's (SELECT … FOR UPDATE) inside the transaction; anyone else's or a missing one: TRADE_NOT_FOUND. */
export async function lockTrade(tx: DbTx, user: User, id: string): Promise<TradeRow> {
  if (!TRADE_ID.test(id)) throw tradeNotFound();
  const [row] = await tx.select().from(trades).where(and(eq(trades.id, id), partyOf(user))).for('update');
  if (!row) throw tradeNotFound();
  return row;
}

export const wrongParty = (action: string, who: 'proposer' | 'recipient') => new AppError('TRADE_WRONG_PARTY', 403, `Only the trade's ${who} can ${action} it`);
export const wrongStatus = (action: string, status: string) => new AppError('TRADE_WRONG_STATUS', 409, `A trade that is ${status} cannot be ${action}`, undefined, { status });
