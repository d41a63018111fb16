import { describe, expect, it } from 'vitest';
import {
  cardsSeenByTurn,
  drawOpeningHand,
  expandRows,
  hypergeometricAtLeast,
  hypergeometricAtLeastOne,
  hypergeometricExactly,
  mulligan,
  OPENING_HAND_SIZE,
  probabilityByTurn,
  shuffle,
} from './probability';

/* ---------- slow, exact references with BigInt ---------- */

/** C(n, 0), C(n, 1), …, C(n, n). */
const binomialRow = (n: number): bigint[] => {
  const row = [1n];
  for (let i = 0; i < n; i++) row.push((row[i]! * BigInt(n - i)) / BigInt(i + 1));
  return row;
};
const binom = (n: number, k: number) => (k < 0 || k > n ? 0n : binomialRow(n)[k]!);

/** num / den as a double, exact to ~1e-17 relative. */
const SCALE = 10n ** 40n;
const ratio = (num: bigint, den: bigint) => Number((num * SCALE) / den) / 1e40;

/** P(X ≥ k) for X ~ Hypergeometric(N, K, n), from exact integer counts. */
function exactAtLeast(N: number, K: number, n: number, k: number): number {
  const ks = binomialRow(K);
  const others = binomialRow(N - K);
  let num = 0n;
  for (let i = Math.max(k, 0); i <= Math.min(K, n); i++) {
    const j = n - i;
    if (j >= 0 && j <= N - K) num += ks[i]! * others[j]!;
  }
  return ratio(num, binom(N, n));
}
const exactExactly = (N: number, K: number, n: number, k: number) => ratio(binom(K, k) * binom(N - K, n - k), binom(N, n));

/* ---------- a tiny seeded rng ---------- */

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const sorted = <T>(xs: readonly T[]) => [...xs].sort();

describe('hypergeometricAtLeastOne', () => {
  it('gives 1 − C(46,5)/C(50,5) for a 4-of in a 5-card opening hand', () => {
    expect(hypergeometricAtLeastOne(50, 4, 5)).toBeCloseTo(0.3530395136778115, 12);
    expect(hypergeometricAtLeastOne(50, 4, 5)).toBeCloseTo(1 - 1370754 / 2118760, 12);
    expect(Math.abs(hypergeometricAtLeastOne(50, 4, 5) - exactAtLeast(50, 4, 5, 1))).toBeLessThan(1e-9);
  });

  it('matches the exact BigInt value for every draw count of a 50-card deck, 0 to 12 copies', () => {
    for (let K = 0; K <= 12; K++) {
      for (let n = 0; n <= 50; n++) {
        expect(Math.abs(hypergeometricAtLeastOne(50, K, n) - exactAtLeast(50, K, n, 1)), `K=${K} n=${n}`).toBeLessThan(1e-9);
      }
    }
  });

  it('matches the exact value on every small deck', () => {
    for (let N = 0; N <= 12; N++) {
      for (let K = 0; K <= N; K++) {
        for (let n = 0; n <= N; n++) expect(Math.abs(hypergeometricAtLeastOne(N, K, n) - exactAtLeast(N, K, n, 1))).toBeLessThan(1e-12);
      }
    }
  });

  it('stays accurate on large decks (no factorial overflow)', () => {
    expect(Math.abs(hypergeometricAtLeastOne(1000, 3, 100) - exactAtLeast(1000, 3, 100, 1))).toBeLessThan(1e-12);
    expect(Math.abs(hypergeometricAtLeastOne(100_000, 1, 10) - 1e-4)).toBeLessThan(1e-15);
    expect(hypergeometricAtLeastOne(1_000_000, 500_000, 1000)).toBe(1);
  });

  it('is 0 with no copy or no draw, 1 once the draws exceed the other cards', () => {
    expect(hypergeometricAtLeastOne(50, 0, 50)).toBe(0);
    expect(hypergeometricAtLeastOne(50, 4, 0)).toBe(0);
    expect(hypergeometricAtLeastOne(0, 0, 0)).toBe(0);
    expect(hypergeometricAtLeastOne(50, 4, 46)).toBeLessThan(1);
    expect(hypergeometricAtLeastOne(50, 4, 47)).toBe(1);
    expect(hypergeometricAtLeastOne(50, 4, 50)).toBe(1);
    expect(hypergeometricAtLeastOne(50, 50, 1)).toBe(1);
    expect(hypergeometricAtLeastOne(1, 1, 1)).toBe(1);
  });

  it('equals the chance that the copies land among the drawn cards (swap copies and draws)', () => {
    for (const [N, K, n] of [
      [50, 4, 5],
      [50, 8, 12],
      [40, 3, 7],
      [60, 1, 59],
    ] as const) {
      expect(hypergeometricAtLeastOne(N, K, n)).toBeCloseTo(hypergeometricAtLeastOne(N, n, K), 12);
    }
  });

  it('grows with the draws and with the copies, and shrinks with the deck', () => {
    for (let K = 1; K <= 4; K++) {
      for (let n = 1; n <= 50; n++) expect(hypergeometricAtLeastOne(50, K, n)).toBeGreaterThanOrEqual(hypergeometricAtLeastOne(50, K, n - 1));
    }
    for (let n = 1; n <= 20; n++) {
      for (let K = 1; K <= 50; K++) expect(hypergeometricAtLeastOne(50, K, n)).toBeGreaterThanOrEqual(hypergeometricAtLeastOne(50, K - 1, n));
    }
    for (let N = 11; N <= 60; N++) expect(hypergeometricAtLeastOne(N, 4, 10)).toBeLessThanOrEqual(hypergeometricAtLeastOne(N - 1, 4, 10));
  });

  it('refuses invalid input with a RangeError', () => {
    const bad: [number, number, number][] = [
      [-1, 0, 0],
      [50, -1, 5],
      [50, 4, -1],
      [50.5, 4, 5],
      [50, 4.2, 5],
      [50, 4, 5.5],
      [Number.NaN, 4, 5],
      [50, Number.NaN, 5],
      [50, 4, Number.NaN],
      [Infinity, 4, 5],
      [50, 51, 5],
      [50, 4, 51],
    ];
    for (const args of bad) expect(() => hypergeometricAtLeastOne(...args), args.join(',')).toThrow(RangeError);
  });
});

