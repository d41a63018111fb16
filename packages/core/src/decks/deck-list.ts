/**
 * Deck list text as OPTCG Sim and community sites write it. One entry per line; tolerant of spaces, `x`/`X`,
 * CRLF, blank lines, section headers ("Leader", "Characters (12)", "Events:"), totals, `DON!!` lines and
 * `//` or `#` comments. Accepted entries: `4xOP01-016`, `4 x ST01-007`, `4 OP01-120`, `OP01-024 x3`,
 * `2 Monkey.D.Luffy (OP01-024)`, a bare `P-001` (one copy). A line that names no card number is reported,
 * never silently dropped.
 */
export interface DeckListEntry {
  /** Line number (1-based) in the text. */
  line: number;
  quantity: number;
  /** Upper-case card number, e.g. OP01-016 or P-001. */
  cardNumber: string;
  /** Print variant when the line named one (OP05-041_p1 → "p1"). */
  variant: string | null;
}

export interface DeckListLineError {
  line: number;
  text: string;
  reason: 'NO_CARD_NUMBER' | 'BAD_QUANTITY';
}

export interface ParsedDeckList {
  entries: DeckListEntry[];
  errors: DeckListLineError[];
}

const NUMBER = String.raw`((?:OP|ST|EB|PRB)\d{2}-\d{3}|P-\d{3})(?:_([a-z]\d+))?`;
const QTY_FIRST = new RegExp(String.raw`^(\d+)\s*[xX×]?\s*(?:.*?\(\s*)?${NUMBER}\s*\)?$`, 'i');
const QTY_LAST = new RegExp(String.raw`^${NUMBER}\s*[xX×]\s*(\d+)$`, 'i');
const BARE = new RegExp(String.raw`^${NUMBER}$`, 'i');
const NAMED_QTY_LAST = new RegExp(String.raw`^.*?\(\s*${NUMBER}\s*\)\s*[xX×]\s*(\d+)$`, 'i');

/** Lines that are not cards: headers, totals, DON!!, comments. */
const IGNORED = [
  /^(\/\/|#)/,
  /^don!*\s*(?:[xX×]\s*\d+|\d*)$/i,
  /^\d+\s*[xX×]?\s*don!*$/i,
  /^total\b/i,
  /^(leaders?|characters?|events?|stages?|main deck|deck|side deck)\s*(\(\d+\))?\s*:?$/i,
];

/** Which capture group holds the quantity (null: one copy), the number and the variant, per line shape. */
const SHAPES: { re: RegExp; qty: number | null; num: number; variant: number }[] = [
  { re: QTY_FIRST, qty: 1, num: 2, variant: 3 },
  { re: QTY_LAST, qty: 3, num: 1, variant: 2 },
  { re: NAMED_QTY_LAST, qty: 3, num: 1, variant: 2 },
  { re: BARE, qty: null, num: 1, variant: 2 },
];

function matchLine(text: string) {
  for (const shape of SHAPES) {
    const m = shape.re.exec(text);
    if (m) return { quantity: shape.qty === null ? 1 : Number(m[shape.qty]), number: m[shape.num]!, variant: m[shape.variant] };
  }
  return null;
}

export const MAX_DECK_LIST_LENGTH = 20_000;

export function parseDeckList(text: string): ParsedDeckList {
  const entries: DeckListEntry[] = [];
  const errors: DeckListLineError[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || IGNORED.some((r) => r.test(trimmed))) return;
    const match = matchLine(trimmed);
    if (!match) {
      errors.push({ line, text: trimmed, reason: 'NO_CARD_NUMBER' });
      return;
    }
    const { quantity, number, variant } = match;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
      errors.push({ line, text: trimmed, reason: 'BAD_QUANTITY' });
      return;
    }
    entries.push({ line, quantity, cardNumber: number.toUpperCase(), variant: variant ? variant.toLowerCase() : null });
  });
  return { entries, errors };
}
