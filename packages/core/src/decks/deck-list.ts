import { runSteps, runStepsCooperative } from '../steps';

/**
 * Deck list text as OPTCG Sim and community sites write it. One entry per line; tolerant of spaces, `x`/`X`,
 * CRLF, blank lines, section headers ("Leader", "Characters (12)", "Events:"), totals, `DON!!` lines and
 * `//` or `#` comments. Accepted entries: `4xOP01-016`, `4 x ST01-007`, `4 OP01-120`, `OP01-024 x3`,
 * `2 Monkey.D.Luffy (OP01-024)`, `2 Monkey.D.Luffy (OP01-024) x2`, a bare `P-001` (one copy). A line that names
 * no card number is reported, never silently dropped.
 *
 * The reader is a hand-written scanner, not a set of regular expressions: every line is read in time linear in
 * its length whatever it holds (an earlier regex version took cubic time on a line of `1`, spaces and `!`).
 */
interface DeckListEntry {
  /** Line number (1-based) in the text. */
  line: number;
  quantity: number;
  /** Upper-case card number, e.g. OP01-016 or P-001. */
  cardNumber: string;
  /** Print variant when the line named one (OP05-041_p1 → "p1"). */
  variant: string | null;
}

interface DeckListLineError {
  line: number;
  /** The line as written, cut to MAX_ERROR_TEXT characters. */
  text: string;
  reason: 'NO_CARD_NUMBER' | 'BAD_QUANTITY';
}

export interface ParsedDeckList {
  entries: DeckListEntry[];
  errors: DeckListLineError[];
}

export const MAX_DECK_LIST_LENGTH = 20_000;
/** A reported line keeps at most this many characters. */
export const MAX_ERROR_TEXT = 120;

// ——— Character classes (ASCII, as the card numbers and keywords are) ———

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
/** `\s` of JavaScript regular expressions. */
const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
/** `x`, `X` or `×` between a quantity and a card. */
const isTimes = (c: number) => c === 120 || c === 88 || c === 0xd7;
/** Characters a card number (with its variant) is written with. */
const isWordChar = (c: number) => isDigit(c) || isAsciiLetter(c) || c === 95 || c === 45;

const skipSpaces = (s: string, i: number, end = s.length) => {
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  return i;
};
const skipSpacesBack = (s: string, i: number, start = 0) => {
  while (i > start && isSpace(s.charCodeAt(i - 1))) i--;
  return i;
};
const skipDigits = (s: string, i: number, end = s.length) => {
  while (i < end && isDigit(s.charCodeAt(i))) i++;
  return i;
};
/** Case-insensitive ASCII comparison of s at i with a lower-case word. */
const startsWithWord = (s: string, i: number, word: string) => {
  if (i + word.length > s.length) return false;
  for (let k = 0; k < word.length; k++) if (lower(s.charCodeAt(i + k)) !== word.charCodeAt(k)) return false;
  return true;
};

interface CardRef {
  number: string;
  variant: string | null;
}

/**
 * The card number written exactly as s[start, end): `OP01-016`, `ST01-007`, `EB01-005`, `PRB01-001` or `P-001`,
 * optionally with a print variant `_p1`. Upper-cased number, lower-cased variant.
 */
function cardNumberAt(s: string, start: number, end: number): CardRef | null {
  let i = start;
  if (startsWithWord(s, i, 'p-')) {
    i += 2;
  } else {
    const prefix = ['prb', 'op', 'st', 'eb'].find((p) => startsWithWord(s, i, p));
    if (!prefix) return null;
    i += prefix.length;
    if (i + 3 > end || !isDigit(s.charCodeAt(i)) || !isDigit(s.charCodeAt(i + 1)) || s.charCodeAt(i + 2) !== 45) return null;
    i += 3;
  }
  if (i + 3 > end || !isDigit(s.charCodeAt(i)) || !isDigit(s.charCodeAt(i + 1)) || !isDigit(s.charCodeAt(i + 2))) return null;
  i += 3;
  const number = s.slice(start, i).toUpperCase();
  if (i === end) return { number, variant: null };
  // A variant: `_`, one letter, one or more digits, up to the end.
  if (s.charCodeAt(i) !== 95 || i + 2 >= end || !isAsciiLetter(s.charCodeAt(i + 1))) return null;
  if (skipDigits(s, i + 2, end) !== end) return null;
  return { number, variant: s.slice(i + 1, end).toLowerCase() };
}

