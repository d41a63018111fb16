import { describe, expect, it } from 'vitest';
import { messageText } from '../contracts/messages';
import { DECK_FORMATS, deckFormat, regulationOn, type DeckFormat } from './formats';
import type { RegulationEntry } from './regulations';
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
    expect(result).toEqual({ valid: true, mainCount: 50, errors: [], warnings: [] });
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
    // The English message groups a count's thousands, as the interface does ("it has 1,200").
    expect(messageText('validation.deckMainSize', { count: 50, current: 1200 })).toBe('The deck must have exactly 50 cards plus 1 Leader (it has 1,200)');
  });

  it('counts the copies of unknown cards in the size and takes an unknown Leader line as a Leader (reported once, by the caller)', () => {
    // 46 known cards + 4 copies of a number the library lacks: the list has 50, no size problem.
    const known = legalMain().slice(1);
    expect(validateDeck({ leader: leader(), cards: known, unknown: { main: 4, leader: false } }, standard, { day: DAY })).toEqual({ valid: true, mainCount: 50, errors: [], warnings: [] });
    // The Leader line unknown: no "Please select a leader"; still judged on its size.
    expect(codes(validateDeck({ leader: null, cards: legalMain(), unknown: { main: 0, leader: true } }, standard, { day: DAY }))).toEqual([]);
    expect(codes(validateDeck({ leader: null, cards: [], unknown: { main: 0, leader: true } }, standard, { day: DAY }))).toEqual(['MAIN_DECK_SIZE']);
    // Without them, the same decks are judged as before.
    expect(codes(validateDeck({ leader: leader(), cards: known }, standard, { day: DAY }))).toEqual(['MAIN_DECK_SIZE']);
    expect(codes(validateDeck({ leader: null, cards: legalMain() }, standard, { day: DAY }))).toEqual(['LEADER_REQUIRED']);
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
    const result = validateDeck({ leader: leader({ cardNumber: 'OP05-041' }), cards }, extra, { day: '2025-04-01' });
    expect(result.errors).toEqual([{ code: 'BANNED', message: 'validation.deckBanned', cards: ['OP05-041', 'OP06-086'] }]);
    // Sakazuki was lifted on 2025-08-30; Gecko Moria is still banned.
    expect(validateDeck({ leader: leader({ cardNumber: 'OP05-041' }), cards }, extra, { day: DAY }).errors[0]?.cards).toEqual(['OP06-086']);
    // Before its list took effect, Gecko Moria was legal.
    expect(codes(validateDeck({ leader: leader(), cards }, extra, { day: '2025-03-31' }))).toEqual([]);

    const withRestricted: DeckFormat = { ...extra, regulations: [{ kind: 'restricted', cardNumber: 'OP09-010', pairedWith: null, from: '2020-01-01', until: null, source: 'test' }] };
    expect(validateDeck({ leader: leader(), cards: legalMain() }, withRestricted, { day: DAY }).errors).toEqual([
      { code: 'RESTRICTED', message: 'validation.deckRestricted', cards: ['OP09-010'] },
    ]);
  });

  it('judges rotation by card number: a reprint with a newer block keeps the number legal, and the note names it', () => {
    // OP01-016 (block 1) was reprinted in ST-31 with the X icon, OP04-016 with block 4 (the library holds both).
    const cards = legalMain();
    cards[0] = { card: card('OP01-016', { blockIcon: '1', rotationBlock: 'X', rotationSet: 'ST-31' }), quantity: 4 };
    cards[1] = { card: card('OP04-016', { blockIcon: '1', rotationBlock: '4', rotationSet: 'ST-31' }), quantity: 4 };
    const result = validateDeck({ leader: leader(), cards }, standard, { day: DAY });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      { code: 'LEGAL_BY_REPRINT', message: 'validation.deckLegalByReprint', params: { block: 'X', set: 'ST-31' }, cards: ['OP01-016'] },
      { code: 'LEGAL_BY_REPRINT', message: 'validation.deckLegalByReprint', params: { block: '4', set: 'ST-31' }, cards: ['OP04-016'] },
    ]);
    expect(messageText(result.warnings[0]!.message, result.warnings[0]!.params)).toBe('Legal in Standard through its reprint in ST-31 (block X): play that print');
    // Every print of the number old: rotated, whatever print the list names.
    cards[2] = { card: card('OP01-017', { blockIcon: '1', rotationBlock: '1', rotationSet: 'OP-01' }), quantity: 4 };
    expect(validateDeck({ leader: leader(), cards }, standard, { day: DAY }).errors.map((e) => [e.code, e.cards])).toEqual([['ROTATED_OUT', ['OP01-017']]]);
    // Before the rotation and in Extra, no note.
    expect(validateDeck({ leader: leader(), cards }, extra, { day: DAY }).warnings).toEqual([]);
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
    const on = (day: string) => {
      const r = regulationOn(standard, day);
      return { banned: [...r.banned].sort(), restricted: [...r.restricted], pairs: r.pairs.map(([a, b]) => `${a}+${b}`) };
    };
    expect(on('2023-06-29')).toEqual({ banned: [], restricted: [], pairs: [] });
    expect(on('2023-11-10')).toEqual({ banned: ['OP01-016', 'OP02-001', 'OP02-005', 'OP02-024', 'OP02-052'], restricted: ['OP03-013'], pairs: [] });
    expect(on('2023-12-08').banned).toEqual(['OP02-024', 'OP02-052']);
    expect(on('2024-06-21').banned).toEqual(['OP02-024', 'OP02-052', 'OP05-041', 'OP06-116', 'ST06-015']);
    expect(on('2025-04-01').banned).toEqual(['EB01-059', 'OP02-024', 'OP02-052', 'OP02-117', 'OP03-098', 'OP05-041', 'OP06-086', 'OP06-116', 'OP07-045', 'ST06-015', 'ST10-001']);
    expect(on('2025-08-30').pairs).toEqual(['OP11-040+OP11-067', 'OP11-040+OP08-069']);
    // The list in force after the October 2026 update: 6 banned cards, 3 banned pairs, nothing restricted.
    expect(on(DAY)).toEqual({
      banned: ['OP03-040', 'OP06-047', 'OP06-086', 'OP06-116', 'OP14-020', 'ST10-001'],
      restricted: [],
      pairs: ['OP11-040+OP11-067', 'OP11-040+OP08-069', 'OP07-115+EB04-058'],
    });
    expect(regulationOn(standard, '2026-03-31').minBlock).toBeNull();
    expect(regulationOn(standard, '2026-04-01').minBlock).toBe(2);
  });

  describe('dated entries: bans, restrictions and banned pairs', () => {
    const entry = (over: Partial<RegulationEntry>): RegulationEntry => ({ kind: 'banned', cardNumber: 'OP09-010', pairedWith: null, from: '2026-01-01', until: null, source: 'https://example.test/list', ...over });
    const judge = (regulations: RegulationEntry[], day: string, cards = legalMain(), lead = leader()) => validateDeck({ leader: lead, cards }, standard, { day, regulations });

    it('judges a deck on the entries in force on its day: from the first day, until the day a ban is lifted', () => {
      const lifted = [entry({ until: '2026-06-01' })];
      expect(judge(lifted, '2025-12-31').valid).toBe(true);
      expect(judge(lifted, '2026-01-01').errors).toEqual([{ code: 'BANNED', message: 'validation.deckBanned', cards: ['OP09-010'] }]);
      expect(codes(judge(lifted, '2026-05-31'))).toEqual(['BANNED']);
      expect(judge(lifted, '2026-06-01').valid).toBe(true);
    });

    it('restricts to one copy, and bans a Leader', () => {
      expect(codes(judge([entry({ kind: 'restricted' })], DAY))).toEqual(['RESTRICTED']);
      const one = legalMain().map((r, i) => (i === 0 ? { ...r, quantity: 1 } : i === 1 ? { ...r, quantity: 7 } : r));
      expect(codes(judge([entry({ kind: 'restricted' })], DAY, one))).toEqual(['TOO_MANY_COPIES']);
      expect(judge([entry({ cardNumber: 'OP09-001' })], DAY).errors[0]?.cards).toEqual(['OP09-001']);
    });

    it('refuses both cards of a banned pair in one deck, Leader included, but either one alone', () => {
      const pair = [entry({ kind: 'pair', cardNumber: 'OP09-010', pairedWith: 'OP09-011' })];
      const both = judge(pair, DAY);
      expect(both.errors).toEqual([{ code: 'BANNED_PAIR', message: 'validation.deckBannedPair', params: { first: 'OP09-010', second: 'OP09-011' }, cards: ['OP09-010', 'OP09-011'] }]);
      expect(messageText(both.errors[0]!.message, both.errors[0]!.params)).toBe('OP09-010 and OP09-011 may not be in the same deck');
      const without = legalMain().map((r, i) => (i === 1 ? { ...r, card: card('OP09-099') } : r));
      expect(judge(pair, DAY, without).valid).toBe(true);
      expect(codes(judge([entry({ kind: 'pair', cardNumber: 'OP09-001', pairedWith: 'OP09-012' })], DAY))).toEqual(['BANNED_PAIR']);
      expect(judge(pair, '2025-12-31').valid).toBe(true);
    });

    it('uses the shipped entries when none are given', () => {
      const sakazuki = leader({ cardNumber: 'OP05-041' });
      expect(codes(validateDeck({ leader: sakazuki, cards: legalMain() }, extra, { day: '2024-06-21' }))).toEqual(['BANNED']);
      expect(validateDeck({ leader: sakazuki, cards: legalMain() }, extra, { day: '2024-06-20' }).valid).toBe(true);
      expect(validateDeck({ leader: sakazuki, cards: legalMain() }, extra, { day: '2024-06-21', regulations: [] }).valid).toBe(true);
    });
  });

  describe('deck-building clauses printed on cards (texts of the real cards, card-rules.test.ts)', () => {
    const anyNumber = 'Under the rules of this game, you may have any number of this card in your deck.';
    it('lets a card that allows any number of copies be played 10 times (OP16-042)', () => {
      const cards = [
        ...Array.from({ length: 10 }, (_, i) => ({ card: card(`OP16-${String(i + 50).padStart(3, '0')}`), quantity: 4 })),
        { card: card('OP16-042', { cardText: anyNumber }), quantity: 10 },
      ];
      expect(validateDeck({ leader: leader(), cards }, standard, { day: DAY })).toEqual({ valid: true, mainCount: 50, errors: [], warnings: [] });
      const plain = cards.map((r) => (r.card.cardNumber === 'OP16-042' ? { ...r, card: card('OP16-042') } : r));
      expect(codes(validateDeck({ leader: leader(), cards: plain }, standard, { day: DAY }))).toEqual(['TOO_MANY_COPIES']);
    });

    it('applies a Leader’s limits: costs (OP12-001), Event costs (OP13-079), types (P-117)', () => {
      const costLeader = leader({ cardNumber: 'OP12-001', cardText: 'Under the rules of this game, you cannot include cards with a cost of 5 or more in your deck.' });
      const main = legalMain().map((r, i) => (i === 0 ? { ...r, card: { ...r.card, cost: 5 } } : i === 1 ? { ...r, card: { ...r.card, cost: 4 } } : r));
      const byCost = validateDeck({ leader: costLeader, cards: main }, standard, { day: DAY });
      expect(byCost.errors).toEqual([{ code: 'LEADER_COST_LIMIT', message: 'validation.deckLeaderCostLimit', params: { cost: 5 }, cards: ['OP09-010'] }]);
      expect(messageText(byCost.errors[0]!.message, byCost.errors[0]!.params)).toBe('This Leader allows no cards with a cost of 5 or more');

      const eventLeader = leader({
        cardNumber: 'OP13-079',
        cardText: 'Under the rules of this game, you cannot include Events with a cost of 2 or more in your deck and at the start of the game, play up to 1 {Mary Geoise} type Stage card from your deck.',
      });
      const events = legalMain().map((r) => (r.card.cardType === 'Event' ? { ...r, card: { ...r.card, cost: 2 } } : { ...r, card: { ...r.card, cost: 7 } }));
      expect(validateDeck({ leader: eventLeader, cards: events }, standard, { day: DAY }).errors.map((e) => [e.code, e.cards])).toEqual([['LEADER_EVENT_COST_LIMIT', ['OP09-030']]]);

      const typeLeader = leader({ cardNumber: 'P-117', cardText: 'Under the rules of this game, you can only include {East Blue} type cards in your deck and when your deck is reduced to 0, you win the game instead of losing.' });
      const typed = legalMain().map((r, i) => ({ ...r, card: { ...r.card, subtypes: i < 12 ? ['East Blue', 'Straw Hat Crew'] : ['Navy'] } }));
      const byType = validateDeck({ leader: typeLeader, cards: typed }, standard, { day: DAY });
      expect(byType.errors).toEqual([{ code: 'LEADER_TYPE_ONLY', message: 'validation.deckLeaderTypeOnly', params: { type: 'East Blue' }, cards: ['OP09-030'] }]);
    });

    it('notes a DON!! deck of another size, and a clause it does not model, without failing the deck', () => {
      const donLeader = leader({ cardNumber: 'OP15-058', cardText: 'Under the rules of this game, your DON!! deck consists of 6 cards.\n[Activate: Main] [Once Per Turn] …' });
      const odd = legalMain().map((r, i) => (i === 0 ? { ...r, card: { ...r.card, cardText: 'Under the rules of this game, you cannot include {Navy} type cards in your deck.' } } : r));
      const result = validateDeck({ leader: donLeader, cards: odd }, standard, { day: DAY });
      expect(result.valid).toBe(true);
      expect(result.warnings).toEqual([
        { code: 'DON_DECK_SIZE', message: 'validation.deckDonDeckSize', params: { size: 6 }, cards: ['OP15-058'] },
        { code: 'UNMODELLED_CARD_RULE', message: 'validation.deckUnmodelledCardRule', params: { text: 'you cannot include {Navy} type cards in your deck' }, cards: ['OP09-010'] },
      ]);
    });
  });
});

