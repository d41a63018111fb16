import { DECK_REGULATION_LISTED_CARDS, type DeckRegulationData } from '@grandline/core/contracts/watches';
import { DECK_FORMATS, regulationOn, type DeckFormat } from '@grandline/core/decks/formats';
import type { RegulationEntry } from '@grandline/core/decks/regulations';
import { blockNumber, validateDeck, type DeckToValidate } from '@grandline/core/decks/validate';
import { eq, inArray, sql } from 'drizzle-orm';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import type { Db } from '../../db/client';
import { deckCards, deckRegulations, decks } from '../../db/schema/index';
import { createPause } from '../../lib/cooperative';
import { toEntry } from './regulations.service';

/*
 * Regulation notices (issue 43, docs/regulation-notices.md): when a dated change of the deck rules — an admin's banned
 * card, restricted card or banned pair, or a Standard rotation 30 days and 1 day ahead — makes a user's saved deck
 * illegal on its first day, the deck's owner is told once (`deck_regulation`), naming the deck, the cards and the day.
 *
 * One pass per change: the decks that hold an affected card number (deck_cards → cards.card_number, or the Leader) are
 * read in chunks, each judged by core's validateDeck on the change's first day with the rules as they will be and as
 * they would be without the change; the cards the change strikes are those of its own problems (BANNED, RESTRICTED,
 * BANNED_PAIR or ROTATED_OUT) present with it and absent without it. Tournament lists (decks owned by nobody) are not
 * read. `deck_regulation_notices (deck_id, notice)` records every deck told, so no announcement tells a deck twice.
 */

/** Decks read and judged per step, and written per transaction with their notifications. */
const CHUNK = 500;
const DAY_MS = 86_400_000;

/** A ruleset a deck is judged on: a format (its rotations) and the banned, restricted and paired entries. */
interface Rules {
  format: DeckFormat;
  regulations: readonly RegulationEntry[];
}

/** One dated change of the deck rules, as the notice pass needs it. */
export interface RegulationChange {
  /** Its key in deck_regulation_notices: `entry:<regulation id>` or `rotation:<effective day>:<30|1>`. */
  notice: string;
  game: string;
  /** Format id → the rules on `day` with the change and without it; decks of other formats are not concerned. */
  rules: ReadonlyMap<string, { with: Rules; without: Rules }>;
  /** The card numbers it concerns: only decks that hold one of them are read. */
  numbers: readonly string[];
  /** The day decks are judged on: the change's first day (or today for an entry already in force). */
  judgeDay: string;
  /** The problem codes the change may add. */
  codes: readonly string[];
  /** The notification's data besides the deck and its cards. */
  data: Pick<DeckRegulationData, 'day' | 'reason' | 'daysBefore' | 'minBlock'>;
}

const PROBLEM_OF = { banned: 'BANNED', restricted: 'RESTRICTED', pair: 'BANNED_PAIR' } as const;

/** Whole days from `from` to `to` (YYYY-MM-DD). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const formatsOf = (game: string): DeckFormat[] => Object.values((DECK_FORMATS as Record<string, Record<string, DeckFormat>>)[game] ?? {});

/**
 * The change an admin's entry (id) brings, judged on `today`: on its first day, or today when it is already in force;
 * null when it is no more (ended by today) or unknown. The rules with it are every entry of its game; without it, the
 * others — so another entry of the same day, or one already in force for the same card, is never told as this one.
 */
export async function entryChange(db: Db, id: number, today: string): Promise<RegulationChange | null> {
  const [row] = await db.select().from(deckRegulations).where(eq(deckRegulations.id, id));
  if (!row) return null;
  const judgeDay = row.fromDay > today ? row.fromDay : today;
  if (row.untilDay !== null && row.untilDay <= judgeDay) return null;
  const rows = await db.select().from(deckRegulations).where(eq(deckRegulations.gameCategory, row.gameCategory)).orderBy(deckRegulations.fromDay, deckRegulations.id);
  const all = rows.map(toEntry);
  const others = rows.filter((r) => r.id !== row.id).map(toEntry);
  const rules = new Map(formatsOf(row.gameCategory).map((format) => [format.id, { with: { format, regulations: all }, without: { format, regulations: others } }]));
  return {
    notice: `entry:${row.id}`,
    game: row.gameCategory,
    rules,
    numbers: row.pairedWith ? [row.cardNumber, row.pairedWith] : [row.cardNumber],
    judgeDay,
    codes: [PROBLEM_OF[row.kind as keyof typeof PROBLEM_OF]],
    data: { day: row.fromDay, reason: row.kind as DeckRegulationData['reason'] },
  };
}

