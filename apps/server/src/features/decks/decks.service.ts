import { randomUUID } from 'node:crypto';
import type { Card } from '@grandline/core/contracts/cards';
import type { CreateDeckRequest, DeckCardInput, DeckDetail, DeckRow, DeckSummary, DeckTournament, UpdateDeckRequest } from '@grandline/core/contracts/decks';
import { messageText } from '@grandline/core/contracts/messages';
import { validateDeck, type DeckCard } from '@grandline/core/decks/validate';
import { formatOf, withText } from './deck-validation';
import { allRegulations, regulationsOf } from './regulations.service';
import { MAX_DECKS_PER_USER, planLimits, type PlanId } from '@grandline/core/plans';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { isOwner, ownedItems, type Viewer } from '../../db/ownership';
import { deckCards, decks, profiles, tournaments, tournamentStandings } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { checkRoom, lockUserRow } from '../../lib/plan-gates';
import { emitDomainEvent } from '../../lib/domain-events';
import { withdrawCommentedOn } from '../notifications/community.service';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';

type DeckRecord = typeof decks.$inferSelect;

/** Owner or public reads, owner-only changes; anyone else gets the same 404 as for a missing deck. */
export const deckAccess = ownedItems(decks, () => new AppError('DECK_NOT_FOUND', 404, "This deck doesn't exist or is private"));

const asDeckCard = (card: Card): DeckCard => card;

type Regulations = Awaited<ReturnType<typeof allRegulations>>;

function validateRows(record: Pick<DeckRecord, 'name' | 'format' | 'gameCategory' | 'leaderCardId'>, rows: DeckRow[], index: CatalogueIndex, regulations: Regulations) {
  const leader = record.leaderCardId ? (index.byId.get(record.leaderCardId) ?? null) : null;
  return validateDeck(
    { name: record.name, leader: leader && asDeckCard(leader), cards: rows.map((r) => ({ card: asDeckCard(r.card), quantity: r.quantity })) },
    formatOf(record.gameCategory, record.format),
    { requireName: true, regulations: regulationsOf(regulations, record.gameCategory) },
  );
}

function summary(record: DeckRecord, rows: DeckRow[], index: CatalogueIndex, regulations: Regulations): DeckSummary & { validation: ReturnType<typeof withText> } {
  const validation = withText(validateRows(record, rows, index, regulations));
  return {
    id: record.id,
    name: record.name,
    format: record.format as DeckSummary['format'],
    description: record.description,
    gameCategory: record.gameCategory,
    isPublic: record.isPublic,
    showOnProfile: record.showOnProfile,
    leader: record.leaderCardId ? (index.byId.get(record.leaderCardId) ?? null) : null,
    cover: record.coverCardId ? (index.byId.get(record.coverCardId) ?? null) : null,
    mainCount: validation.mainCount,
    valid: validation.valid,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    validation,
  };
}

async function rowsOf(db: Db, deckIds: string[], index: CatalogueIndex): Promise<Map<string, DeckRow[]>> {
  const out = new Map<string, DeckRow[]>(deckIds.map((id) => [id, []]));
  if (!deckIds.length) return out;
  const rows = await db
    .select()
    .from(deckCards)
    .where(inArray(deckCards.deckId, deckIds))
    .orderBy(asc(deckCards.deckId), asc(deckCards.position));
  for (const row of rows) {
    const card = index.byId.get(row.cardId);
    if (card) out.get(row.deckId)!.push({ card, quantity: row.quantity });
  }
  return out;
}