/** The start of the run of card-number characters that ends at `end`. */
function wordStart(s: string, end: number, min: number) {
  let i = end;
  while (i > min && isWordChar(s.charCodeAt(i - 1))) i--;
  return i;
}

/**
 * A card written as `Name (OP01-024)` whose number ends at `end`: the number is the whole run of number characters
 * before `end`, preceded by optional spaces and `(` at or after `min`.
 */
function parenthesisedCardEndingAt(s: string, end: number, min: number): CardRef | null {
  const start = wordStart(s, end, min);
  const open = skipSpacesBack(s, start, min);
  if (open === min || s.charCodeAt(open - 1) !== 40) return null;
  return cardNumberAt(s, start, end);
}

/** Where a card number must end when only `\s*\)?` may follow it up to `end`. */
function numberEndBefore(s: string, end: number) {
  let e = end;
  if (e > 0 && s.charCodeAt(e - 1) === 41) e--;
  return skipSpacesBack(s, e);
}

type LineMatch = { quantity: number; card: CardRef };

/** `4xOP01-016`, `4 x ST01-007`, `4 OP01-120`, `2 Monkey.D.Luffy (OP01-024)` (quantity first). */
function quantityFirst(s: string): LineMatch | null {
  const digitsEnd = skipDigits(s, 0);
  if (digitsEnd === 0) return null;
  let p = skipSpaces(s, digitsEnd);
  if (p < s.length && isTimes(s.charCodeAt(p))) p = skipSpaces(s, p + 1);
  const end = numberEndBefore(s, s.length);
  if (end <= p) return null;
  const card = cardNumberAt(s, p, end) ?? parenthesisedCardEndingAt(s, end, p);
  return card && { quantity: Number(s.slice(0, digitsEnd)), card };
}

/** A line that ends in `x3`: the quantity, and where the text before ` x ` ends. */
function trailingQuantity(s: string): { quantity: number; before: number } | null {
  let digitsStart = s.length;
  while (digitsStart > 0 && isDigit(s.charCodeAt(digitsStart - 1))) digitsStart--;
  if (digitsStart === s.length) return null;
  const times = skipSpacesBack(s, digitsStart);
  if (times === 0 || !isTimes(s.charCodeAt(times - 1))) return null;
  return { quantity: Number(s.slice(digitsStart)), before: skipSpacesBack(s, times - 1) };
}

/** `OP01-024 x3` (number first, quantity last). */
function quantityLast(s: string): LineMatch | null {
  const tail = trailingQuantity(s);
  const card = tail && cardNumberAt(s, 0, tail.before);
  return card ? { quantity: tail.quantity, card } : null;
}

/** `Monkey.D.Luffy (OP01-024) x3` (named, quantity last). */
function namedQuantityLast(s: string): LineMatch | null {
  const tail = trailingQuantity(s);
  if (!tail || tail.before === 0 || s.charCodeAt(tail.before - 1) !== 41) return null;
  const card = parenthesisedCardEndingAt(s, skipSpacesBack(s, tail.before - 1), 0);
  return card ? { quantity: tail.quantity, card } : null;
}

/** `P-001` alone: one copy. */
function bare(s: string): LineMatch | null {
  const card = cardNumberAt(s, 0, s.length);
  return card && { quantity: 1, card };
}

// ——— Lines that are not cards ———

