import { describe, expect, it } from 'vitest';
import type { Card } from '../contracts/cards';
import { compareRows, COST_BUCKETS, costBucket, deckStats, groupDeck, type StatsCard, type StatsRow } from './stats';

const card = (cardNumber: string, over: Partial<StatsCard> = {}): StatsCard => ({
  cardNumber,
  cardType: 'Character',
  cost: 1,
  power: 1000,
  counter: 1000,
  colors: ['Red'],
  rarity: 'C',
  subtypes: ['Straw Hat Crew'],
  ...over,
});
const row = (cardNumber: string, quantity: number, over: Partial<StatsCard> = {}): StatsRow => ({ card: card(cardNumber, over), quantity });

/** A 50-card Red/Green deck with every feature the stats look at. */
const deck = (): StatsRow[] => [
  row('OP01-016', 4, { cost: 1, power: 2000, counter: 1000, subtypes: ['Straw Hat Crew'] }),
  row('OP01-017', 4, { cost: 2, power: 3000, counter: 2000, subtypes: ['Straw Hat Crew', 'Supernovas'] }),
  row('OP01-018', 4, { cost: 2, power: 4000, counter: 1000, colors: ['Red', 'Green'], rarity: 'UC', subtypes: ['Supernovas'] }),
  row('OP01-019', 4, { cost: 3, power: 5000, counter: 0, colors: ['Green'], rarity: 'R', subtypes: ['Heart Pirates'] }),
  row('OP01-020', 4, { cost: 4, power: 5000, counter: 1000, rarity: 'R' }),
  row('OP01-021', 4, { cost: 5, power: 6000, counter: null, rarity: 'SR', subtypes: ['Straw Hat Crew', 'Straw Hat Crew'] }),
  row('OP01-022', 2, { cost: 7, power: 8000, counter: null, rarity: 'SR', colors: ['Green', 'Red', 'Green'] }),
  row('OP01-023', 2, { cost: 10, power: 12000, counter: null, rarity: 'SEC' }),
  row('OP01-024', 2, { cost: 12, power: 13000, counter: null, rarity: 'SEC' }),
  row('OP01-025', 4, { cost: 0, power: 0, counter: 1000, rarity: 'C', subtypes: [] }),
  row('OP01-026', 4, { cardType: 'Event', cost: 1, power: null, counter: null, subtypes: ['Straw Hat Crew'] }),
  row('OP01-027', 4, { cardType: 'Event', cost: 2, power: null, counter: null, colors: ['Green'], subtypes: ['Heart Pirates'] }),
  row('OP01-028', 4, { cardType: 'Event', cost: 4, power: null, counter: null, subtypes: ['Supernovas'] }),
  row('OP01-029', 2, { cardType: 'Stage', cost: 1, power: null, counter: null, colors: ['Green'], subtypes: ['Heart Pirates'] }),
  row('OP01-030', 2, { cardType: 'Stage', cost: 3, power: null, counter: null, rarity: 'UC', subtypes: ['Straw Hat Crew'] }),
];

describe('StatsCard', () => {
  it('is satisfied by the Card contract, so deck rows of full cards can be passed as they are', () => {
    const full: Card = {
      id: 1,
      gameCategory: 'onepiece',
      cardNumber: 'OP01-016',
      name: 'Nami',
      cardType: 'Character',
      cost: 1,
      power: 2000,
      counter: 1000,
      life: null,
      colors: ['Red'],
      attributes: ['Special'],
      subtypes: ['Straw Hat Crew'],
      cardText: null,
      keywords: [],
      rarity: 'R',
      blockIcon: '1',
      rotationBlock: '1',
      rotationSet: null,
      isVariation: false,
      manual: false,
      variant: null,
      artworkUrl: null,
      set: null,
    };
    const rows: StatsRow<Card>[] = [{ card: full, quantity: 4 }];
    expect(deckStats(rows).totalCards).toBe(4);
    const groups = groupDeck(rows, 'category');
    // The rows keep their own type.
    const first: Card = groups[0]!.rows[0]!.card;
    expect(first.name).toBe('Nami');
  });
});