/** A user's decks, most recently changed first, each with its cards in list order: one prepared statement. */
const decksOfUser = preparedPerDb((db) =>
  db
    .select({ record: decks, cardIds: sql<number[] | null>`cards.card_ids`, quantities: sql<number[] | null>`cards.quantities` })
    .from(decks)
    .leftJoinLateral(
      db
        .select({
          cardIds: sql<number[]>`array_agg(${deckCards.cardId} order by ${deckCards.position})`.as('card_ids'),
          quantities: sql<number[]>`array_agg(${deckCards.quantity} order by ${deckCards.position})`.as('quantities'),
        })
        .from(deckCards)
        .where(eq(deckCards.deckId, decks.id))
        .as('cards'),
      sql`true`,
    )
    .where(eq(decks.userId, sql.placeholder('userId')))
    .orderBy(desc(decks.updatedAt))
    .prepare('decks_of_user'),
);

/**
 * A user's decks, most recently changed first, each with its validity; `publicOnly` skips (and does not validate) the
 * private ones.
 */
export async function listDecks({ db, user, publicOnly = false }: { db: Db; user: { id: string }; publicOnly?: boolean }): Promise<DeckSummary[]> {
  const index = await catalogueIndex(db);
  const regulations = await allRegulations(db);
  const found = (await decksOfUser(db).execute({ userId: user.id })).filter(({ record }) => !publicOnly || record.isPublic);
  return found.map(({ record, cardIds, quantities }) => {
    const rows: DeckRow[] = [];
    (cardIds ?? []).forEach((cardId, i) => {
      const card = index.byId.get(cardId);
      if (card) rows.push({ card, quantity: quantities![i]! });
    });
    const { validation: _validation, ...rest } = summary(record, rows, index, regulations);
    return rest;
  });
}

/** A deck for its owner, or for anyone when public; others get the same 404 as for a missing deck. */
export async function getDeck({ db, viewer, id }: { db: Db; viewer: Viewer; id: string }): Promise<DeckDetail> {
  const index = await catalogueIndex(db);
  const regulations = await allRegulations(db);
  const record = await deckAccess.readable(db, viewer, id);
  const rows = (await rowsOf(db, [record.id], index)).get(record.id)!;
  const [owner] = record.userId ? await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, record.userId)) : [];
  // Only a deck owned by no user can be a tournament's published list.
  const tournament = record.userId ? null : await tournamentOf(db, record.id);
  return { ...summary(record, rows, index, regulations), owner: { username: owner?.username ?? null, isYou: isOwner(viewer, record) }, tournament, cards: rows };
}

/** The tournament a published list was played in, its placing and record (read from the tables: decks imports no tournament feature). */
async function tournamentOf(db: Db, deckId: string): Promise<DeckTournament | null> {
  const [row] = await db
    .select({ id: tournaments.id, name: tournaments.name, date: tournaments.day, placing: tournamentStandings.placing, wins: tournamentStandings.wins, losses: tournamentStandings.losses, ties: tournamentStandings.ties })
    .from(tournamentStandings)
    .innerJoin(tournaments, eq(tournaments.id, tournamentStandings.tournamentId))
    .where(eq(tournamentStandings.deckId, deckId))
    .limit(1);
  return row ? { id: row.id, name: row.name, date: row.date, placing: row.placing, record: { wins: row.wins, losses: row.losses, ties: row.ties } } : null;
}

/** Card ids that exist in the game, a Leader as leader, and a cover among the deck's cards (spec §5). */
function checkCards(
  index: CatalogueIndex,
  game: string,
  { leaderCardId, coverCardId, cards }: { leaderCardId?: number | null; coverCardId?: number | null; cards: DeckCardInput[] },
) {
  const unknown = (id: number) => {
    const card = index.byId.get(id);
    return !card || card.gameCategory !== game;
  };
  const issues: { path: string; message: string }[] = [];
  cards.forEach((c, i) => unknown(c.cardId) && issues.push({ path: `cards.${i}.cardId`, message: messageText('validation.deckUnknownCard') }));
  if (leaderCardId && unknown(leaderCardId)) issues.push({ path: 'leaderCardId', message: messageText('validation.deckUnknownCard') });
  if (leaderCardId && !unknown(leaderCardId) && index.byId.get(leaderCardId)!.cardType !== 'Leader') {
    issues.push({ path: 'leaderCardId', message: messageText('validation.deckLeaderNotLeader') });
  }
  if (coverCardId && coverCardId !== leaderCardId && !cards.some((c) => c.cardId === coverCardId)) {
    issues.push({ path: 'coverCardId', message: messageText('validation.deckCoverNotInDeck') });
  }
  const seen = new Set<number>();
  for (const c of cards) {
    if (seen.has(c.cardId)) issues.push({ path: 'cards', message: `Card ${c.cardId} is listed twice` });
    seen.add(c.cardId);
  }
  if (issues.length) throw new AppError('INVALID_CARD', 400, issues[0]!.message, issues);
}

