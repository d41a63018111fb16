import { cachedDeckRules, type DeckRule } from './card-rules';
import { regulationOn, today, type DeckFormat } from './formats';
import type { RegulationEntry } from './regulations';

/** What the rules need to know about a card. */
export interface DeckCard {
  cardNumber: string;
  name: string;
  cardType: string;
  colors: readonly string[];
  blockIcon: string | null;
  /**
   * The block that judges the card's number under rotation (the newest of its prints'; "X" or null: never rotated),
   * and the set of the print that gives it. Without them, the print's own block judges.
   */
  rotationBlock?: string | null;
  rotationSet?: string | null;
  /** For the deck-building clauses printed on cards (card-rules.ts): a Leader's limits and "any number of". */
  cost?: number | null;
  subtypes?: readonly string[];
  cardText?: string | null;
}

export interface DeckEntry {
  card: DeckCard;
  quantity: number;
}

export interface DeckToValidate {
  name?: string | null;
  leader: DeckCard | null;
  /** Main-deck entries; several prints of one card number may appear separately. */
  cards: readonly DeckEntry[];
  /**
   * A pasted list's lines whose numbers the library does not know (reported line by line by the caller): their copies
   * count in the main deck's size and `leader` says the Leader line was one of them, so an unknown card is reported
   * once and changes no other verdict.
   */
  unknown?: { main: number; leader: boolean };
}

export const DECK_PROBLEM_CODES = [
  'DECK_NAME_REQUIRED',
  'DECK_EMPTY',
  'LEADER_REQUIRED',
  'LEADER_NOT_A_LEADER',
  'TOO_MANY_LEADERS',
  'NOT_A_MAIN_DECK_CARD',
  'MAIN_DECK_SIZE',
  'INVALID_QUANTITY',
  'TOO_MANY_COPIES',
  'COLOR_MISMATCH',
  'BANNED',
  'RESTRICTED',
  'BANNED_PAIR',
  'ROTATED_OUT',
  'LEADER_COST_LIMIT',
  'LEADER_EVENT_COST_LIMIT',
  'LEADER_TYPE_ONLY',
] as const;
type DeckProblemCode = (typeof DECK_PROBLEM_CODES)[number];

/** i18n key of each problem's message (English texts in contracts/messages.ts). */
const DECK_PROBLEM_MESSAGES: Record<DeckProblemCode, string> = {
  DECK_NAME_REQUIRED: 'validation.deckNameRequired',
  DECK_EMPTY: 'validation.deckEmpty',
  LEADER_REQUIRED: 'validation.deckLeaderRequired',
  LEADER_NOT_A_LEADER: 'validation.deckLeaderNotLeader',
  TOO_MANY_LEADERS: 'validation.deckTooManyLeaders',
  NOT_A_MAIN_DECK_CARD: 'validation.deckNotMainDeckCard',
  MAIN_DECK_SIZE: 'validation.deckMainSize',
  INVALID_QUANTITY: 'validation.deckInvalidQuantity',
  TOO_MANY_COPIES: 'validation.deckTooManyCopies',
  COLOR_MISMATCH: 'validation.deckColorMismatch',
  BANNED: 'validation.deckBanned',
  RESTRICTED: 'validation.deckRestricted',
  BANNED_PAIR: 'validation.deckBannedPair',
  ROTATED_OUT: 'validation.deckRotatedOut',
  LEADER_COST_LIMIT: 'validation.deckLeaderCostLimit',
  LEADER_EVENT_COST_LIMIT: 'validation.deckLeaderEventCostLimit',
  LEADER_TYPE_ONLY: 'validation.deckLeaderTypeOnly',
};

/**
 * What a deck's cards say about it without making it illegal: a Leader's DON!! deck size (a list holds no DON!!
 * cards), and any deck-building clause found on a card that this checker does not model (checked by hand).
 */
export const DECK_WARNING_CODES = ['DON_DECK_SIZE', 'UNMODELLED_CARD_RULE', 'LEGAL_BY_REPRINT'] as const;
type DeckWarningCode = (typeof DECK_WARNING_CODES)[number];
const DECK_WARNING_MESSAGES: Record<DeckWarningCode, string> = {
  DON_DECK_SIZE: 'validation.deckDonDeckSize',
  UNMODELLED_CARD_RULE: 'validation.deckUnmodelledCardRule',
  LEGAL_BY_REPRINT: 'validation.deckLegalByReprint',
};

interface DeckWarning {
  code: DeckWarningCode;
  message: string;
  params?: Record<string, string | number>;
  cards: string[];
}

interface DeckProblem {
  code: DeckProblemCode;
  /** i18n key; `params` fill its placeholders. */
  message: string;
  params?: Record<string, string | number>;
  /** Card numbers concerned, in deck order. */
  cards: string[];
}

export interface DeckValidation {
  valid: boolean;
  mainCount: number;
  errors: DeckProblem[];
  warnings: DeckWarning[];
}

const MAIN_DECK_TYPES = new Set(['Character', 'Event', 'Stage']);

