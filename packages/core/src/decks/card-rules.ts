/**
 * Deck-construction clauses printed on cards ("Under the rules of this game, …"): what a card's own text changes in
 * how a deck is built. Read from the card text with linear scans (no regex over user input: the text is the
 * catalogue's), one clause per sentence. Every clause found is either modelled here or reported as not modelled —
 * never silently ignored. The catalogue's clauses, and how each is handled, are listed in docs/deck-rules.md.
 */

/** A deck-building effect of a card's text. */
export type DeckRule =
  /** "you may have any number of this card in your deck" (OP01-075 Pacifista, OP08-072, OP16-042). */
  | { kind: 'anyNumber' }
  /** A Leader's "you cannot include cards with a cost of N or more in your deck" (OP12-001). */
  | { kind: 'noCostFrom'; cost: number }
  /** A Leader's "you cannot include Events with a cost of N or more in your deck" (OP13-079). */
  | { kind: 'noEventCostFrom'; cost: number }
  /** A Leader's "you can only include {Type} type cards in your deck" (P-117). */
  | { kind: 'onlyType'; type: string }
  /** A Leader's "your DON!! deck consists of N cards" (OP15-058): a list has no DON!! cards, so it is told, not checked. */
  | { kind: 'donDeck'; size: number }
  /** A clause about building the deck that this checker does not model: reported as a warning with its text. */
  | { kind: 'unmodelled'; text: string };

const OPENING = 'under the rules of this game,';

/** Clauses that change play, not deck building: recognised so they are not reported as unmodelled deck rules. */
const PLAY_ONLY = ["also treat this card's name as", 'you do not lose when your deck has 0 cards'];

/** Words that mark a clause as being about the deck's construction. */
const DECK_WORDS = ['in your deck', 'your deck consists', 'don!! deck', 'cannot include', 'can only include', 'any number of'];

/** The integer after `prefix` in `text` (digits only), or null. */
function numberAfter(text: string, prefix: string): number | null {
  const at = text.indexOf(prefix);
  if (at === -1) return null;
  let i = at + prefix.length;
  let digits = '';
  while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57 && digits.length < 3) digits += text[i++];
  return digits ? Number(digits) : null;
}

/** Where the clause's sentence ends: the first period or line break (`<br>` in the catalogue's text). */
function sentenceEnd(text: string, start: number): number {
  let end = text.length;
  for (const stop of ['.', '<br', '\n']) {
    const at = text.indexOf(stop, start);
    if (at !== -1 && at < end) end = at;
  }
  return end;
}

/** One clause's sentence (lower case, after the opening) → the rules it states. */
function rulesOfClause(sentence: string, original: string): DeckRule[] {
  if (PLAY_ONLY.some((p) => sentence.startsWith(p))) return [];
  const rules: DeckRule[] = [];
  if (sentence.includes('any number of this card in your deck')) rules.push({ kind: 'anyNumber' });
  const eventCost = numberAfter(sentence, 'cannot include events with a cost of ');
  if (eventCost !== null && sentence.includes(`${eventCost} or more`)) rules.push({ kind: 'noEventCostFrom', cost: eventCost });
  const cost = numberAfter(sentence, 'cannot include cards with a cost of ');
  if (cost !== null && sentence.includes(`${cost} or more`)) rules.push({ kind: 'noCostFrom', cost });
  const typeAt = sentence.indexOf('can only include {');
  if (typeAt !== -1) {
    const close = original.indexOf('}', typeAt);
    const open = original.indexOf('{', typeAt);
    if (open !== -1 && close > open && sentence.includes('} type cards in your deck', typeAt)) rules.push({ kind: 'onlyType', type: original.slice(open + 1, close) });
  }
  const don = numberAfter(sentence, 'your don!! deck consists of ');
  if (don !== null) rules.push({ kind: 'donDeck', size: don });
  if (!rules.length && DECK_WORDS.some((w) => sentence.includes(w))) rules.push({ kind: 'unmodelled', text: original });
  return rules;
}

/** The deck-construction rules in a card's text; [] for none (most cards). */
export function deckRulesOf(cardText: string | null | undefined): DeckRule[] {
  if (!cardText) return [];
  const lower = cardText.toLowerCase();
  const rules: DeckRule[] = [];
  // The original text is sliced at the lower-case text's positions when both have the same length (always, for the
  // catalogue's English); otherwise the lower-case text stands in (a {Type} would then read in lower case).
  const original = lower.length === cardText.length ? cardText : lower;
  for (let at = lower.indexOf(OPENING); at !== -1; at = lower.indexOf(OPENING, at + OPENING.length)) {
    const start = at + OPENING.length;
    const end = sentenceEnd(lower, start);
    rules.push(...rulesOfClause(lower.slice(start, end).trim(), original.slice(start, end).trim()));
  }
  return rules;
}

const cache = new Map<string, DeckRule[]>();

/** deckRulesOf, kept per text (the catalogue has a few thousand texts; validation runs per request). */
export function cachedDeckRules(cardText: string | null | undefined): DeckRule[] {
  if (!cardText || !cardText.includes('nder the rules of this game')) return [];
  let rules = cache.get(cardText);
  if (!rules) {
    if (cache.size > 10_000) cache.clear();
    rules = deckRulesOf(cardText);
    cache.set(cardText, rules);
  }
  return rules;
}
