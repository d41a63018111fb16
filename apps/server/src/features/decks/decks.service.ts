import { MAX_REPORTED_LINE_ERRORS } from '@grandline/core/contracts/decks';
import { randomUUID } from 'node:crypto';
import type { Card } from '@grandline/core/contracts/cards';
import type {
  CreateDeckRequest,
  DeckCardInput,
  DeckDetail,
  DeckListLineError,
  DeckProblem,
  DeckRow,
  DeckSummary,
  DeckWarning,
  UpdateDeckRequest,
  ValidateDeckListResponse,
} from '@grandline/core/contracts/decks';
import { messageText } from '@grandline/core/contracts/messages';
import { parseDeckList } from '@grandline/core/decks/deck-list';
import { deckFormat, type DeckFormat } from '@grandline/core/decks/formats';
import { validateDeck, type DeckCard, type DeckValidation } from '@grandline/core/decks/validate';
import type { RegulationEntry } from '@grandline/core/decks/regulations';
import { allRegulations, currentRegulations, regulationsGeneration, regulationsOf } from './regulations.service';
import { MAX_DECKS_PER_USER, planLimits, type PlanId } from '@grandline/core/plans';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { isOwner, ownedItems, type Viewer } from '../../db/ownership';
import { deckCards, decks, profiles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { checkRoom, lockUserRow } from '../../lib/plan-gates';
import { LRUCache } from 'lru-cache';
import { today } from '@grandline/core/decks/formats';
import { recordDeckPublished } from '../profiles/activity.service';
import { catalogueGeneration, catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';

type DeckRecord = typeof decks.$inferSelect;

/** Owner or public reads, owner-only changes; anyone else gets the same 404 as for a missing deck. */
export const deckAccess = ownedItems(decks, () => new AppError('DECK_NOT_FOUND', 404, "This deck doesn't exist or is private"));

function formatOf(game: string, format: string): DeckFormat {
  const found = deckFormat(game, format);
  if (!found) throw new AppError('UNKNOWN_FORMAT', 400, messageText('validation.deckUnknownFormat'), [{ path: 'format', message: messageText('validation.deckUnknownFormat') }]);
  return found;
}

const asDeckCard = (card: Card): DeckCard => card;

/** Problems with their English text (the web app translates by code and params). */
const withText = (validation: DeckValidation): { valid: boolean; mainCount: number; errors: DeckProblem[]; warnings: DeckWarning[] } => ({
  valid: validation.valid,
  mainCount: validation.mainCount,
  errors: validation.errors.map((e) => ({ ...e, message: messageText(e.message, e.params) })),
  warnings: validation.warnings.map((w) => ({ ...w, message: messageText(w.message, w.params) })),
});

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
  const [owner] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, record.userId));
  return { ...summary(record, rows, index, regulations), owner: { username: owner?.username ?? null, isYou: isOwner(viewer, record) }, cards: rows };
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
    if (isPublic) await recordDeckPublished(tx, user.id, id);
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
    if (data.isPublic && !record.isPublic) await recordDeckPublished(tx, user.id, id);
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
  await deckAccess.remove(db, user, id);
}

const LINE_MESSAGES = {
  NO_CARD_NUMBER: 'validation.deckLineNoCardNumber',
  BAD_QUANTITY: 'validation.deckLineBadQuantity',
  UNKNOWN_CARD: 'validation.deckLineUnknownCard',
} as const;

/**
 * Reads a pasted list (OPTCG Sim text) against the library and checks it in a format: the Leader line becomes
 * the leader, numbers the library does not know are reported line by line, never dropped silently.
 */