/** `DON!! x10`, `DON!!`, `DON 10`, `10 DON!!`, `10x DON!!`. */
function isDonLine(s: string) {
  let i: number;
  const digitsEnd = skipDigits(s, 0);
  if (digitsEnd > 0) {
    i = skipSpaces(s, digitsEnd);
    if (i < s.length && isTimes(s.charCodeAt(i))) i = skipSpaces(s, i + 1);
    if (!startsWithWord(s, i, 'don')) return false;
    i += 3;
    while (i < s.length && s.charCodeAt(i) === 33) i++;
    return i === s.length;
  }
  if (!startsWithWord(s, 0, 'don')) return false;
  i = 3;
  while (i < s.length && s.charCodeAt(i) === 33) i++;
  i = skipSpaces(s, i);
  if (i < s.length && isTimes(s.charCodeAt(i))) {
    const d = skipSpaces(s, i + 1);
    const e = skipDigits(s, d);
    return e > d && e === s.length;
  }
  return skipDigits(s, i) === s.length;
}

const HEADERS = ['leaders', 'leader', 'characters', 'character', 'events', 'event', 'stages', 'stage', 'main deck', 'side deck', 'deck'];

/** `Leader`, `Characters (12)`, `Events:`, `Main deck`. */
function isHeaderLine(s: string) {
  return HEADERS.some((word) => {
    if (!startsWithWord(s, 0, word)) return false;
    let i = skipSpaces(s, word.length);
    if (s.charCodeAt(i) === 40) {
      const d = skipDigits(s, i + 1);
      if (d === i + 1 || s.charCodeAt(d) !== 41) return false;
      i = skipSpaces(s, d + 1);
    }
    if (s.charCodeAt(i) === 58) i++;
    return i === s.length;
  });
}

function isIgnored(s: string) {
  if (s.startsWith('//') || s.startsWith('#')) return true;
  if (startsWithWord(s, 0, 'total') && !(s.length > 5 && isWordChar(s.charCodeAt(5)) && s.charCodeAt(5) !== 45)) return true;
  return isDonLine(s) || isHeaderLine(s);
}

function matchLine(s: string): LineMatch | null {
  return quantityFirst(s) ?? quantityLast(s) ?? namedQuantityLast(s) ?? bare(s);
}

/** One line of a list: an entry, an error, or null for a line that is not a card (blank, header, comment, DON!!). */
function parseDeckListLine(raw: string, line: number): { entry: DeckListEntry } | { error: DeckListLineError } | null {
  const trimmed = raw.trim();
  if (!trimmed || isIgnored(trimmed)) return null;
  const match = matchLine(trimmed);
  if (!match) return { error: { line, text: trimmed.slice(0, MAX_ERROR_TEXT), reason: 'NO_CARD_NUMBER' } };
  const { quantity, card } = match;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
    return { error: { line, text: trimmed.slice(0, MAX_ERROR_TEXT), reason: 'BAD_QUANTITY' } };
  }
  return { entry: { line, quantity, cardNumber: card.number, variant: card.variant } };
}

const LINES_PER_STEP = 500;

function* deckListSteps(text: string): Generator<void, ParsedDeckList> {
  const entries: DeckListEntry[] = [];
  const errors: DeckListLineError[] = [];
  // Lines end at \r\n, \r or \n; they are cut one by one, so a big file is never split all at once.
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let nextLf = text.indexOf('\n', start);
  let nextCr = text.indexOf('\r', start);
  for (let line = 1; ; line++) {
    if (line > 1 && line % LINES_PER_STEP === 1) yield;
    if (nextLf !== -1 && nextLf < start) nextLf = text.indexOf('\n', start);
    if (nextCr !== -1 && nextCr < start) nextCr = text.indexOf('\r', start);
    const end = nextCr !== -1 && (nextLf === -1 || nextCr < nextLf) ? nextCr : nextLf;
    const read = parseDeckListLine(text.slice(start, end === -1 ? text.length : end), line);
    if (read && 'entry' in read) entries.push(read.entry);
    else if (read) errors.push(read.error);
    if (end === -1) break;
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  return { entries, errors };
}

export function parseDeckList(text: string): ParsedDeckList {
  return runSteps(deckListSteps(text));
}

/** parseDeckList for big files: `pause` is awaited every LINES_PER_STEP lines so a server stays responsive. */
export async function parseDeckListCooperative(text: string, pause: () => Promise<void>): Promise<ParsedDeckList> {
  return runStepsCooperative(deckListSteps(text), pause);
}
