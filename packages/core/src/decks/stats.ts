import { CARD_COLORS, CARD_RARITIES } from '../games';

/**
 * What the deck statistics need to know about a card. The `Card` contract (contracts/cards.ts) satisfies it, so
 * deck rows holding full cards can be passed as they are.
 */
export interface StatsCard {
  cardNumber: string;
  cardType: string;
  cost: number | null;
  power: number | null;
  counter: number | null;
  colors: readonly string[];
  rarity: string;
  subtypes: readonly string[];
}

/** One main-deck row: a card (one print) and its number of copies. */
export interface StatsRow<C extends StatsCard = StatsCard> {
  card: C;
  quantity: number;
}

/** The card types a main deck is made of, in display order. */
const MAIN_DECK_TYPES = ['Character', 'Event', 'Stage'] as const;
type MainDeckType = (typeof MAIN_DECK_TYPES)[number];

/** Cost buckets of the curve: 0 … 9, then every cost of 10 or more together. */
export const COST_BUCKETS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10+'] as const;
export type CostBucket = (typeof COST_BUCKETS)[number];

/** One bar of the cost curve: copies of that cost, in all and per card type. */
interface CostCurvePoint extends Record<MainDeckType, number> {
  cost: CostBucket;
  total: number;
}

interface ColorCount {
  color: string;
  copies: number;
}

interface CounterStats {
  /** Copies whose counter is 0 or missing (Events and Stages, counter-less Characters). */
  none: number;
  plus1000: number;
  plus2000: number;
  /** Copies with any other positive counter value (none exist in the official data today). */
  other: number;
  /** Sum of the counter value of every copy. */
  totalValue: number;
}

interface PowerCount {
  power: number;
  copies: number;
}

interface SubtypeCount {
  subtype: string;
  copies: number;
}

export interface DeckStats {
  /** Copies of Character, Event and Stage cards counted (rows with an invalid quantity are skipped). */
  totalCards: number;
  /** Copies left out because their card is not a main-deck type (a Leader or an unknown type). */
  excludedCopies: number;
  /** Always 11 points, cost 0 to "10+", including empty ones. */
  costCurve: CostCurvePoint[];
  /** Copies whose cost is missing (not in the curve nor in the average). */
  unknownCost: number;
  /** Copies per color, in the official color order (Red, Green, Blue, Purple, Black, Yellow, then others A→Z); colors with no copies are left out. A multicolor card counts once for each of its colors. */
  colors: ColorCount[];
  /** Copies of cards with two or more colors. */
  multicolorCopies: number;
  counters: CounterStats;
  /** Character copies per power value, ascending; Characters without power are left out. */
  powerCurve: PowerCount[];
  types: Record<MainDeckType, number>;
  /** Copies per subtype (a card counts once for each of its subtypes), most copies first, then A→Z. */
  subtypes: SubtypeCount[];
  /** Mean cost per copy over the cards that have a cost; null when none has. */
  averageCost: number | null;
  /** Mean power per Character copy over the Characters that have a power; null when none has. */
  averagePower: number | null;
}

export interface DeckStatsOptions {
  /** Keep only the first `subtypeLimit` subtypes (default: all). */
  subtypeLimit?: number;
}

const isMainType = (type: string): type is MainDeckType => (MAIN_DECK_TYPES as readonly string[]).includes(type);
const validQuantity = (quantity: number) => Number.isInteger(quantity) && quantity > 0;
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The cost bucket of a cost: its own value up to 9, "10+" from 10 on; negative costs count as 0. */
export function costBucket(cost: number): CostBucket {
  if (!Number.isFinite(cost)) throw new RangeError(`Invalid cost: ${cost}`);
  if (cost >= 10) return '10+';
  return COST_BUCKETS[Math.max(0, Math.floor(cost))]!;
}