describe('hypergeometricAtLeast', () => {
  it('matches the exact BigInt sum of the pmf on a 50-card deck for every k', () => {
    for (const K of [1, 2, 3, 4, 8, 12, 20]) {
      for (let n = 0; n <= 50; n++) {
        for (let k = 0; k <= Math.min(K, n) + 1; k++) {
          expect(Math.abs(hypergeometricAtLeast(50, K, n, k) - exactAtLeast(50, K, n, k)), `K=${K} n=${n} k=${k}`).toBeLessThan(1e-9);
        }
      }
    }
  });

  it('matches the exact value on every small deck', () => {
    for (let N = 0; N <= 10; N++) {
      for (let K = 0; K <= N; K++) {
        for (let n = 0; n <= N; n++) {
          for (let k = 0; k <= N + 1; k++) expect(Math.abs(hypergeometricAtLeast(N, K, n, k) - exactAtLeast(N, K, n, k))).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('is accurate, even relatively in the far tails, on large decks', () => {
    for (const k of [0, 100, 400, 480, 500, 520, 600, 700, 1000]) {
      const exact = exactAtLeast(2000, 1000, 1000, k);
      expect(Math.abs(hypergeometricAtLeast(2000, 1000, 1000, k) - exact), `k=${k}`).toBeLessThan(1e-9);
    }
    const farTail = exactAtLeast(2000, 1000, 1000, 600); // ≈ 1e-20
    expect(farTail).toBeLessThan(1e-15);
    expect(Math.abs(hypergeometricAtLeast(2000, 1000, 1000, 600) / farTail - 1)).toBeLessThan(1e-9);
    const small = exactAtLeast(500, 5, 10, 4);
    expect(Math.abs(hypergeometricAtLeast(500, 5, 10, 4) / small - 1)).toBeLessThan(1e-9);
  });

  it('agrees with hypergeometricAtLeastOne for k = 1', () => {
    for (let K = 0; K <= 10; K++) {
      for (let n = 0; n <= 50; n++) expect(hypergeometricAtLeast(50, K, n, 1)).toBeCloseTo(hypergeometricAtLeastOne(50, K, n), 12);
    }
  });

  it('is 1 for k = 0 (and at or below the guaranteed copies), 0 above min(copies, draws)', () => {
    expect(hypergeometricAtLeast(50, 4, 5, 0)).toBe(1);
    expect(hypergeometricAtLeast(50, 0, 0, 0)).toBe(1);
    expect(hypergeometricAtLeast(50, 4, 48, 2)).toBe(1); // 46 others: drawing 48 forces 2 copies
    expect(hypergeometricAtLeast(50, 4, 48, 3)).toBeLessThan(1);
    expect(hypergeometricAtLeast(50, 4, 5, 5)).toBe(0);
    expect(hypergeometricAtLeast(50, 4, 3, 4)).toBe(0);
    expect(hypergeometricAtLeast(50, 4, 50, 4)).toBe(1);
    expect(hypergeometricAtLeast(50, 0, 10, 1)).toBe(0);
  });

  it('shrinks as k grows, grows with the draws', () => {
    for (let n = 0; n <= 50; n++) {
      for (let k = 1; k <= 5; k++) expect(hypergeometricAtLeast(50, 4, n, k)).toBeLessThanOrEqual(hypergeometricAtLeast(50, 4, n, k - 1));
    }
    for (let k = 0; k <= 4; k++) {
      for (let n = 1; n <= 50; n++) expect(hypergeometricAtLeast(50, 4, n, k)).toBeGreaterThanOrEqual(hypergeometricAtLeast(50, 4, n - 1, k) - 1e-15);
    }
  });

  it('is symmetric in copies and draws, and complements the other cards', () => {
    for (const [N, K, n] of [
      [50, 4, 10],
      [50, 12, 20],
      [37, 9, 15],
    ] as const) {
      for (let k = 0; k <= Math.min(K, n) + 1; k++) {
        expect(hypergeometricAtLeast(N, K, n, k)).toBeCloseTo(hypergeometricAtLeast(N, n, K, k), 12);
        // P(X ≥ k) + P(X ≤ k − 1) = 1, with X ≤ k − 1 ⇔ (n − X) ≥ n − k + 1 drawn among the N − K others.
        const below = k === 0 ? 0 : hypergeometricAtLeast(N, N - K, n, n - k + 1);
        expect(hypergeometricAtLeast(N, K, n, k) + below).toBeCloseTo(1, 12);
      }
    }
  });

  it('refuses invalid input with a RangeError', () => {
    expect(() => hypergeometricAtLeast(50, 4, 5, -1)).toThrow(RangeError);
    expect(() => hypergeometricAtLeast(50, 4, 5, 1.5)).toThrow(RangeError);
    expect(() => hypergeometricAtLeast(50, 4, 5, Number.NaN)).toThrow(RangeError);
    expect(() => hypergeometricAtLeast(50, 51, 5, 1)).toThrow(RangeError);
    expect(() => hypergeometricAtLeast(50, 4, 51, 1)).toThrow(RangeError);
    expect(() => hypergeometricAtLeast(-50, 4, 5, 1)).toThrow(RangeError);
  });
});

describe('hypergeometricExactly', () => {
  it('matches the exact pmf and sums to 1', () => {
    for (const [N, K, n] of [
      [50, 4, 5],
      [50, 4, 30],
      [50, 20, 25],
      [10, 10, 3],
      [10, 0, 3],
      [5, 3, 5],
    ] as const) {
      let total = 0;
      for (let k = 0; k <= n + 1; k++) {
        const p = hypergeometricExactly(N, K, n, k);
        expect(Math.abs(p - exactExactly(N, K, n, k)), `${N},${K},${n},${k}`).toBeLessThan(1e-12);
        total += p;
      }
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('gives P(at least k) − P(at least k + 1)', () => {
    for (let k = 0; k <= 4; k++) {
      expect(hypergeometricExactly(50, 4, 10, k)).toBeCloseTo(hypergeometricAtLeast(50, 4, 10, k) - hypergeometricAtLeast(50, 4, 10, k + 1), 12);
    }
  });

  it('refuses invalid input with a RangeError', () => {
    expect(() => hypergeometricExactly(50, 4, 5, -1)).toThrow(RangeError);
    expect(() => hypergeometricExactly(50, 4, 60, 1)).toThrow(RangeError);
  });
});

describe('cardsSeenByTurn', () => {
  it('counts the opening hand plus one draw per turn, none on the first turn when going first', () => {
    expect(cardsSeenByTurn(1, { goingFirst: true })).toBe(5);
    expect(cardsSeenByTurn(1, { goingFirst: false })).toBe(6);
    expect(cardsSeenByTurn(2, { goingFirst: true })).toBe(6);
    expect(cardsSeenByTurn(2, { goingFirst: false })).toBe(7);
    for (let turn = 1; turn <= 20; turn++) {
      expect(cardsSeenByTurn(turn, { goingFirst: true })).toBe(OPENING_HAND_SIZE + turn - 1);
      expect(cardsSeenByTurn(turn, { goingFirst: false })).toBe(OPENING_HAND_SIZE + turn);
    }
  });

  it('refuses a turn that is not an integer ≥ 1', () => {
    for (const turn of [0, -1, 1.5, Number.NaN, Infinity]) expect(() => cardsSeenByTurn(turn, { goingFirst: true })).toThrow(RangeError);
  });
});

describe('probabilityByTurn', () => {
  it('is the chance of at least one copy among the cards seen by that turn', () => {
    expect(probabilityByTurn(50, 4, 1, true)).toBeCloseTo(0.3530395136778115, 12);
    expect(probabilityByTurn(50, 4, 1, false)).toBeCloseTo(0.41054711246200604, 12);
    expect(probabilityByTurn(50, 4, 3, true)).toBeCloseTo(0.4641337386018237, 12);
    expect(probabilityByTurn(50, 4, 3, false)).toBeCloseTo(0.5139817629179331, 12);
    for (let turn = 1; turn <= 10; turn++) {
      for (const goingFirst of [true, false]) {
        expect(probabilityByTurn(50, 2, turn, goingFirst)).toBe(hypergeometricAtLeastOne(50, 2, cardsSeenByTurn(turn, { goingFirst })));
      }
    }
  });

  it('is always better going second, and grows turn by turn', () => {
    for (let turn = 1; turn <= 30; turn++) {
      expect(probabilityByTurn(50, 4, turn, false)).toBeGreaterThanOrEqual(probabilityByTurn(50, 4, turn, true));
      if (turn > 1) expect(probabilityByTurn(50, 4, turn, true)).toBeGreaterThan(probabilityByTurn(50, 4, turn - 1, true));
    }
    expect(probabilityByTurn(50, 4, 2, true)).toBe(probabilityByTurn(50, 4, 1, false));
  });

  it('caps the cards seen at the deck size', () => {
    expect(probabilityByTurn(50, 1, 46, true)).toBe(1);
    expect(probabilityByTurn(50, 1, 100, false)).toBe(1);
    expect(probabilityByTurn(50, 0, 100, false)).toBe(0);
  });

  it('refuses invalid input with a RangeError', () => {
    expect(() => probabilityByTurn(50, 4, 0, true)).toThrow(RangeError);
    expect(() => probabilityByTurn(50, 51, 1, true)).toThrow(RangeError);
    expect(() => probabilityByTurn(-1, 0, 1, true)).toThrow(RangeError);
    expect(() => probabilityByTurn(Number.NaN, 0, 1, true)).toThrow(RangeError);
  });
});

describe('expandRows', () => {
  it('repeats each card by its quantity, in row order', () => {
    expect(expandRows([{ card: 'a', quantity: 2 }, { card: 'b', quantity: 0 }, { card: 'c', quantity: 3 }])).toEqual(['a', 'a', 'c', 'c', 'c']);
    expect(expandRows([])).toEqual([]);
  });

  it('keeps the card objects themselves', () => {
    const card = { cardNumber: 'OP01-016' };
    const flat = expandRows([{ card, quantity: 4 }]);
    expect(flat).toHaveLength(4);
    expect(flat.every((c) => c === card)).toBe(true);
  });

  it('refuses a quantity that is not a non-negative integer', () => {
    for (const quantity of [-1, 1.5, Number.NaN, Infinity]) expect(() => expandRows([{ card: 'a', quantity }])).toThrow(RangeError);
  });
});

describe('shuffle', () => {
  it('is Fisher–Yates: an rng always at 0 rotates left by one, one just below 1 keeps the order', () => {
    expect(shuffle([0, 1, 2, 3, 4], () => 0)).toEqual([1, 2, 3, 4, 0]);
    expect(shuffle([0, 1, 2, 3, 4], () => 0.999999)).toEqual([0, 1, 2, 3, 4]);
  });

  it('asks the rng once per position but the first', () => {
    let calls = 0;
    shuffle(range(50), () => {
      calls++;
      return 0.5;
    });
    expect(calls).toBe(49);
    expect(shuffle([], () => 0)).toEqual([]);
    expect(shuffle(['x'], () => 0)).toEqual(['x']);
  });

  it('refuses an rng that leaves [0, 1)', () => {
    for (const r of [1, -0.1, Number.NaN, 2]) expect(() => shuffle([1, 2, 3], () => r)).toThrow(RangeError);
  });

  it('reaches every permutation of 3 cards about equally often', () => {
    const rng = mulberry32(7);
    const counts = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = shuffle(['a', 'b', 'c'], rng).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const n of counts.values()) expect(Math.abs(n / 60_000 - 1 / 6)).toBeLessThan(0.01);
  });
});

describe('drawOpeningHand', () => {
  const deck = range(50);

  it('draws 5 cards and leaves the other 45 as the deck, without changing the input', () => {
    const before = deck.slice();
    const { hand, rest, mulliganed } = drawOpeningHand(deck, mulberry32(1));
    expect(hand).toHaveLength(5);
    expect(rest).toHaveLength(45);
    expect(mulliganed).toBe(false);
    expect([...hand, ...rest].sort((a, b) => a - b)).toEqual(deck);
    expect(deck).toEqual(before);
  });

  it('is deterministic with a seeded rng', () => {
    const a = drawOpeningHand(deck, mulberry32(42));
    const b = drawOpeningHand(deck, mulberry32(42));
    expect(a).toEqual(b);
    expect(a.hand).toEqual([35, 47, 43, 10, 38]); // checked against an independent implementation
    expect(drawOpeningHand(deck, mulberry32(43)).hand).not.toEqual(a.hand);
  });

  it('draws the top 5 of the shuffled deck', () => {
    expect(drawOpeningHand(range(8), () => 0)).toEqual({ hand: [1, 2, 3, 4, 5], rest: [6, 7, 0], mulliganed: false });
  });

  it('draws what there is from a deck smaller than a hand', () => {
    expect(drawOpeningHand([1, 2, 3], () => 0.999999)).toEqual({ hand: [1, 2, 3], rest: [], mulliganed: false });
    expect(drawOpeningHand([])).toEqual({ hand: [], rest: [], mulliganed: false });
  });

  it('works with Math.random by default', () => {
    const { hand, rest } = drawOpeningHand(deck);
    expect(sorted([...hand, ...rest].map(String))).toEqual(sorted(deck.map(String)));
  });

  it('finds a 4-of in about 35.3% of 20,000 simulated hands, and each number of copies as often as the pmf says', () => {
    const cards = expandRows([
      { card: 'target', quantity: 4 },
      { card: 'other', quantity: 46 },
    ]);
    const rng = mulberry32(2024);
    const trials = 20_000;
    const byCopies = [0, 0, 0, 0, 0];
    for (let i = 0; i < trials; i++) {
      const copies = drawOpeningHand(cards, rng).hand.filter((c) => c === 'target').length;
      byCopies[copies]!++;
    }
    const seen = (trials - byCopies[0]!) / trials;
    expect(Math.abs(seen - hypergeometricAtLeastOne(50, 4, 5))).toBeLessThan(0.01);
    for (let k = 0; k <= 4; k++) expect(Math.abs(byCopies[k]! / trials - hypergeometricExactly(50, 4, 5, k)), `k=${k}`).toBeLessThan(0.01);
  });
});

describe('mulligan', () => {
  const deck = range(50);

  it('puts the hand back, shuffles the whole deck and draws 5 fresh cards', () => {
    const opening = drawOpeningHand(deck, mulberry32(5));
    const before = structuredClone(opening);
    const again = mulligan(opening, mulberry32(6));
    expect(again.mulliganed).toBe(true);
    expect(again.hand).toHaveLength(5);
    expect(again.rest).toHaveLength(45);
    expect([...again.hand, ...again.rest].sort((a, b) => a - b)).toEqual(deck);
    expect(opening).toEqual(before);
  });

  it('is deterministic with a seeded rng and equals a fresh draw of the whole deck', () => {
    const opening = drawOpeningHand(deck, mulberry32(5));
    const a = mulligan(opening, mulberry32(9));
    expect(mulligan(opening, mulberry32(9))).toEqual(a);
    expect(a).toEqual({ ...drawOpeningHand([...opening.hand, ...opening.rest], mulberry32(9)), mulliganed: true });
  });

  it('accepts a plain hand and rest', () => {
    expect(mulligan({ hand: [0, 1, 2, 3, 4], rest: [5, 6, 7] }, () => 0)).toEqual({ hand: [1, 2, 3, 4, 5], rest: [6, 7, 0], mulliganed: true });
  });

  it('allows only one mulligan', () => {
    const again = mulligan(drawOpeningHand(deck, mulberry32(1)), mulberry32(2));
    expect(() => mulligan(again, mulberry32(3))).toThrow('Only one mulligan is allowed');
  });

  it('gives the same odds as the opening hand over 20,000 simulated mulligans', () => {
    const cards = expandRows([
      { card: 'target', quantity: 4 },
      { card: 'other', quantity: 46 },
    ]);
    const rng = mulberry32(99);
    let hits = 0;
    for (let i = 0; i < 20_000; i++) if (mulligan(drawOpeningHand(cards, rng), rng).hand.includes('target')) hits++;
    expect(Math.abs(hits / 20_000 - hypergeometricAtLeastOne(50, 4, 5))).toBeLessThan(0.01);
  });
});