const problem = (code: DeckProblemCode, cards: string[] = [], params?: DeckProblem['params']): DeckProblem =>
  params ? { code, message: DECK_PROBLEM_MESSAGES[code], params, cards } : { code, message: DECK_PROBLEM_MESSAGES[code], cards };

/** A block icon as a number; null for none or a non-number such as "X" (never rotated). */
export const blockNumber = (block: string | null) => {
  if (!block) return null;
  const n = Number(block);
  return Number.isInteger(n) ? n : null;
};

/**
 * Judges the card's number, not its print (a list names a number): adds it to `rotated` (once) when the number's
 * block is below `minBlock`; when only this print's own block is, notes the print that keeps the number legal.
 */
function checkRotation(card: DeckCard, minBlock: number, rotated: string[], reprinted: DeckWarning[]) {
  const judge = card.rotationBlock !== undefined ? card.rotationBlock : card.blockIcon;
  const block = blockNumber(judge);
  if (block !== null && block < minBlock) {
    if (!rotated.includes(card.cardNumber)) rotated.push(card.cardNumber);
    return;
  }
  const own = blockNumber(card.blockIcon);
  if (own !== null && own < minBlock && !reprinted.some((w) => w.cards[0] === card.cardNumber)) {
    const params = { block: judge ?? '—', set: card.rotationSet ?? '—' };
    reprinted.push({ code: 'LEGAL_BY_REPRINT', message: DECK_WARNING_MESSAGES.LEGAL_BY_REPRINT, params, cards: [card.cardNumber] });
  }
}

/**
 * The regulation of a format on a day, worked out once per list of entries, format and day (validation runs per
 * request; a server's list is replaced, not changed, when an admin edits it).
 */
const regulations = new WeakMap<readonly RegulationEntry[], Map<DeckFormat, { day: string; regulation: ReturnType<typeof regulationOn> }>>();
function regulationFor(format: DeckFormat, day: string, entries: readonly RegulationEntry[]) {
  let byFormat = regulations.get(entries);
  if (!byFormat) regulations.set(entries, (byFormat = new Map()));
  const known = byFormat.get(format);
  if (known && known.day === day) return known.regulation;
  const regulation = regulationOn(format, day, entries);
  byFormat.set(format, { day, regulation });
  return regulation;
}

/**
 * The official construction rules in a format, on a day (default today): exactly one Leader; a main deck of
 * exactly the format's size of Character, Event and Stage cards; at most `maxCopies` per card number (prints
 * share their number); every main-deck card shares a color with the Leader; banned (0) and restricted (1)
 * numbers and banned pairs (`regulations`: a server's current entries; the format's shipped ones by default); the block
 * rotation. Every problem is returned at once.
 */
