import { describe, expect, it } from 'vitest';
import { messageText } from '../contracts/messages';
import { DECK_FORMATS, deckFormat, regulationOn, type DeckFormat } from './formats';
import { validateDeck, type DeckCard, type DeckEntry } from './validate';

const standard = DECK_FORMATS.onepiece.standard!;
const extra = DECK_FORMATS.onepiece.extra!;
const DAY = '2026-11-22';

const card = (cardNumber: string, over: Partial<DeckCard> = {}): DeckCard => ({
  cardNumber,
  name: cardNumber,
  cardType: 'Character',
  colors: ['Red'],
  blockIcon: '3',
  ...over,
});
const leader = (over: Partial<DeckCard> = {}) => card('OP09-001', { cardType: 'Leader', ...over });
/** 12 × 4 + 1 × 2 = 50 red Characters of block 3. */
const legalMain = (): DeckEntry[] => [
  ...Array.from({ length: 12 }, (_, i) => ({ card: card(`OP09-${String(i + 10).padStart(3, '0')}`), quantity: 4 })),
  { card: card('OP09-030', { cardType: 'Event' }), quantity: 2 },
];
const codes = (r: ReturnType<typeof validateDeck>) => r.errors.map((e) => e.code);

describe('One Piece deck rules', () => {
  it('accepts exactly one Leader and 50 cards of its colors', () => {
    const result = validateDeck({ name: 'Red aggro', leader: leader(), cards: legalMain() }, standard, { day: DAY });
    expect(result).toEqual({ valid: true, mainCount: 50, errors: [] });
  });

  it('reports an empty deck, a missing leader and the size at once', () => {
    const result = validateDeck({ leader: null, cards: [] }, standard, { day: DAY, requireName: true });
    expect(codes(result)).toEqual(['DECK_NAME_REQUIRED', 'DECK_EMPTY', 'LEADER_REQUIRED', 'MAIN_DECK_SIZE']);
    expect(result.errors.map((e) => messageText(e.message, e.params))).toEqual([
      'Deck name is required',
      'Deck needs at least one card',
      'Please select a leader',
      'The deck must have exactly 50 cards plus 1 Leader (it has 0)',
    ]);
  });

  it('names the required count and the current one when the size is wrong, in both directions', () => {
    const short = legalMain().slice(0, 12);
    expect(validateDeck({ leader: leader(), cards: short }, standard, { day: DAY }).errors).toEqual([
      { code: 'MAIN_DECK_SIZE', message: 'validation.deckMainSize', params: { count: 50, current: 48 }, cards: [] },
    ]);
    const long = [...legalMain(), { card: card('OP09-040'), quantity: 1 }];
    expect(validateDeck({ leader: leader(), cards: long }, standard, { day: DAY }).errors[0]!.params).toEqual({ count: 50, current: 51 });
  });

  it('refuses a second Leader in the list', () => {
    const cards = [...legalMain(), { card: card('OP01-001', { cardType: 'Leader' }), quantity: 1 }];
    const result = validateDeck({ leader: leader(), cards }, standard, { day: DAY });
    expect(result.errors).toEqual([{ code: 'TOO_MANY_LEADERS', message: 'validation.deckTooManyLeaders', cards: ['OP01-001'] }]);
    expect(result.mainCount).toBe(50);
    expect(messageText(result.errors[0]!.message)).toBe('A Standard deck cannot have more than one Leader');
  });

  it('wants a Leader card as leader', () => {
    expect(codes(validateDeck({ leader: card('OP09-010'), cards: legalMain() }, standard, { day: DAY }))).toEqual(['LEADER_NOT_A_LEADER']);
  });

  it('counts parallels and alternate arts of one number together (at most 4)', () => {
    const cards = legalMain();
    cards.splice(0, 1, { card: card('OP09-010'), quantity: 3 }, { card: card('OP09-010', { name: 'parallel' }), quantity: 2 });
    const result = validateDeck({ leader: leader(), cards }, standard, { day: DAY });
    expect(result.errors).toEqual([
      { code: 'MAIN_DECK_SIZE', message: 'validation.deckMainSize', params: { count: 50, current: 51 }, cards: [] },
      { code: 'TOO_MANY_COPIES', message: 'validation.deckTooManyCopies', params: { max: 4 }, cards: ['OP09-010'] },
    ]);
  });

  it('needs every main-deck card to share a color with the Leader; a two-color Leader allows either', () => {
    const cards = legalMain();
    cards[0] = { card: card('OP09-010', { colors: ['Green'] }), quantity: 4 };
    cards[1] = { card: card('OP09-011', { colors: ['Green', 'Red'] }), quantity: 4 };
    expect(validateDeck({ leader: leader(), cards }, standard, { day: DAY }).errors).toEqual([
      { code: 'COLOR_MISMATCH', message: 'validation.deckColorMismatch', cards: ['OP09-010'] },
    ]);
    expect(validateDeck({ leader: leader({ colors: ['Red', 'Green'] }), cards }, standard, { day: DAY }).valid).toBe(true);
  });

  it('only allows Character, Event and Stage cards in the main deck', () => {
    const cards = legalMain();
    cards[12] = { card: card('DON-001', { cardType: 'DON!!' }), quantity: 2 };
    expect(codes(validateDeck({ leader: leader(), cards }, standard, { day: DAY }))).toEqual(['NOT_A_MAIN_DECK_CARD']);
  });

  it('refuses zero, negative and fractional quantities', () => {
    const cards = [...legalMain(), { card: card('OP09-041'), quantity: 0 }, { card: card('OP09-042'), quantity: 1.5 }];
    expect(validateDeck({ leader: leader(), cards }, standard, { day: DAY }).errors[0]).toMatchObject({ code: 'INVALID_QUANTITY', cards: ['OP09-041', 'OP09-042'] });
  });

  it('applies the banned list of the day (leader included), and restricted cards to 1 copy', () => {
    const cards = legalMain();
    cards[0] = { card: card('OP06-086'), quantity: 4 };
    const result = validateDeck({ leader: leader({ cardNumber: 'OP05-041' }), cards }, standard, { day: DAY });
    expect(result.errors).toEqual([{ code: 'BANNED', message: 'validation.deckBanned', cards: ['OP05-041', 'OP06-086'] }]);
    // Before its list took effect, Gecko Moria was legal.
    expect(codes(validateDeck({ leader: leader(), cards }, extra, { day: '2025-03-31' }))).toEqual([]);

    const withRestricted: DeckFormat = { ...extra, lists: [{ effective: '2020-01-01', banned: [], restricted: ['OP09-010'], source: 'test' }] };
    expect(validateDeck({ leader: leader(), cards: legalMain() }, withRestricted, { day: DAY }).errors).toEqual([
      { code: 'RESTRICTED', message: 'validation.deckRestricted', cards: ['OP09-010'] },
    ]);
  });

  it('rotates block 1 out of Standard from April 2026, but not out of Extra', () => {
    const cards = legalMain();
    cards[0] = { card: card('OP01-016', { blockIcon: '1' }), quantity: 4 };
    const oldLeader = leader({ cardNumber: 'OP01-001', blockIcon: '1' });
    const result = validateDeck({ leader: oldLeader, cards }, standard, { day: DAY });
    expect(result.errors).toEqual([
      { code: 'ROTATED_OUT', message: 'validation.deckRotatedOut', params: { block: 2, date: '2026-04-01' }, cards: ['OP01-001', 'OP01-016'] },
    ]);
    expect(messageText(result.errors[0]!.message, result.errors[0]!.params)).toBe('Not legal in Standard since 2026-04-01: only block 2 and later');
    expect(validateDeck({ leader: oldLeader, cards }, standard, { day: '2026-03-31' }).valid).toBe(true);
    expect(validateDeck({ leader: oldLeader, cards }, extra, { day: DAY }).valid).toBe(true);
    // Cards without a numeric block icon are not rotated.
    cards[0] = { card: card('P-001', { blockIcon: 'X' }), quantity: 4 };
    expect(validateDeck({ leader: leader(), cards }, standard, { day: DAY }).valid).toBe(true);
  });
});

describe('formats as data', () => {
  it('knows standard and extra for One Piece, and nothing else', () => {
    expect(deckFormat('onepiece', 'standard')?.maxMainDeck).toBe(50);
    expect(deckFormat('onepiece', 'extra')?.rotations).toEqual([]);
    expect(deckFormat('onepiece', 'commander')).toBeNull();
    expect(deckFormat('magic', 'standard')).toBeNull();
    expect(deckFormat('chess', 'standard')).toBeNull();
  });

  it('picks the newest list and rotation in force on a day', () => {
    expect([...regulationOn(standard, '2024-01-01').banned]).toEqual([]);
    expect([...regulationOn(standard, '2024-06-21').banned]).toEqual(['OP05-041']);
    expect([...regulationOn(standard, DAY).banned]).toEqual(['OP05-041', 'OP06-086', 'OP07-045']);
    expect(regulationOn(standard, '2026-03-31').minBlock).toBeNull();
    expect(regulationOn(standard, '2026-04-01').minBlock).toBe(2);
  });
});