const colorRank = (color: string) => {
  const i = (CARD_COLORS as readonly string[]).indexOf(color);
  return i === -1 ? CARD_COLORS.length : i;
};

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/**
 * Statistics of a main deck for the deck builder's charts. Every copy counts (a row with quantity 4 counts 4
 * times). Only Character, Event and Stage cards are counted; Leader rows, rows of other types and rows whose
 * quantity is not a positive integer are left out.
 */
export function deckStats(rows: readonly StatsRow[], { subtypeLimit }: DeckStatsOptions = {}): DeckStats {
  const costCurve: CostCurvePoint[] = COST_BUCKETS.map((cost) => ({ cost, total: 0, Character: 0, Event: 0, Stage: 0 }));
  const types: Record<MainDeckType, number> = { Character: 0, Event: 0, Stage: 0 };
  const counters: CounterStats = { none: 0, plus1000: 0, plus2000: 0, other: 0, totalValue: 0 };
  const colors = new Map<string, number>();
  const powers = new Map<number, number>();
  const subtypes = new Map<string, number>();
  let totalCards = 0;
  let excludedCopies = 0;
  let unknownCost = 0;
  let multicolorCopies = 0;
  let costSum = 0;
  let costCopies = 0;
  let powerSum = 0;
  let powerCopies = 0;

  for (const { card, quantity } of rows) {
    if (!validQuantity(quantity)) continue;
    const type = card.cardType;
    if (!isMainType(type)) {
      excludedCopies += quantity;
      continue;
    }
    totalCards += quantity;
    types[type] += quantity;

    if (card.cost === null || !Number.isFinite(card.cost)) unknownCost += quantity;
    else {
      const point = costCurve[COST_BUCKETS.indexOf(costBucket(card.cost))]!;
      point.total += quantity;
      point[type] += quantity;
      costSum += card.cost * quantity;
      costCopies += quantity;
    }

    const cardColors = new Set(card.colors);
    for (const color of cardColors) add(colors, color, quantity);
    if (cardColors.size > 1) multicolorCopies += quantity;

    const counter = card.counter ?? 0;
    if (counter <= 0 || !Number.isFinite(counter)) counters.none += quantity;
    else {
      if (counter === 1000) counters.plus1000 += quantity;
      else if (counter === 2000) counters.plus2000 += quantity;
      else counters.other += quantity;
      counters.totalValue += counter * quantity;
    }

    if (type === 'Character' && card.power !== null && Number.isFinite(card.power)) {
      add(powers, card.power, quantity);
      powerSum += card.power * quantity;
      powerCopies += quantity;
    }

    for (const subtype of new Set(card.subtypes)) add(subtypes, subtype, quantity);
  }

  const subtypeCounts = [...subtypes]
    .map(([subtype, copies]) => ({ subtype, copies }))
    .sort((a, b) => b.copies - a.copies || compareText(a.subtype, b.subtype));

  return {
    totalCards,
    excludedCopies,
    costCurve,
    unknownCost,
    colors: [...colors]
      .map(([color, copies]) => ({ color, copies }))
      .sort((a, b) => colorRank(a.color) - colorRank(b.color) || compareText(a.color, b.color)),
    multicolorCopies,
    counters,
    powerCurve: [...powers].map(([power, copies]) => ({ power, copies })).sort((a, b) => a.power - b.power),
    types,
    subtypes: subtypeLimit === undefined ? subtypeCounts : subtypeCounts.slice(0, Math.max(0, subtypeLimit)),
    averageCost: costCopies ? costSum / costCopies : null,
    averagePower: powerCopies ? powerSum / powerCopies : null,
  };
}

/** How the deck editor can group its rows. */
export const DECK_GROUPINGS = ['category', 'type', 'cost', 'rarity'] as const;
export type DeckGrouping = (typeof DECK_GROUPINGS)[number];

