/**
 * Card numbers in text read from a photo of a card (OCR of its bottom-right corner: `OP05-119`, `ST10-004`,
 * `EB01-012`, `PRB01-001`, `P-033`). OCR confuses look-alike characters — `0` and `O`, `5` and `S`, `8` and `B`,
 * `1` and `I` — and reads the dash as another stroke or not at all, so each slot of the grammar accepts its
 * look-alikes and the answer says how many were corrected. One pass over the text, a fixed amount of work per
 * character: linear whatever the input (packages/core/src/security/parsers.security.test.ts).
 */

/** The longest text read (a card's corner is a line or two); the rest is ignored. */
export const MAX_SCAN_TEXT = 2_000;
/** The most readings answered, fewest corrections first. */
export const MAX_READINGS = 10;

/** A card number found in the text. */
export interface CardNumberReading {
  /** Canonical form: `OP05-119`, `P-033`. */
  cardNumber: string;
  /** How many characters were read as a look-alike (0: read exactly). */
  corrections: number;
}

/** What OCR reads for each letter of the prefixes, besides the letter itself. */
const LETTER_LOOKALIKES: Record<string, string> = {
  O: '0QD',
  P: '',
  S: '5$',
  T: '7',
  E: 'F',
  B: '8',
  R: '',
};

/** What OCR reads for each digit, besides the digit itself. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  '0': 'OQDU',
  '1': 'IL|!]',
  '2': 'Z',
  '4': 'A',
  '5': 'S$',
  '6': 'G',
  '7': 'T',
  '8': 'B',
};

/** A character that may stand between the set and the number: dashes of every kind, and OCR's other strokes. */
const SEPARATORS = new Set(['-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212', '_', '~', '.', ' ', '=']);

const digitOf = new Map<string, { digit: string; corrected: boolean }>();
for (let d = 0; d <= 9; d++) digitOf.set(String(d), { digit: String(d), corrected: false });
for (const [digit, lookalikes] of Object.entries(DIGIT_LOOKALIKES)) for (const c of lookalikes) digitOf.set(c, { digit, corrected: true });

/** The grammar: a prefix, then (except for promos) two digits of the set, a separator, three digits. */
const PATTERNS: { prefix: string; setDigits: number; separatorRequired: boolean }[] = [
  { prefix: 'PRB', setDigits: 2, separatorRequired: false },
  { prefix: 'OP', setDigits: 2, separatorRequired: false },
  { prefix: 'ST', setDigits: 2, separatorRequired: false },
  { prefix: 'EB', setDigits: 2, separatorRequired: false },
  // A promo's `P-033`: the separator, and no letter or digit before it, tell it from the end of another number
  // (`OP01-033` holds `P01-033`; `OP-001`, a number missing its set, holds `P-001`).
  { prefix: 'P', setDigits: 0, separatorRequired: true },
];

/** The reading of `pattern` at `start` of `text` (upper case), or null. */
function readAt(text: string, start: number, pattern: (typeof PATTERNS)[number]): CardNumberReading | null {
  let i = start;
  let corrections = 0;
  for (const letter of pattern.prefix) {
    const c = text[i++];
    if (c === letter) continue;
    if (c === undefined || !LETTER_LOOKALIKES[letter]!.includes(c)) return null;
    corrections++;
  }
  const digits: string[] = [];
  const readDigits = (count: number) => {
    for (let k = 0; k < count; k++) {
      const found = digitOf.get(text[i] ?? '');
      if (!found) return false;
      if (found.corrected) corrections++;
      digits.push(found.digit);
      i++;
    }
    return true;
  };
  if (!readDigits(pattern.setDigits)) return null;
  let separated = false;
  if (SEPARATORS.has(text[i] ?? '')) {
    separated = true;
    i++;
  }
  if (pattern.separatorRequired && !separated) return null;
  const setPart = digits.join('');
  digits.length = 0;
  if (!readDigits(3)) return null;
  // A digit right after the number is most often OCR gluing the glare or the rarity to it ("OP08-0518" for
  // "OP08-051 SR"): still a reading, counted as one more correction so an exact one ranks first.
  if (/[0-9]/.test(text[i] ?? '')) corrections++;
  return { cardNumber: `${pattern.prefix}${setPart}-${digits.join('')}`, corrections };
}

/**
 * Every card number in `text`, each once with its fewest corrections, those read exactly first (then in the order of
 * the text). Whether a number exists is the catalogue's to say (the scanner looks each up).
 */
export function readCardNumbers(text: string): CardNumberReading[] {
  const upper = text.slice(0, MAX_SCAN_TEXT).toUpperCase();
  const best = new Map<string, { reading: CardNumberReading; at: number }>();
  for (let start = 0; start < upper.length; start++) {
    for (const pattern of PATTERNS) {
      if (pattern.separatorRequired && start > 0 && /[0-9A-Z]/.test(upper[start - 1]!)) continue;
      const reading = readAt(upper, start, pattern);
      if (!reading) continue;
      const known = best.get(reading.cardNumber);
      if (!known || reading.corrections < known.reading.corrections) best.set(reading.cardNumber, { reading, at: known?.at ?? start });
      break;
    }
  }
  return [...best.values()]
    .sort((a, b) => a.reading.corrections - b.reading.corrections || a.at - b.at)
    .slice(0, MAX_READINGS)
    .map((b) => b.reading);
}
