/** Cards in a One Piece opening hand (and in the hand drawn again by a mulligan). */
export const OPENING_HAND_SIZE = 5;

const assertCount = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
};

/** Validates a draw of `draws` cards from `deckSize` cards holding `copies` copies of the card sought. */
function assertDraw(deckSize: number, copies: number, draws: number) {
  assertCount('deckSize', deckSize);
  assertCount('copies', copies);
  assertCount('draws', draws);
  if (copies > deckSize) throw new RangeError(`copies (${copies}) cannot exceed deckSize (${deckSize})`);
  if (draws > deckSize) throw new RangeError(`draws (${draws}) cannot exceed deckSize (${deckSize})`);
}

/**
 * Probability of drawing at least one of `copies` copies when drawing `draws` cards without replacement from
 * `deckSize` cards: 1 − C(N−K, n) / C(N, n), computed as the product ∏ (N−K−i)/(N−i) over i < n (no big
 * factorials). Throws RangeError unless all arguments are non-negative integers with copies, draws ≤ deckSize.
 */
export function hypergeometricAtLeastOne(deckSize: number, copies: number, draws: number): number {
  assertDraw(deckSize, copies, draws);
  if (copies === 0 || draws === 0) return 0;
  const others = deckSize - copies;
  if (draws > others) return 1;
  let none = 1;
  for (let i = 0; i < draws; i++) none *= (others - i) / (deckSize - i);
  return 1 - none;
}

/**
 * The whole distribution of the number of copies drawn, from `lo` = max(0, n − (N − K)) to `hi` = min(K, n).
 * The mode's probability is computed as a product of ratios, the others by the pmf recurrence walking away from
 * the mode, so no term underflows before its true value does.
 */