/** Entries whose first day is `day` or later and that are not ended by then: the daily check announces them again. */
export async function upcomingEntryIds(db: Db, day: string): Promise<number[]> {
  const rows = await db
    .select({ id: deckRegulations.id })
    .from(deckRegulations)
    .where(sql`${deckRegulations.fromDay} >= ${day} and (${deckRegulations.untilDay} is null or ${deckRegulations.untilDay} > ${deckRegulations.fromDay})`)
    .orderBy(deckRegulations.id);
  return rows.map((r) => r.id);
}

/** A rotation is told 30 days ahead (or on a later day before the last, if the check did not run that day) and 1 day ahead. */
const rotationNoticeOf = (daysLeft: number): 30 | 1 | null => (daysLeft >= 2 && daysLeft <= 30 ? 30 : daysLeft === 1 ? 1 : null);

/**
 * The rotation changes to tell on `day`: each rotation of the format 30 days ahead (until 2 days ahead) and 1 day ahead,
 * judged on its effective day with the format's rotations (`rotations`, the format's own by default) and without it;
 * the numbers it concerns are those whose block (the number's newest, as the rules judge it) it rotates out.
 */
export function rotationChanges({
  day,
  index,
  regulations,
  game = 'onepiece',
  formatId = 'standard',
  rotations,
}: {
  day: string;
  index: CatalogueIndex;
  regulations: readonly RegulationEntry[];
  game?: string;
  formatId?: string;
  rotations?: DeckFormat['rotations'];
}): RegulationChange[] {
  const base = formatsOf(game).find((f) => f.id === formatId);
  if (!base) return [];
  const all = rotations ?? base.rotations;
  const out: RegulationChange[] = [];
  for (const rotation of all) {
    const daysLeft = daysBetween(day, rotation.effective);
    const which = rotationNoticeOf(daysLeft);
    if (!which) continue;
    const withIt: Rules = { format: { ...base, rotations: all }, regulations };
    const withoutIt: Rules = { format: { ...base, rotations: all.filter((r) => r !== rotation) }, regulations };
    const before = regulationOn(withoutIt.format, rotation.effective, regulations).minBlock;
    const numbers = new Set<string>();
    for (const card of index.byId.values()) {
      if (card.gameCategory !== game) continue;
      const block = blockNumber(card.rotationBlock !== undefined ? card.rotationBlock : card.blockIcon);
      if (block !== null && block < rotation.minBlock && (before === null || block >= before)) numbers.add(card.cardNumber);
    }
    if (!numbers.size) continue;
    out.push({
      notice: `rotation:${rotation.effective}:${which}`,
      game,
      rules: new Map([[base.id, { with: withIt, without: withoutIt }]]),
      numbers: [...numbers].sort(),
      judgeDay: rotation.effective,
      codes: ['ROTATED_OUT'],
      data: { day: rotation.effective, reason: 'rotation', daysBefore: daysLeft, minBlock: rotation.minBlock },
    });
  }
  return out;
}

/**
 * The users' decks (owner not null) of the change's game and formats that hold one of its numbers in the main deck or
 * as Leader, and that were not told of it yet: one statement over deck_cards joined to cards by number.
 */