async function validateDeckList({
  db,
  game,
  format,
  list,
  withCards = true,
  day = today(),
  regulations,
}: {
  db: Db;
  game: string;
  format: string;
  list: string;
  withCards?: boolean;
  /** The day whose regulation applies (YYYY-MM-DD, UTC); today by default. */
  day?: string;
  /** The banned, restricted and paired cards judged on; the server's current ones by default. */
  regulations?: readonly RegulationEntry[];
}): Promise<ValidateDeckListResponse> {
  const rules = formatOf(game, format);
  const index = await catalogueIndex(db);
  regulations ??= await currentRegulations(db, game);
  const parsed = parseDeckList(list);
  const lineErrors: DeckListLineError[] = parsed.errors.map((e) => ({ ...e, message: messageText(LINE_MESSAGES[e.reason]) }));
  const rows = new Map<number, DeckRow>();
  const leaders: Card[] = [];
  // Unknown numbers are reported once, by line; their copies still count in the deck's size, and an unknown first
  // line of 1 copy in a list without a known Leader is taken as the Leader line (OPTCG Sim lists start with it).
  const unknown = { main: 0, leader: false };
  for (const [i, entry] of parsed.entries.entries()) {
    const key = `${game}:${entry.cardNumber}`;
    const card = (entry.variant && index.byVariant.get(`${key}_${entry.variant}`)) || index.baseByNumber.get(key);
    if (!card) {
      lineErrors.push({ line: entry.line, text: `${entry.quantity}x${entry.cardNumber}`, reason: 'UNKNOWN_CARD', message: messageText(LINE_MESSAGES.UNKNOWN_CARD) });
      if (i === 0 && entry.quantity === 1) unknown.leader = true;
      else unknown.main += entry.quantity;
      continue;
    }
    if (card.cardType === 'Leader' && leaders.length === 0 && entry.quantity === 1) {
      leaders.push(card);
      continue;
    }
    const row = rows.get(card.id);
    if (row) row.quantity += entry.quantity;
    else rows.set(card.id, { card, quantity: entry.quantity });
  }
  lineErrors.sort((a, b) => a.line - b.line);
  const cards = [...rows.values()];
  const leader = leaders[0] ?? null;
  // A first line taken for an unknown Leader is a main-deck card after all when a known Leader came later.
  if (unknown.leader && leader) {
    unknown.leader = false;
    unknown.main += 1;
  }
  const validation = withText(validateDeck({ leader, cards, unknown }, rules, { day, regulations }));
  return {
    ...validation,
    valid: validation.valid && lineErrors.length === 0,
    leader,
    ...(withCards ? { cards } : {}),
    // The first ones and how many: the answer stays small whatever the list (see MAX_REPORTED_LINE_ERRORS).
    errors: validation.errors.slice(0, MAX_REPORTED_LINE_ERRORS),
    errorCount: validation.errors.length,
    lineErrors: lineErrors.slice(0, MAX_REPORTED_LINE_ERRORS),
    lineErrorCount: lineErrors.length,
  };
}

/**
 * Answers of the validation endpoint as JSON text, for lists seen before: the same list (a popular deck pasted by many
 * players) is read and checked once per day and library version.
 */
const validationCache = new LRUCache<string, string>({ max: 5000, maxSize: 32 * 1024 * 1024, sizeCalculation: (v, k) => (v.length + k.length) * 2 });
/**
 * Lists seen once, by a 32-bit hash of their key in a table of 65,536 slots (a newer list takes an older one's slot):
 * an answer is kept only when its list comes a second time. Most pasted lists are checked once (a player editing a
 * deck sends a new list each time); keeping each of their answers would churn the cache and the garbage collector for
 * nothing. A hash collision only keeps an answer one request early; a lost slot, one request late.
 */
const seenOnce = new Uint32Array(1 << 16);

/** FNV-1a over the UTF-16 code units of `text`: cheap, and only a doorkeeper's key. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Whether a key's hash was seen before in its slot (and remembers it): a table of 65,536 hashes, no allocation. */
function seenBefore(key: string): boolean {
  const hash = hash32(key) || 1;
  const slot = hash & 0xffff;
  if (seenOnce[slot] === hash) return true;
  seenOnce[slot] = hash;
  return false;
}

/** A catalogue card's JSON, written once per card object (a new catalogue index brings new objects). */
const cardJson = new WeakMap<object, string>();

/** The answer as JSON text: the Leader, the same catalogue object for every list naming it, is not serialized again. */
function deckListAnswerJson({ leader, ...rest }: ValidateDeckListResponse): string {
  if (!leader) return JSON.stringify({ ...rest, leader });
  let leaderJson = cardJson.get(leader);
  if (leaderJson === undefined) {
    leaderJson = JSON.stringify(leader);
    cardJson.set(leader, leaderJson);
  }
  const head = JSON.stringify(rest);
  return head === '{}' ? `{"leader":${leaderJson}}` : `${head.slice(0, -1)},"leader":${leaderJson}}`;
}

export async function validateDeckListJson({ date, ...args }: { db: Db; game: string; format: string; list: string; withCards: boolean; date?: string }): Promise<string> {
  // One day for the key and the rules, read once per request: the chosen date, or today.
  const day = date ?? today();
  const regulations = await currentRegulations(args.db, args.game);
  const key = `${catalogueGeneration()}\u0000${regulationsGeneration()}\u0000${day}\u0000${args.game}\u0000${args.format}\u0000${args.withCards ? 1 : 0}\u0000${args.list}`;
  const hit = validationCache.get(key);
  if (hit) return hit;
  const json = deckListAnswerJson(await validateDeckList({ ...args, day, regulations }));
  if (seenBefore(key)) validationCache.set(key, json);
  return json;
}