export function validateDeck(
  deck: DeckToValidate,
  format: DeckFormat,
  { day = today(), requireName = false, regulations = format.regulations }: { day?: string; requireName?: boolean; regulations?: readonly RegulationEntry[] } = {},
): DeckValidation {
  const errors: DeckProblem[] = [];
  const regulation = regulationFor(format, day, regulations);
  const leader = deck.leader;

  if (requireName && !deck.name?.trim()) errors.push(problem('DECK_NAME_REQUIRED'));
  if (!leader && deck.cards.length === 0 && !deck.unknown?.leader && !deck.unknown?.main) errors.push(problem('DECK_EMPTY'));
  if (!leader) {
    if (!deck.unknown?.leader) errors.push(problem('LEADER_REQUIRED'));
  } else if (leader.cardType !== 'Leader') errors.push(problem('LEADER_NOT_A_LEADER', [leader.cardNumber]));

  // Copies per card number, in first-seen order.
  const copies = new Map<string, number>();
  const extraLeaders: string[] = [];
  const notMain: string[] = [];
  const badQuantity: string[] = [];
  const offColor: string[] = [];
  let mainCount = 0;
  const leaderColors = leader && leader.cardType === 'Leader' ? leader.colors : null;
  // The Leader's own deck-building clauses, and "any number of this card" on the cards.
  const leaderRules = leader && leader.cardType === 'Leader' ? cachedDeckRules(leader.cardText) : [];
  const costFrom = ruleOf(leaderRules, 'noCostFrom')?.cost ?? null;
  const eventCostFrom = ruleOf(leaderRules, 'noEventCostFrom')?.cost ?? null;
  const onlyType = ruleOf(leaderRules, 'onlyType')?.type ?? null;
  const anyNumber = new Set<string>();
  const overCost: string[] = [];
  const overEventCost: string[] = [];
  const offType: string[] = [];
  const warnings: DeckWarning[] = [];
  const unmodelled = (number: string, rules: readonly DeckRule[]) => {
    for (const rule of rules) {
      if (rule.kind === 'unmodelled' && !warnings.some((w) => w.code === 'UNMODELLED_CARD_RULE' && w.cards[0] === number)) {
        warnings.push({ code: 'UNMODELLED_CARD_RULE', message: DECK_WARNING_MESSAGES.UNMODELLED_CARD_RULE, params: { text: rule.text }, cards: [number] });
      }
    }
  };
  if (leader) {
    const don = ruleOf(leaderRules, 'donDeck');
    if (don) warnings.push({ code: 'DON_DECK_SIZE', message: DECK_WARNING_MESSAGES.DON_DECK_SIZE, params: { size: don.size }, cards: [leader.cardNumber] });
    unmodelled(leader.cardNumber, leaderRules);
  }

  for (const { card, quantity } of deck.cards) {
    if (!Number.isInteger(quantity) || quantity < 1) {
      badQuantity.push(card.cardNumber);
      continue;
    }
    if (card.cardType === 'Leader') {
      if (!extraLeaders.includes(card.cardNumber)) extraLeaders.push(card.cardNumber);
      continue;
    }
    mainCount += quantity;
    copies.set(card.cardNumber, (copies.get(card.cardNumber) ?? 0) + quantity);
    if (!MAIN_DECK_TYPES.has(card.cardType)) {
      if (!notMain.includes(card.cardNumber)) notMain.push(card.cardNumber);
      continue;
    }
    if (leaderColors && !card.colors.some((c) => leaderColors.includes(c)) && !offColor.includes(card.cardNumber)) offColor.push(card.cardNumber);
    const rules = cachedDeckRules(card.cardText);
    if (rules.length) {
      if (ruleOf(rules, 'anyNumber')) anyNumber.add(card.cardNumber);
      unmodelled(card.cardNumber, rules);
    }
    const cost = card.cost ?? null;
    if (costFrom !== null && cost !== null && cost >= costFrom && !overCost.includes(card.cardNumber)) overCost.push(card.cardNumber);
    if (eventCostFrom !== null && card.cardType === 'Event' && cost !== null && cost >= eventCostFrom && !overEventCost.includes(card.cardNumber)) overEventCost.push(card.cardNumber);
    if (onlyType !== null && !(card.subtypes ?? []).includes(onlyType) && !offType.includes(card.cardNumber)) offType.push(card.cardNumber);
  }

  if (badQuantity.length) errors.push(problem('INVALID_QUANTITY', badQuantity));
  if (extraLeaders.length) errors.push(problem('TOO_MANY_LEADERS', extraLeaders));
  if (notMain.length) errors.push(problem('NOT_A_MAIN_DECK_CARD', notMain));
  mainCount += deck.unknown?.main ?? 0;
  if (mainCount < format.minMainDeck || mainCount > format.maxMainDeck) {
    errors.push(problem('MAIN_DECK_SIZE', [], { count: format.maxMainDeck, current: mainCount }));
  }

  const tooMany: string[] = [];
  const banned: string[] = [];
  const restricted: string[] = [];
  for (const [number, count] of copies) {
    if (regulation.banned.has(number)) banned.push(number);
    else if (regulation.restricted.has(number) && count > 1) restricted.push(number);
    else if (count > format.maxCopies && !anyNumber.has(number)) tooMany.push(number);
  }
  if (leader && regulation.banned.has(leader.cardNumber)) banned.unshift(leader.cardNumber);
  if (tooMany.length) errors.push(problem('TOO_MANY_COPIES', tooMany, { max: format.maxCopies }));
  if (offColor.length) errors.push(problem('COLOR_MISMATCH', offColor));
  if (banned.length) errors.push(problem('BANNED', banned));
  if (restricted.length) errors.push(problem('RESTRICTED', restricted));
  for (const [a, b] of regulation.pairs) {
    const has = (number: string) => copies.has(number) || leader?.cardNumber === number;
    if (has(a) && has(b)) errors.push(problem('BANNED_PAIR', [a, b], { first: a, second: b }));
  }
  if (overCost.length) errors.push(problem('LEADER_COST_LIMIT', overCost, { cost: costFrom! }));
  if (overEventCost.length) errors.push(problem('LEADER_EVENT_COST_LIMIT', overEventCost, { cost: eventCostFrom! }));
  if (offType.length) errors.push(problem('LEADER_TYPE_ONLY', offType, { type: onlyType! }));

  if (regulation.minBlock !== null) {
    const rotated: string[] = [];
    const reprinted: DeckWarning[] = [];
    const minBlock = regulation.minBlock;
    if (leader) checkRotation(leader, minBlock, rotated, reprinted);
    for (const { card } of deck.cards) checkRotation(card, minBlock, rotated, reprinted);
    if (rotated.length) errors.push(problem('ROTATED_OUT', rotated, { block: minBlock, date: regulation.rotationEffective ?? '' }));
    warnings.push(...reprinted);
  }

  return { valid: errors.length === 0, mainCount, errors, warnings };
}

function ruleOf<K extends DeckRule['kind']>(rules: readonly DeckRule[], kind: K): Extract<DeckRule, { kind: K }> | undefined {
  return rules.find((r): r is Extract<DeckRule, { kind: K }> => r.kind === kind);
}