export interface DeckGroup<R> {
  /**
   * Stable value of the group: the card type ('category'), the first subtype ('type'), the cost as a string
   * ('cost') or the rarity ('rarity'). `''` gathers the rows that have no value (always the last group).
   */
  key: string;
  /** Default English heading ("Characters", "Cost 3", "No type"…); the UI may translate from `key` instead. */
  label?: string;
  /** The group's rows, by cost (missing cost last), then card number; input order otherwise. */
  rows: R[];
  /** Copies in the group (sum of the rows' quantities). */
  count: number;
}

const CATEGORY_LABELS: Record<string, string> = { Leader: 'Leaders', Character: 'Characters', Event: 'Events', Stage: 'Stages' };
const CATEGORY_ORDER: readonly string[] = MAIN_DECK_TYPES;
const RARITY_ORDER: readonly string[] = CARD_RARITIES;

interface Grouper {
  key: (card: StatsCard) => string;
  label: (key: string) => string;
  /** Rank of a non-empty key; equal ranks are ordered by key. */
  rank: (key: string) => number;
  compareKeys?: (a: string, b: string) => number;
}

const rankIn = (order: readonly string[]) => (key: string) => {
  const i = order.indexOf(key);
  return i === -1 ? order.length : i;
};

const GROUPERS: Record<DeckGrouping, Grouper> = {
  category: { key: (c) => c.cardType, label: (k) => CATEGORY_LABELS[k] ?? k, rank: rankIn(CATEGORY_ORDER) },
  type: {
    key: (c) => c.subtypes[0] ?? '',
    label: (k) => k,
    rank: () => 0,
    compareKeys: (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || compareText(a, b),
  },
  cost: {
    key: (c) => (c.cost === null || !Number.isFinite(c.cost) ? '' : String(c.cost)),
    label: (k) => `Cost ${k}`,
    rank: () => 0,
    compareKeys: (a, b) => Number(a) - Number(b),
  },
  rarity: { key: (c) => c.rarity, label: (k) => k, rank: rankIn(RARITY_ORDER) },
};

const EMPTY_LABELS: Record<DeckGrouping, string> = { category: 'No category', type: 'No type', cost: 'No cost', rarity: 'No rarity' };

const sortCost = (card: StatsCard) => (card.cost === null || !Number.isFinite(card.cost) ? Infinity : card.cost);

/** Orders rows by cost (missing cost last), then card number; stable otherwise. */
export function compareRows(a: StatsRow, b: StatsRow): number {
  const ca = sortCost(a.card);
  const cb = sortCost(b.card);
  if (ca !== cb) return ca < cb ? -1 : 1;
  return compareText(a.card.cardNumber, b.card.cardNumber);
}

/**
 * Groups deck rows for the editor's grouped views, in display order:
 * - `category`: by card type — Character, Event, Stage, then any other type A→Z;
 * - `type`: by the card's first subtype as printed, groups A→Z (case-insensitive);
 * - `cost`: by exact cost, ascending;
 * - `rarity`: L, C, UC, R, SR, SEC, SP CARD, P, TR, then any other rarity A→Z.
 * Rows without a value go to a last group with key `''`. Every row is kept, whatever its quantity.
 */
export function groupDeck<R extends StatsRow>(rows: readonly R[], by: DeckGrouping): DeckGroup<R>[] {
  const grouper = GROUPERS[by];
  if (!grouper) throw new RangeError(`Unknown grouping: ${String(by)}`);
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const key = grouper.key(row.card);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const compareKeys = grouper.compareKeys ?? compareText;
  const keys = [...groups.keys()].sort((a, b) => {
    if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
    return grouper.rank(a) - grouper.rank(b) || compareKeys(a, b);
  });
  return keys.map((key) => {
    const groupRows = groups.get(key)!.slice().sort(compareRows);
    return {
      key,
      label: key === '' ? EMPTY_LABELS[by] : grouper.label(key),
      rows: groupRows,
      count: groupRows.reduce((sum, r) => sum + r.quantity, 0),
    };
  });
}