describe('costBucket', () => {
  it('keeps 0 to 9 and puts 10 and more together', () => {
    expect([0, 1, 5, 9, 10, 11, 20].map(costBucket)).toEqual(['0', '1', '5', '9', '10+', '10+', '10+']);
  });

  it('counts a negative cost as 0 and refuses a non-finite one', () => {
    expect(costBucket(-2)).toBe('0');
    expect(() => costBucket(Number.NaN)).toThrow(RangeError);
    expect(() => costBucket(Infinity)).toThrow(RangeError);
  });
});

describe('deckStats', () => {
  const stats = deckStats(deck());

  it('counts every copy of the main deck', () => {
    expect(stats.totalCards).toBe(50);
    expect(stats.excludedCopies).toBe(0);
    expect(stats.unknownCost).toBe(0);
  });

  it('builds the cost curve from 0 to 10+, split by card type', () => {
    expect(stats.costCurve.map((p) => p.cost)).toEqual([...COST_BUCKETS]);
    expect(stats.costCurve).toEqual([
      { cost: '0', total: 4, Character: 4, Event: 0, Stage: 0 },
      { cost: '1', total: 10, Character: 4, Event: 4, Stage: 2 },
      { cost: '2', total: 12, Character: 8, Event: 4, Stage: 0 },
      { cost: '3', total: 6, Character: 4, Event: 0, Stage: 2 },
      { cost: '4', total: 8, Character: 4, Event: 4, Stage: 0 },
      { cost: '5', total: 4, Character: 4, Event: 0, Stage: 0 },
      { cost: '6', total: 0, Character: 0, Event: 0, Stage: 0 },
      { cost: '7', total: 2, Character: 2, Event: 0, Stage: 0 },
      { cost: '8', total: 0, Character: 0, Event: 0, Stage: 0 },
      { cost: '9', total: 0, Character: 0, Event: 0, Stage: 0 },
      { cost: '10+', total: 4, Character: 4, Event: 0, Stage: 0 },
    ]);
    expect(stats.costCurve.reduce((s, p) => s + p.total, 0)).toBe(50);
    for (const p of stats.costCurve) expect(p.Character + p.Event + p.Stage).toBe(p.total);
  });

  it('splits colors, counting a multicolor card once per color (and a repeated color once)', () => {
    // Red: 4+4+4+4+4+2+2+2+4+4+4+2 = 40 (incl. the two multicolor rows); Green: 4+4+2+4+2 = 16.
    expect(stats.colors).toEqual([
      { color: 'Red', copies: 40 },
      { color: 'Green', copies: 16 },
    ]);
    expect(stats.multicolorCopies).toBe(6);
  });

  it('lists colors in the official order, unknown colors last A→Z', () => {
    const s = deckStats([
      row('A', 1, { colors: ['Yellow'] }),
      row('B', 1, { colors: ['Zebra', 'Black'] }),
      row('C', 1, { colors: ['Blue', 'Aqua'] }),
      row('D', 1, { colors: ['Red'] }),
      row('E', 1, { colors: [] }),
    ]);
    expect(s.colors.map((c) => c.color)).toEqual(['Red', 'Blue', 'Black', 'Yellow', 'Aqua', 'Zebra']);
    expect(s.multicolorCopies).toBe(2);
  });

  it('splits counters into none, +1000 and +2000 and sums their value', () => {
    // 1000: 4+4+4+4 = 16 copies; 2000: 4; none: 50 − 20 = 30.
    expect(stats.counters).toEqual({ none: 30, plus1000: 16, plus2000: 4, other: 0, totalValue: 16 * 1000 + 4 * 2000 });
  });

  it('counts an unusual counter value apart, in the total too', () => {
    const s = deckStats([row('A', 2, { counter: 500 }), row('B', 1, { counter: -1000 })]);
    expect(s.counters).toEqual({ none: 1, plus1000: 0, plus2000: 0, other: 2, totalValue: 1000 });
  });

  it('gives the power curve of Characters only, ascending', () => {
    expect(stats.powerCurve).toEqual([
      { power: 0, copies: 4 },
      { power: 2000, copies: 4 },
      { power: 3000, copies: 4 },
      { power: 4000, copies: 4 },
      { power: 5000, copies: 8 },
      { power: 6000, copies: 4 },
      { power: 8000, copies: 2 },
      { power: 12000, copies: 2 },
      { power: 13000, copies: 2 },
    ]);
    expect(stats.powerCurve.reduce((s, p) => s + p.copies, 0)).toBe(stats.types.Character);
  });

  it('leaves power out for non-Characters even when they carry one', () => {
    const s = deckStats([row('A', 2, { cardType: 'Stage', power: 3000 }), row('B', 1, { power: null })]);
    expect(s.powerCurve).toEqual([]);
    expect(s.averagePower).toBeNull();
  });

  it('counts copies per card type', () => {
    expect(stats.types).toEqual({ Character: 34, Event: 12, Stage: 4 });
  });

  it('ranks subtypes by copies, then A→Z, counting a card once per subtype', () => {
    expect(stats.subtypes).toEqual([
      // 016 + 017 + 020 + 021 (once, though listed twice) + 022 + 023 + 024 + 026 + 030
      { subtype: 'Straw Hat Crew', copies: 4 + 4 + 4 + 4 + 2 + 2 + 2 + 4 + 2 },
      { subtype: 'Supernovas', copies: 12 },
      { subtype: 'Heart Pirates', copies: 10 },
    ]);
  });

  it('keeps only the first subtypes when asked, and sorts ties by name', () => {
    const rows = [row('A', 2, { subtypes: ['Navy'] }), row('B', 2, { subtypes: ['Animal'] }), row('C', 3, { subtypes: ['Whitebeard Pirates'] })];
    expect(deckStats(rows).subtypes.map((s) => s.subtype)).toEqual(['Whitebeard Pirates', 'Animal', 'Navy']);
    expect(deckStats(rows, { subtypeLimit: 2 }).subtypes).toEqual([
      { subtype: 'Whitebeard Pirates', copies: 3 },
      { subtype: 'Animal', copies: 2 },
    ]);
    expect(deckStats(rows, { subtypeLimit: 0 }).subtypes).toEqual([]);
    expect(deckStats(rows, { subtypeLimit: -1 }).subtypes).toEqual([]);
  });

  it('averages cost over every copy and power over Character copies', () => {
    const costSum = 4 * 1 + 4 * 2 + 4 * 2 + 4 * 3 + 4 * 4 + 4 * 5 + 2 * 7 + 2 * 10 + 2 * 12 + 4 * 0 + 4 * 1 + 4 * 2 + 4 * 4 + 2 * 1 + 2 * 3;
    expect(stats.averageCost).toBeCloseTo(costSum / 50, 12);
    const powerSum = 4 * 2000 + 4 * 3000 + 4 * 4000 + 4 * 5000 + 4 * 5000 + 4 * 6000 + 2 * 8000 + 2 * 12000 + 2 * 13000 + 4 * 0;
    expect(stats.averagePower).toBeCloseTo(powerSum / 34, 9);
  });

  it('leaves cards without a cost out of the curve and the average, and counts them', () => {
    const s = deckStats([row('A', 3, { cost: 2 }), row('B', 1, { cost: 6 }), row('C', 4, { cost: null })]);
    expect(s.averageCost).toBe(3);
    expect(s.unknownCost).toBe(4);
    expect(s.totalCards).toBe(8);
    expect(s.costCurve.reduce((sum, p) => sum + p.total, 0)).toBe(4);
  });

  it('ignores Leaders and unknown card types, counting their copies as excluded', () => {
    const s = deckStats([row('OP01-001', 1, { cardType: 'Leader', cost: null, power: 5000, colors: ['Red', 'Green'] }), row('X', 2, { cardType: 'DON!!' }), row('A', 4)]);
    expect(s.totalCards).toBe(4);
    expect(s.excludedCopies).toBe(3);
    expect(s.colors).toEqual([{ color: 'Red', copies: 4 }]);
    expect(s.multicolorCopies).toBe(0);
    expect(s.powerCurve).toEqual([{ power: 1000, copies: 4 }]);
  });

  it('skips rows whose quantity is not a positive integer', () => {
    const s = deckStats([row('A', 0), row('B', -2), row('C', 1.5), row('D', Number.NaN), row('E', 3)]);
    expect(s.totalCards).toBe(3);
    expect(s.excludedCopies).toBe(0);
    expect(s.types.Character).toBe(3);
  });

  it('adds up prints of one card number like any other rows', () => {
    const s = deckStats([row('OP01-016', 2), row('OP01-016', 2, { rarity: 'SP CARD' })]);
    expect(s.totalCards).toBe(4);
    expect(s.costCurve[1]).toEqual({ cost: '1', total: 4, Character: 4, Event: 0, Stage: 0 });
  });

  it('gives empty statistics for an empty deck', () => {
    const s = deckStats([]);
    expect(s).toEqual({
      totalCards: 0,
      excludedCopies: 0,
      costCurve: COST_BUCKETS.map((cost) => ({ cost, total: 0, Character: 0, Event: 0, Stage: 0 })),
      unknownCost: 0,
      colors: [],
      multicolorCopies: 0,
      counters: { none: 0, plus1000: 0, plus2000: 0, other: 0, totalValue: 0 },
      powerCurve: [],
      types: { Character: 0, Event: 0, Stage: 0 },
      subtypes: [],
      averageCost: null,
      averagePower: null,
    });
  });

  it('does not change its input', () => {
    const rows = deck();
    const before = structuredClone(rows);
    deckStats(rows);
    groupDeck(rows, 'cost');
    expect(rows).toEqual(before);
  });
});

