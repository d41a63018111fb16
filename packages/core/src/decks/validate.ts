import { regulationOn, today, type DeckFormat } from './formats';

/** What the rules need to know about a card. */
export interface DeckCard {
  cardNumber: string;
  name: string;
  cardType: string;
  colors: readonly string[];
  blockIcon: string | null;
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
  'ROTATED_OUT',
] as const;
export type DeckProblemCode = (typeof DECK_PROBLEM_CODES)[number];

/** i18n key of each problem's message (English texts in contracts/messages.ts). */
export const DECK_PROBLEM_MESSAGES: Record<DeckProblemCode, string> = {
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
  ROTATED_OUT: 'validation.deckRotatedOut',
};

export interface DeckProblem {
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
}

const MAIN_DECK_TYPES = new Set(['Character', 'Event', 'Stage']);

const problem = (code: DeckProblemCode, cards: string[] = [], params?: DeckProblem['params']): DeckProblem =>
  params ? { code, message: DECK_PROBLEM_MESSAGES[code], params, cards } : { code, message: DECK_PROBLEM_MESSAGES[code], cards };

const blockNumber = (block: string | null) => {
  if (!block) return null;
  const n = Number(block);
  return Number.isInteger(n) ? n : null;
};

/** Adds the card's number to `rotated` (once) when its block is below `minBlock`. */
function checkRotation(card: DeckCard, minBlock: number, rotated: string[]) {
  const block = blockNumber(card.blockIcon);
  if (block !== null && block < minBlock && !rotated.includes(card.cardNumber)) rotated.push(card.cardNumber);
}

/** The regulation of a format on a day, worked out once per format and day (validation runs per request). */
const regulations = new WeakMap<DeckFormat, { day: string; regulation: ReturnType<typeof regulationOn> }>();
function regulationFor(format: DeckFormat, day: string) {
  const known = regulations.get(format);
  if (known && known.day === day) return known.regulation;
  const regulation = regulationOn(format, day);
  regulations.set(format, { day, regulation });
  return regulation;
}

/**
 * The official construction rules in a format, on a day (default today): exactly one Leader; a main deck of
 * exactly the format's size of Character, Event and Stage cards; at most `maxCopies` per card number (prints
 * share their number); every main-deck card shares a color with the Leader; banned (0) and restricted (1)
 * numbers; the block rotation. Every problem is returned at once.
 */
export function validateDeck(
  deck: DeckToValidate,
  format: DeckFormat,
  { day = today(), requireName = false }: { day?: string; requireName?: boolean } = {},
): DeckValidation {
  const errors: DeckProblem[] = [];
  const regulation = regulationFor(format, day);
  const leader = deck.leader;

  if (requireName && !deck.name?.trim()) errors.push(problem('DECK_NAME_REQUIRED'));
  if (!leader && deck.cards.length === 0) errors.push(problem('DECK_EMPTY'));
  if (!leader) errors.push(problem('LEADER_REQUIRED'));
  else if (leader.cardType !== 'Leader') errors.push(problem('LEADER_NOT_A_LEADER', [leader.cardNumber]));

  // Copies per card number, in first-seen order.
  const copies = new Map<string, number>();
  const extraLeaders: string[] = [];
  const notMain: string[] = [];
  const badQuantity: string[] = [];
  const offColor: string[] = [];
  let mainCount = 0;
  const leaderColors = leader && leader.cardType === 'Leader' ? leader.colors : null;

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
  }

  if (badQuantity.length) errors.push(problem('INVALID_QUANTITY', badQuantity));
  if (extraLeaders.length) errors.push(problem('TOO_MANY_LEADERS', extraLeaders));
  if (notMain.length) errors.push(problem('NOT_A_MAIN_DECK_CARD', notMain));
  if (mainCount < format.minMainDeck || mainCount > format.maxMainDeck) {
    errors.push(problem('MAIN_DECK_SIZE', [], { count: format.maxMainDeck, current: mainCount }));
  }

  const tooMany: string[] = [];
  const banned: string[] = [];
  const restricted: string[] = [];
  for (const [number, count] of copies) {
    if (regulation.banned.has(number)) banned.push(number);
    else if (regulation.restricted.has(number) && count > 1) restricted.push(number);
    else if (count > format.maxCopies) tooMany.push(number);
  }
  if (leader && regulation.banned.has(leader.cardNumber)) banned.unshift(leader.cardNumber);
  if (tooMany.length) errors.push(problem('TOO_MANY_COPIES', tooMany, { max: format.maxCopies }));
  if (offColor.length) errors.push(problem('COLOR_MISMATCH', offColor));
  if (banned.length) errors.push(problem('BANNED', banned));
  if (restricted.length) errors.push(problem('RESTRICTED', restricted));

  if (regulation.minBlock !== null) {
    const rotated: string[] = [];
    const minBlock = regulation.minBlock;
    if (leader) checkRotation(leader, minBlock, rotated);
    for (const { card } of deck.cards) checkRotation(card, minBlock, rotated);
    if (rotated.length) errors.push(problem('ROTATED_OUT', rotated, { block: minBlock, date: regulation.rotationEffective ?? '' }));
  }

  return { valid: errors.length === 0, mainCount, errors };
}
