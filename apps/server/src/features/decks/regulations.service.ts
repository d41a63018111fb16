import type { GameCategory } from '@grandline/core/games';
import type { CreateRegulationRequest, Regulation } from '@grandline/core/contracts/regulations';
import { messageText } from '@grandline/core/contracts/messages';
import { today } from '@grandline/core/decks/formats';
import { inForceOn, ONE_PIECE_REGULATIONS, type RegulationEntry, type RegulationKind } from '@grandline/core/decks/regulations';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbEvents } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { deckRegulations, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** The entries each game ships with (packages/core), stored on first use; an admin's edits are never overwritten. */
const SHIPPED: Partial<Record<GameCategory, readonly RegulationEntry[]>> = { onepiece: ONE_PIECE_REGULATIONS };

/**
 * How long a replica judges on the entries it read: an admin's change is seen at once on the replica that made it
 * and within this time on the others.
 */
const REGULATIONS_TTL_MS = 15_000;
/** The channel on which a replica says the entries changed: the others read them again at once. */
export const REGULATIONS_CHANNEL = 'regulations';

type Row = typeof deckRegulations.$inferSelect;
/** A stored entry as core judges it. */
export const toEntry = (row: Row): RegulationEntry => ({
  kind: row.kind as RegulationKind,
  cardNumber: row.cardNumber,
  pairedWith: row.pairedWith,
  from: row.fromDay,
  until: row.untilDay,
  source: row.source,
});

let shippedStored = false;
let loaded: { at: number; byGame: Promise<ReadonlyMap<string, readonly RegulationEntry[]>> } | null = null;
let lastText = '';
let generation = 0;

/** Changes whenever the entries read differ from the previous read: caches of verdicts know they are stale. */
export const regulationsGeneration = () => generation;

/** Drops what this process read (after a change here, and in tests). */
export function clearRegulationsCache() {
  loaded = null;
  shippedStored = false;
}

async function storeShipped(db: Db) {
  const rows = Object.entries(SHIPPED).flatMap(([game, entries]) =>
    (entries ?? []).map((e) => ({ gameCategory: game, kind: e.kind, cardNumber: e.cardNumber, pairedWith: e.pairedWith, fromDay: e.from, untilDay: e.until, source: e.source, note: e.note ?? null, shipped: true })),
  );
  if (rows.length) await db.insert(deckRegulations).values(rows).onConflictDoNothing();
}

const EMPTY: readonly RegulationEntry[] = [];
let current: ReadonlyMap<string, readonly RegulationEntry[]> = new Map();

/** The entries by game; the previous map itself when nothing changed, so verdicts worked out from it are kept. */
async function load(db: Db): Promise<ReadonlyMap<string, readonly RegulationEntry[]>> {
  if (!shippedStored) {
    await storeShipped(db);
    shippedStored = true;
  }
  const rows = await db.select().from(deckRegulations).orderBy(deckRegulations.fromDay, deckRegulations.id);
  const text = JSON.stringify(rows.map((r) => [r.gameCategory, r.kind, r.cardNumber, r.pairedWith, r.fromDay, r.untilDay]));
  if (text === lastText) return current;
  lastText = text;
  generation++;
  const byGame = new Map<string, RegulationEntry[]>();
  for (const row of rows) {
    const list = byGame.get(row.gameCategory) ?? [];
    list.push(toEntry(row));
    byGame.set(row.gameCategory, list);
  }
  return byGame;
}

/**
 * The entries decks are judged on, by game. The same arrays are returned until the entries change, so the verdicts
 * worked out from them (core's regulation cache) are kept.
 */
export async function allRegulations(db: Db): Promise<ReadonlyMap<string, readonly RegulationEntry[]>> {
  const now = Date.now();
  if (!loaded || now - loaded.at > REGULATIONS_TTL_MS) {
    const byGame = load(db).catch((err: unknown) => {
      loaded = null;
      throw err;
    });
    loaded = { at: now, byGame };
  }
  current = await loaded.byGame;
  return current;
}

/** A game's entries (none for a game without any). */
export const currentRegulations = async (db: Db, game: string): Promise<readonly RegulationEntry[]> => (await allRegulations(db)).get(game) ?? EMPTY;
export const regulationsOf = (all: ReadonlyMap<string, readonly RegulationEntry[]>, game: string) => all.get(game) ?? EMPTY;

const status = (row: Pick<Row, 'fromDay' | 'untilDay'>, day: string): Regulation['status'] =>
  inForceOn({ from: row.fromDay, until: row.untilDay }, day) ? 'inForce' : row.fromDay > day ? 'upcoming' : 'ended';

const creator = alias(users, 'creator');
const ender = alias(users, 'ender');

/** Every entry of a game (or the one with `id`), newest first; admins also get who added and ended each one. */
export async function listRegulations({ db, game, id, admin = false }: { db: Db; game?: string; id?: number; admin?: boolean }): Promise<Regulation[]> {
  await allRegulations(db); // the shipped entries are stored
  const rows = await db
    .select({ row: deckRegulations, createdBy: creator.name, endedBy: ender.name })
    .from(deckRegulations)
    .leftJoin(creator, eq(creator.id, deckRegulations.createdBy))
    .leftJoin(ender, eq(ender.id, deckRegulations.endedBy))
    .where(id === undefined ? eq(deckRegulations.gameCategory, game ?? 'onepiece') : eq(deckRegulations.id, id))
    .orderBy(desc(deckRegulations.fromDay), desc(deckRegulations.id));
  const day = today();
  return rows.map(({ row, createdBy, endedBy }) => ({
    id: row.id,
    game: row.gameCategory as GameCategory,
    kind: row.kind as RegulationKind,
    cardNumber: row.cardNumber,
    pairedWith: row.pairedWith,
    from: row.fromDay,
    until: row.untilDay,
    source: row.source,
    note: row.note,
    shipped: row.shipped,
    status: status(row, day),
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    ...(admin ? { createdBy, endedBy } : {}),
  }));
}

async function changed(events: Pick<DbEvents, 'notify'> | undefined) {
  clearRegulationsCache();
  await events?.notify(REGULATIONS_CHANNEL, 'changed').catch(() => undefined);
}

async function one(db: Db, id: number): Promise<Regulation> {
  const [found] = await listRegulations({ db, id, admin: true });
  if (!found) throw new AppError('REGULATION_NOT_FOUND', 404, 'This entry does not exist');
  return found;
}

/** Adds an entry (an admin); the same card, kind and first day twice is refused. */
export async function createRegulation({ db, events, userId, input }: { db: Db; events?: Pick<DbEvents, 'notify'>; userId: string; input: CreateRegulationRequest & { game: GameCategory } }): Promise<Regulation> {
  try {
    const [row] = await db
      .insert(deckRegulations)
      .values({
        gameCategory: input.game,
        kind: input.kind,
        cardNumber: input.cardNumber,
        pairedWith: input.kind === 'pair' ? (input.pairedWith ?? null) : null,
        fromDay: input.from,
        untilDay: input.until ?? null,
        source: input.source,
        note: input.note ?? null,
        createdBy: userId,
      })
      .returning({ id: deckRegulations.id });
    await changed(events);
    return one(db, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('REGULATION_EXISTS', 409, 'This entry is already on the list');
    throw err;
  }
}

/** Ends an entry in force or upcoming: from `until` on, it no longer applies. An ended entry stays in the history. */
export async function endRegulation({ db, events, userId, id, until }: { db: Db; events?: Pick<DbEvents, 'notify'>; userId: string; id: number; until: string }): Promise<Regulation> {
  const existing = await one(db, id);
  if (existing.until !== null) throw new AppError('REGULATION_ENDED', 409, 'This entry has already ended');
  if (until <= existing.from) {
    const message = messageText('validation.regulationEndsBeforeStart');
    throw new AppError('VALIDATION_ERROR', 400, message, [{ path: 'until', message }]);
  }
  await db
    .update(deckRegulations)
    .set({ untilDay: until, endedBy: userId, endedAt: new Date() })
    .where(and(eq(deckRegulations.id, id), isNull(deckRegulations.untilDay)));
  await changed(events);
  return one(db, id);
}