/** A deck's place among the user's decks: the plan's limit and the hard cap, checked under the user's lock. */
async function checkDeckRoom(tx: DbTx, userId: string, plan: PlanId) {
  await lockUserRow(tx, userId);
  const [row] = await tx.select({ n: count() }).from(decks).where(eq(decks.userId, userId));
  checkRoom({ used: Number(row?.n ?? 0), planLimit: planLimits(plan).decks, hardCap: MAX_DECKS_PER_USER, feature: 'decks', capText: `A user can have at most ${MAX_DECKS_PER_USER} decks` });
}

export async function createDeck({ db, user, plan, data }: { db: Db; user: { id: string }; plan: PlanId; data: CreateDeckRequest & { game: 'onepiece'; cards: DeckCardInput[] } }) {
  const index = await catalogueIndex(db);
  formatOf(data.game, data.format);
  checkCards(index, data.game, data);
  // Private unless asked otherwise, on every plan (the spec's deck insert: is_public false); Hobby's "private
  // collections" are binders (ADR 021).
  const isPublic = data.isPublic ?? false;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await checkDeckRoom(tx, user.id, plan);
    await tx.insert(decks).values({
      id,
      userId: user.id,
      name: data.name,
      format: data.format,
      description: data.description ?? null,
      gameCategory: data.game,
      isPublic,
      leaderCardId: data.leaderCardId ?? null,
      coverCardId: data.coverCardId ?? null,
    });
    if (data.cards.length) await tx.insert(deckCards).values(data.cards.map((c, position) => ({ deckId: id, cardId: c.cardId, quantity: c.quantity, position })));
    if (isPublic) await emitDomainEvent(tx, 'deck.published', { userId: user.id, deckId: id });
  });
  return getDeck({ db, viewer: user, id });
}

/**
 * Copies a deck its reader can see (their own, or anyone's public deck) into the reader's decks: always private, on
 * every plan, named "Copy of …" (cut to the name's limit), with its format, description, Leader, cover and rows, in
 * one transaction.
 */
export async function copyDeck({ db, user, plan, id }: { db: Db; user: { id: string }; plan: PlanId; id: string }) {
  const source = await deckAccess.readable(db, user, id);
  const rows = await db.select().from(deckCards).where(eq(deckCards.deckId, id)).orderBy(asc(deckCards.position));
  const copy = randomUUID();
  const name = `Copy of ${source.name}`.slice(0, 100);
  await db.transaction(async (tx) => {
    await checkDeckRoom(tx, user.id, plan);
    await tx.insert(decks).values({
      id: copy,
      userId: user.id,
      name,
      format: source.format,
      description: source.description,
      gameCategory: source.gameCategory,
      isPublic: false,
      leaderCardId: source.leaderCardId,
      coverCardId: source.coverCardId,
    });
    if (rows.length) await tx.insert(deckCards).values(rows.map((r) => ({ deckId: copy, cardId: r.cardId, quantity: r.quantity, position: r.position })));
  });
  return getDeck({ db, viewer: user, id: copy });
}