async function candidateDecks(db: Db, change: RegulationChange): Promise<string[]> {
  const numbers = sql.param([...change.numbers]);
  const formats = sql.param([...change.rules.keys()]);
  const result = (await db.execute(sql`
    select d.id from decks d
    where d.user_id is not null and d.game_category = ${change.game} and d.format = any(${formats}::text[])
      and d.id in (
        select dc.deck_id from deck_cards dc join cards c on c.id = dc.card_id
        where c.game_category = ${change.game} and c.card_number = any(${numbers}::text[])
        union
        select l.id from decks l join cards c on c.id = l.leader_card_id where c.card_number = any(${numbers}::text[])
      )
      and not exists (select 1 from deck_regulation_notices n where n.deck_id = d.id and n.notice = ${change.notice})
    order by d.id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** A deck the change strikes: its owner, its name then, and the card numbers struck (number order). */
interface Struck {
  deckId: string;
  userId: string;
  deckName: string;
  numbers: string[];
}

/** The problems of the change's codes as units: a card each, or a banned pair as one (its two cards). */
function unitsOf(errors: readonly { code: string; cards: string[] }[], codes: readonly string[]): Map<string, string[]> {
  const units = new Map<string, string[]>();
  for (const e of errors) {
    if (!codes.includes(e.code)) continue;
    if (e.code === 'BANNED_PAIR') units.set(`${e.code}:${e.cards.join('+')}`, e.cards);
    else for (const card of e.cards) units.set(`${e.code}:${card}`, [card]);
  }
  return units;
}

/** The card numbers the change adds problems for in this deck (none: it stays as it was). */
function struckNumbers(change: RegulationChange, deck: DeckToValidate, formatId: string): string[] {
  const rules = change.rules.get(formatId);
  if (!rules) return [];
  const after = unitsOf(validateDeck(deck, rules.with.format, { day: change.judgeDay, regulations: rules.with.regulations }).errors, change.codes);
  if (!after.size) return [];
  const before = unitsOf(validateDeck(deck, rules.without.format, { day: change.judgeDay, regulations: rules.without.regulations }).errors, change.codes);
  const struck = new Set<string>();
  for (const [key, cards] of after) if (!before.has(key)) for (const card of cards) struck.add(card);
  return [...struck].sort();
}

/** Reads a chunk of decks with their cards from the library and judges each. */
async function judgeChunk(db: Db, change: RegulationChange, ids: readonly string[], index: CatalogueIndex): Promise<Struck[]> {
  const records = await db
    .select({ id: decks.id, userId: decks.userId, name: decks.name, format: decks.format, leaderCardId: decks.leaderCardId })
    .from(decks)
    .where(inArray(decks.id, [...ids]));
  const rows = await db.select({ deckId: deckCards.deckId, cardId: deckCards.cardId, quantity: deckCards.quantity }).from(deckCards).where(inArray(deckCards.deckId, [...ids]));
  const cardsOf = new Map<string, DeckToValidate['cards'][number][]>();
  for (const row of rows) {
    const card = index.byId.get(row.cardId);
    if (!card) continue;
    const list = cardsOf.get(row.deckId) ?? [];
    list.push({ card, quantity: row.quantity });
    cardsOf.set(row.deckId, list);
  }
  const out: Struck[] = [];
  for (const record of records) {
    if (!record.userId) continue;
    const leader = record.leaderCardId ? (index.byId.get(record.leaderCardId) ?? null) : null;
    const numbers = struckNumbers(change, { name: record.name, leader, cards: cardsOf.get(record.id) ?? [] }, record.format);
    if (numbers.length) out.push({ deckId: record.id, userId: record.userId, deckName: record.name, numbers });
  }
  return out;
}

/** A notification written: its id and user. */
export type Written = { notificationId: number; userId: string };

/** Which channels this server sends: an off one is marked done at once; null: not known here (left for the server). */
export type Outbox = { mail: boolean; push: boolean } | null;

/**
 * Records the decks not told yet and one notification per such deck, in one transaction: a deck recorded by an earlier
 * announcement of the same change (or a parallel one) is not told again; a deck deleted meanwhile is passed over.
 */
async function writeNotices(db: Db, change: RegulationChange, struck: readonly Struck[], index: CatalogueIndex, outbox: Outbox): Promise<Written[]> {
  const done = (on: boolean | undefined) => (on === false ? sql`now()` : sql`null`);
  return db.transaction(async (tx) => {
    const recorded = (await tx.execute(sql`
      insert into deck_regulation_notices (deck_id, notice)
      select u.deck_id, ${change.notice} from unnest(${sql.param(struck.map((s) => s.deckId))}::text[]) as u(deck_id)
      where exists (select 1 from decks d where d.id = u.deck_id)
      on conflict do nothing
      returning deck_id`)) as unknown as { rows: { deck_id: string }[] };
    const fresh = new Set(recorded.rows.map((r) => r.deck_id));
    const userIds: string[] = [];
    const data: string[] = [];
    for (const s of struck) {
      if (!fresh.has(s.deckId)) continue;
      const notice: DeckRegulationData = {
        deckId: s.deckId,
        deckName: s.deckName,
        ...change.data,
        cards: s.numbers.slice(0, DECK_REGULATION_LISTED_CARDS).map((cardNumber) => ({ cardNumber, name: index.baseByNumber.get(`${change.game}:${cardNumber}`)?.name ?? cardNumber })),
        total: s.numbers.length,
      };
      userIds.push(s.userId);
      data.push(JSON.stringify(notice));
    }
    if (!userIds.length) return [];
    const rows = (await tx.execute(sql`
      insert into notifications (user_id, kind, data, emailed_at, pushed_at)
      select u.user_id, 'deck_regulation', u.data::jsonb, ${done(outbox?.mail)}, ${done(outbox?.push)}
      from unnest(${sql.param(userIds)}::text[], ${sql.param(data)}::text[]) with ordinality as u(user_id, data, n)
      order by u.n
      returning id, user_id`)) as unknown as { rows: { id: number | string; user_id: string }[] };
    return rows.rows.map((r) => ({ notificationId: Number(r.id), userId: r.user_id }));
  });
}

/** Tells the owners of the decks a change strikes, once per deck: answers the notifications written. */
export async function announceChange(db: Db, change: RegulationChange, outbox: Outbox): Promise<Written[]> {
  if (!change.numbers.length || !change.rules.size) return [];
  const index = await catalogueIndex(db);
  const ids = await candidateDecks(db, change);
  const pause = createPause();
  const written: Written[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    await pause();
    const struck = await judgeChunk(db, change, ids.slice(i, i + CHUNK), index);
    if (struck.length) written.push(...(await writeNotices(db, change, struck, index, outbox)));
  }
  return written;
}