function distribution(deckSize: number, copies: number, draws: number) {
  const others = deckSize - copies;
  const lo = Math.max(0, draws - others);
  const hi = Math.min(copies, draws);
  const mode = Math.min(hi, Math.max(lo, Math.floor(((draws + 1) * (copies + 1)) / (deckSize + 2))));

  // P(X = m) = C(n, m) · [K]_m · [N−K]_(n−m) / [N]_n, with [x]_j the falling factorial, [N]_n split in two.
  let p = 1;
  for (let j = 0; j < Math.max(mode, draws - mode); j++) {
    if (j < mode) p *= ((draws - j) * (copies - j)) / ((j + 1) * (deckSize - j));
    if (j < draws - mode) p *= (others - j) / (deckSize - mode - j);
  }

  const pmf = new Array<number>(hi - lo + 1).fill(0);
  pmf[mode - lo] = p;
  // P(X = i + 1) / P(X = i) = (K − i)(n − i) / ((i + 1)(N − K − n + i + 1))
  for (let i = mode; i < hi; i++) pmf[i + 1 - lo] = (pmf[i - lo]! * (copies - i) * (draws - i)) / ((i + 1) * (others - draws + i + 1));
  for (let i = mode; i > lo; i--) pmf[i - 1 - lo] = (pmf[i - lo]! * i * (others - draws + i)) / ((copies - i + 1) * (draws - i + 1));
  return { lo, hi, mode, pmf };
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** Probability of drawing exactly `k` copies (the hypergeometric pmf). Same RangeErrors as the others. */
export function hypergeometricExactly(deckSize: number, copies: number, draws: number, k: number): number {
  assertDraw(deckSize, copies, draws);
  assertCount('k', k);
  const { lo, hi, pmf } = distribution(deckSize, copies, draws);
  return k < lo || k > hi ? 0 : pmf[k - lo]!;
}

/**
 * Probability of drawing at least `k` of `copies` copies when drawing `draws` cards without replacement from
 * `deckSize` cards: the sum of the hypergeometric pmf from k up (or 1 minus the sum below k when k is at or below
 * the mode, the shorter and better-conditioned side). k = 0 gives 1; k above min(copies, draws) gives 0.
 * Throws RangeError as `hypergeometricAtLeastOne` does, and unless k is a non-negative integer.
 */
export function hypergeometricAtLeast(deckSize: number, copies: number, draws: number, k: number): number {
  assertDraw(deckSize, copies, draws);
  assertCount('k', k);
  const lo = Math.max(0, draws - (deckSize - copies));
  const hi = Math.min(copies, draws);
  if (k <= lo) return 1;
  if (k > hi) return 0;
  const { mode, pmf } = distribution(deckSize, copies, draws);
  let sum = 0;
  if (k <= mode) {
    for (let i = lo; i < k; i++) sum += pmf[i - lo]!;
    return clamp01(1 - sum);
  }
  for (let i = hi; i >= k; i--) sum += pmf[i - lo]!;
  return clamp01(sum);
}

/**
 * Cards a player has seen (opening hand plus draws) by their own turn `turn` (1 = their first turn), One Piece
 * rules: a 5-card opening hand; each player draws 1 at the start of each of their turns, except the player
 * going first on their first turn. Going first: 5 + (turn − 1); going second: 5 + turn. A mulligan replaces the
 * hand with 5 fresh cards and does not change the count; Life cards are set aside face down, unseen, so they do not
 * change the odds either. Throws RangeError unless turn is an integer ≥ 1.
 */
export function cardsSeenByTurn(turn: number, { goingFirst }: { goingFirst: boolean }): number {
  if (!Number.isSafeInteger(turn) || turn < 1) throw new RangeError(`turn must be an integer ≥ 1, got ${turn}`);
  return OPENING_HAND_SIZE + turn - (goingFirst ? 1 : 0);
}

/**
 * Probability of having seen at least one of `copies` copies by the player's own turn `turn`. Draws are capped at
 * the deck size (a player who would draw past the end of the deck has seen all of it).
 */
export function probabilityByTurn(deckSize: number, copies: number, turn: number, goingFirst: boolean): number {
  const seen = cardsSeenByTurn(turn, { goingFirst });
  assertCount('deckSize', deckSize);
  return hypergeometricAtLeastOne(deckSize, copies, Math.min(seen, deckSize));
}

/** Flattens `{ card, quantity }` rows into one element per copy, in row order. Throws RangeError on a quantity that is not a non-negative integer. */
export function expandRows<C>(rows: readonly { card: C; quantity: number }[]): C[] {
  const out: C[] = [];
  for (const { card, quantity } of rows) {
    assertCount('quantity', quantity);
    for (let i = 0; i < quantity; i++) out.push(card);
  }
  return out;
}

/**
 * A shuffled copy of `items` (the input is not changed): Fisher–Yates with `rng`, which must return numbers in
 * [0, 1) like Math.random (RangeError otherwise).
 */
export function shuffle<T>(items: readonly T[], rng: () => number = Math.random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const r = rng();
    if (!(r >= 0 && r < 1)) throw new RangeError(`rng must return a number in [0, 1), got ${r}`);
    const j = Math.floor(r * (i + 1));
    const swap = out[i]!;
    out[i] = out[j]!;
    out[j] = swap;
  }
  return out;
}

export interface OpeningHand<T> {
  /** The 5 cards in hand (fewer only if the deck is smaller). */
  hand: T[];
  /** The rest of the deck, top card first. */
  rest: T[];
  /** Whether this hand comes from the mulligan (One Piece allows one). */
  mulliganed: boolean;
}

/**
 * Shuffles a flat deck (one element per copy; see `expandRows`) and draws the opening hand: the first 5 cards.
 * The input array is not changed.
 */
export function drawOpeningHand<T>(deck: readonly T[], rng: () => number = Math.random): OpeningHand<T> {
  const shuffled = shuffle(deck, rng);
  return { hand: shuffled.slice(0, OPENING_HAND_SIZE), rest: shuffled.slice(OPENING_HAND_SIZE), mulliganed: false };
}

/**
 * The mulligan: the hand goes back, the whole deck is shuffled again and 5 fresh cards are drawn. One Piece
 * allows it once, so a hand that is already a mulligan throws an Error.
 */
export function mulligan<T>(opening: Pick<OpeningHand<T>, 'hand' | 'rest'> & { mulliganed?: boolean }, rng: () => number = Math.random): OpeningHand<T> {
  if (opening.mulliganed) throw new Error('Only one mulligan is allowed');
  return { ...drawOpeningHand([...opening.hand, ...opening.rest], rng), mulliganed: true };
}