/** Changes only the fields sent; only the owner may (others get a 404, never a change). */
export async function updateDeck({ db, user, id, data }: { db: Db; user: { id: string }; id: string; data: UpdateDeckRequest }) {
  const index = await catalogueIndex(db);
  const record = await deckAccess.changeable(db, user, id);
  const current = (await rowsOf(db, [id], index)).get(id)!;
  checkCards(index, record.gameCategory, {
    leaderCardId: data.leaderCardId === undefined ? record.leaderCardId : data.leaderCardId,
    coverCardId: data.coverCardId === undefined ? record.coverCardId : data.coverCardId,
    cards: current.map((r) => ({ cardId: r.card.id, quantity: r.quantity })),
  });
  await db.transaction(async (tx) => {
    await tx
      .update(decks)
      .set({ ...data, updatedAt: new Date() })
      .where(deckAccess.ownedBy(user, id));
    // Made public: it appears in the owner's activity (and their followers' feeds) now.
    if (data.isPublic && !record.isPublic) await emitDomainEvent(tx, 'deck.published', { userId: user.id, deckId: id });
  });
  return getDeck({ db, viewer: user, id });
}

/** Replaces every main-deck row in one transaction: a failure leaves the old rows as they were. */
export async function replaceDeckCards({ db, user, id, cards }: { db: Db; user: { id: string }; id: string; cards: DeckCardInput[] }) {
  const index = await catalogueIndex(db);
  const record = await deckAccess.changeable(db, user, id);
  // A cover that leaves the deck is cleared rather than refusing the change.
  const keepsCover = !record.coverCardId || record.coverCardId === record.leaderCardId || cards.some((c) => c.cardId === record.coverCardId);
  checkCards(index, record.gameCategory, { leaderCardId: record.leaderCardId, coverCardId: keepsCover ? record.coverCardId : null, cards });
  await db.transaction(async (tx) => {
    await tx.delete(deckCards).where(eq(deckCards.deckId, id));
    if (cards.length) await tx.insert(deckCards).values(cards.map((c, position) => ({ deckId: id, cardId: c.cardId, quantity: c.quantity, position })));
    await tx
      .update(decks)
      .set({ updatedAt: new Date(), ...(keepsCover ? {} : { coverCardId: null }) })
      .where(eq(decks.id, id));
  });
  return getDeck({ db, viewer: user, id });
}

export async function deleteDeck({ db, user, id }: { db: Db; user: { id: string }; id: string }) {
  await db.transaction(async (tx) => {
    await deckAccess.remove(tx, user, id);
    await withdrawCommentedOn(tx, { kind: 'deck', id });
  });
}

/** A tournament's published list, stored as a public deck owned by no user (issue 43). */
export interface PublishedList {
  id: string;
  name: string;
  format: 'standard' | 'extra';
  leaderCardId: number | null;
  cards: DeckCardInput[];
}

/**
 * Stores tournaments' published lists as decks in the caller's transaction (the one write path of deck rows besides a
 * user's own): public, owned by no user, never on a profile; their cards in list order.
 */
export async function insertPublishedLists(tx: DbTx, lists: readonly PublishedList[]) {
  if (!lists.length) return;
  await tx.insert(decks).values(
    lists.map((l) => ({ id: l.id, userId: null, name: l.name, format: l.format, gameCategory: 'onepiece', isPublic: true, showOnProfile: false, leaderCardId: l.leaderCardId, coverCardId: l.leaderCardId })),
  );
  const rows = lists.flatMap((l) => l.cards.map((c, position) => ({ deckId: l.id, cardId: c.cardId, quantity: c.quantity, position })));
  // A few hundred rows per statement: PostgreSQL's parameter limit is far off, and no statement runs long.
  for (let i = 0; i < rows.length; i += 2000) await tx.insert(deckCards).values(rows.slice(i, i + 2000));
}

/** An admin's correction of a tournament's format, carried to its published lists (owned by no user) in the caller's transaction. */
export async function setPublishedListsFormat(tx: DbTx, deckIds: readonly string[], format: 'standard' | 'extra') {
  if (!deckIds.length) return;
  await tx
    .update(decks)
    .set({ format, updatedAt: new Date() })
    .where(and(inArray(decks.id, [...deckIds]), isNull(decks.userId)));
}