describe('compareRows', () => {
  it('orders by cost, missing cost last, then card number', () => {
    const rows = [row('OP02-001', 1, { cost: 3 }), row('ST01-001', 1, { cost: null }), row('OP01-050', 1, { cost: 3 }), row('P-001', 1, { cost: 1 })];
    expect(rows.slice().sort(compareRows).map((r) => r.card.cardNumber)).toEqual(['P-001', 'OP01-050', 'OP02-001', 'ST01-001']);
  });
});

describe('groupDeck', () => {
  const keys = <R extends StatsRow>(groups: { key: string; rows: R[] }[]) => groups.map((g) => g.key);
  const numbers = (g: { rows: StatsRow[] }) => g.rows.map((r) => r.card.cardNumber);

  it('groups by category: Character, Event, Stage, then other types', () => {
    const rows = [row('S', 1, { cardType: 'Stage' }), row('L', 1, { cardType: 'Leader' }), row('E', 2, { cardType: 'Event' }), row('C', 3), row('D', 1, { cardType: 'DON!!' })];
    const groups = groupDeck(rows, 'category');
    expect(groups.map(({ key, label, count }) => ({ key, label, count }))).toEqual([
      { key: 'Character', label: 'Characters', count: 3 },
      { key: 'Event', label: 'Events', count: 2 },
      { key: 'Stage', label: 'Stages', count: 1 },
      { key: 'DON!!', label: 'DON!!', count: 1 },
      { key: 'Leader', label: 'Leaders', count: 1 },
    ]);
  });

  it('groups the sample deck by category, each group sorted by cost then number', () => {
    const groups = groupDeck(deck(), 'category');
    expect(keys(groups)).toEqual(['Character', 'Event', 'Stage']);
    expect(groups.map((g) => g.count)).toEqual([34, 12, 4]);
    expect(numbers(groups[0]!)).toEqual(['OP01-025', 'OP01-016', 'OP01-017', 'OP01-018', 'OP01-019', 'OP01-020', 'OP01-021', 'OP01-022', 'OP01-023', 'OP01-024']);
    expect(numbers(groups[2]!)).toEqual(['OP01-029', 'OP01-030']);
  });

  it('groups by the first subtype, groups A→Z ignoring case, no subtype last', () => {
    const rows = [
      row('A', 1, { subtypes: ['Navy', 'Animal'] }),
      row('B', 2, { subtypes: ['animal kingdom pirates'] }),
      row('C', 1, { subtypes: [] }),
      row('D', 4, { subtypes: ['Animal'] }),
      row('E', 1, { subtypes: ['Navy'], cost: 0 }),
    ];
    const groups = groupDeck(rows, 'type');
    expect(groups.map(({ key, label, count }) => ({ key, label, count }))).toEqual([
      { key: 'Animal', label: 'Animal', count: 4 },
      { key: 'animal kingdom pirates', label: 'animal kingdom pirates', count: 2 },
      { key: 'Navy', label: 'Navy', count: 2 },
      { key: '', label: 'No type', count: 1 },
    ]);
    expect(numbers(groups[2]!)).toEqual(['E', 'A']);
  });

  it('groups by exact cost, ascending numerically, no cost last', () => {
    const rows = [row('A', 1, { cost: 10 }), row('B', 1, { cost: 2 }), row('C', 1, { cost: null }), row('D', 1, { cost: 12 }), row('E', 2, { cost: 2 }), row('F', 1, { cost: 0 })];
    const groups = groupDeck(rows, 'cost');
    expect(groups.map(({ key, label, count }) => ({ key, label, count }))).toEqual([
      { key: '0', label: 'Cost 0', count: 1 },
      { key: '2', label: 'Cost 2', count: 3 },
      { key: '10', label: 'Cost 10', count: 1 },
      { key: '12', label: 'Cost 12', count: 1 },
      { key: '', label: 'No cost', count: 1 },
    ]);
    expect(numbers(groups[1]!)).toEqual(['B', 'E']);
  });

  it('groups by rarity in the official order, other rarities after A→Z, none last', () => {
    const rarities = ['TR', 'SEC', 'Z', 'P', 'C', 'SP CARD', '', 'UC', 'L', 'SR', 'R', 'DON'];
    const rows = rarities.map((rarity, i) => row(`N-${i}`, 1, { rarity }));
    expect(keys(groupDeck(rows, 'rarity'))).toEqual(['L', 'C', 'UC', 'R', 'SR', 'SEC', 'SP CARD', 'P', 'TR', 'DON', 'Z', '']);
    expect(groupDeck(rows, 'rarity').at(-1)!.label).toBe('No rarity');
  });

  it('sorts rows by cost then card number, keeping input order on ties', () => {
    const a = row('OP01-010', 1, { cost: 2 });
    const b = row('OP01-010', 3, { cost: 2, rarity: 'C' });
    const rows = [row('OP03-001', 1, { cost: 2 }), a, row('OP01-099', 1, { cost: 1 }), b, row('ST01-001', 1, { cost: null })];
    const [group] = groupDeck(rows, 'category');
    expect(group!.rows.map((r) => r.card.cardNumber)).toEqual(['OP01-099', 'OP01-010', 'OP01-010', 'OP03-001', 'ST01-001']);
    expect(group!.rows[1]).toBe(a);
    expect(group!.rows[2]).toBe(b);
    expect(group!.count).toBe(7);
  });

  it('keeps every row, whatever its quantity, and the groups add up to the deck', () => {
    const rows = [...deck(), row('Z', 0)];
    for (const by of ['category', 'type', 'cost', 'rarity'] as const) {
      const groups = groupDeck(rows, by);
      expect(groups.reduce((n, g) => n + g.rows.length, 0)).toBe(rows.length);
      expect(groups.reduce((n, g) => n + g.count, 0)).toBe(50);
      expect(groups.every((g) => g.rows.length > 0)).toBe(true);
    }
  });

  it('returns no groups for no rows and refuses an unknown grouping', () => {
    expect(groupDeck([], 'rarity')).toEqual([]);
    expect(() => groupDeck(deck(), 'color' as never)).toThrow(RangeError);
  });
});
