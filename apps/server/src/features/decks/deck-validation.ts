import { MAX_REPORTED_LINE_ERRORS, type DeckListLineError, type DeckProblem, type DeckRow, type DeckWarning, type ValidateDeckListResponse } from '@grandline/core/contracts/decks';
import type { Card } from '@grandline/core/contracts/cards';
import { messageText } from '@grandline/core/contracts/messages';
import { parseDeckList } from '@grandline/core/decks/deck-list';
import { deckFormat, today, type DeckFormat } from '@grandline/core/decks/formats';
import type { RegulationEntry } from '@grandline/core/decks/regulations';
import { validateDeck, type DeckValidation } from '@grandline/core/decks/validate';
import { LRUCache } from 'lru-cache';
import { catalogueGeneration, catalogueIndex } from '../../catalogue/catalogue-index';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { currentRegulations, regulationsGeneration } from './regulations.service';

/*
 * Checking decks against a format: a format's rules by name, problems with their English text, and a pasted list
 * (OPTCG Sim text) read against the library and checked, its answers kept for lists that come again.
 */

/** A game's format by name; an unknown one is a 400. */
export function formatOf(game: string, format: string): DeckFormat {
  const found = deckFormat(game, format);
  if (!found) throw new AppError('UNKNOWN_FORMAT', 400, messageText('validation.deckUnknownFormat'), [{ path: 'format', message: messageText('validation.deckUnknownFormat') }]);
  return found;
}

/** Problems with their English text (the web app translates by code and params). */
export const withText = (validation: DeckValidation): { valid: boolean; mainCount: number; errors: DeckProblem[]; warnings: DeckWarning[] } => ({
  valid: validation.valid,
  mainCount: validation.mainCount,
  errors: validation.errors.map((e) => ({ ...e, message: messageText(e.message, e.params) })),
  warnings: validation.warnings.map((w) => ({ ...w, message: messageText(w.message, w.params) })),
});

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
