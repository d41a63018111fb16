import type { RowSet, TraderRows } from './trade-book';

/*
 * What two users could swap (issue 44), from their rows in the trade book:
 * - they have: their Trade rows of prints on my wishlist — the wished print itself, or for an "any print" row any
 *   print of its number — whose condition is at least as good as the row's (when it names one; a copy of unknown
 *   condition satisfies no condition) and whose language is the row's (when it names one);
 * - you have: my Trade rows against their wishlist, by the same rules;
 * - each side is capped at what is wanted: per wish row the matching copies are taken in order (the exact print
 *   first, then by print and row) until the row's quantity is reached, and a Trade row never gives more than it holds.
 * Pure and synchronous: the caller pauses between users. One user is matched against a thousand others per request,
 * so my side is indexed once in typed arrays (a chain of rows per print and per number) and the claims of one pair
 * live in reused arrays.
 */

export interface MatchLine {
  cardId: number;
  quantity: number;
}

const accepts = (copies: RowSet, c: number, wishes: RowSet, w: number) => copies.cond[c]! <= wishes.cond[w]! && (wishes.lang[w] === 0 || copies.lang[c] === wishes.lang[w]);

/** Rows chained by a key (a print, or a number): `head[key]` is the first row, `next[row]` the following one, -1 the end. */
interface Chains {
  head: Int32Array;
  next: Int32Array;
}

function chain(keys: Int32Array, keep: (i: number) => boolean = () => true): Chains {
  let size = 0;
  for (const key of keys) size = Math.max(size, key + 1);
  const head = new Int32Array(size).fill(-1);
  const next = new Int32Array(keys.length).fill(-1);
  // Backwards, so that each chain runs in row order.
  for (let i = keys.length - 1; i >= 0; i--) {
    if (!keep(i)) continue;
    next[i] = head[keys[i]!]!;
    head[keys[i]!] = i;
  }
  return { head, next };
}

const first = (chains: Chains, key: number) => (key < chains.head.length ? chains.head[key]! : -1);

/** The claims of one side of one pair: copies of a Trade row offered against one wish row. */
class Claims {
  wish: number[] = [];
  alt: number[] = [];
  row: number[] = [];
  private copies!: RowSet;
  private wishes!: RowSet;

  reset(copies: RowSet, wishes: RowSet) {
    this.copies = copies;
    this.wishes = wishes;
    this.wish.length = this.alt.length = this.row.length = 0;
  }

  add(c: number, w: number, alt: number) {
    if (!accepts(this.copies, c, this.wishes, w)) return;
    this.wish.push(w);
    this.alt.push(alt);
    this.row.push(c);
  }

  /** The copies each print gives once every wish row took its share, in order, and no Trade row gave more than it holds. */
  settle(): MatchLine[] {
    const n = this.wish.length;
    if (!n) return [];
    const { copies, wishes } = this;
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => this.wish[a]! - this.wish[b]! || this.alt[a]! - this.alt[b]! || copies.card[this.row[a]!]! - copies.card[this.row[b]!]! || copies.id[this.row[a]!]! - copies.id[this.row[b]!]!);
    const given = new Map<number, number>();
    let wish = -1;
    let taken = 0;
    for (const i of order) {
      const w = this.wish[i]!;
      const c = this.row[i]!;
      if (w !== wish) [wish, taken] = [w, 0];
      const have = copies.qty[c]!;
      const alloc = Math.max(0, Math.min(have, wishes.qty[w]! - taken));
      taken += have;
      given.set(c, (given.get(c) ?? 0) + alloc);
    }
    const byCard = new Map<number, number>();
    for (const [c, sum] of given) {
      const q = Math.min(copies.qty[c]!, sum);
      if (q > 0) byCard.set(copies.card[c]!, (byCard.get(copies.card[c]!) ?? 0) + q);
    }
    return [...byCard].map(([cardId, quantity]) => ({ cardId, quantity }));
  }
}

/** My side, indexed once for every other user. */
export function matcherFor(me: TraderRows) {
  const wishByCard = chain(me.wish.card);
  const anyWishByNum = chain(me.wish.num, (i) => me.wish.any[i] === 1);
  const tradeByCard = chain(me.trade.card);
  const tradeByNum = chain(me.trade.num);
  const claims = new Claims();
  return (them: TraderRows): { theyHave: MatchLine[]; youHave: MatchLine[] } => {
    const theirs = them.trade;
    claims.reset(theirs, me.wish);
    for (let c = 0; c < theirs.card.length; c++) {
      const card = theirs.card[c]!;
      for (let w = first(wishByCard, card); w >= 0; w = wishByCard.next[w]!) claims.add(c, w, 0);
      for (let w = first(anyWishByNum, theirs.num[c]!); w >= 0; w = anyWishByNum.next[w]!) if (me.wish.card[w] !== card) claims.add(c, w, 1);
    }
    const theyHave = claims.settle();
    const wishes = them.wish;
    claims.reset(me.trade, wishes);
    for (let w = 0; w < wishes.card.length; w++) {
      const card = wishes.card[w]!;
      for (let c = first(tradeByCard, card); c >= 0; c = tradeByCard.next[c]!) claims.add(c, w, 0);
      if (wishes.any[w]) for (let c = first(tradeByNum, wishes.num[w]!); c >= 0; c = tradeByNum.next[c]!) if (me.trade.card[c] !== card) claims.add(c, w, 1);
    }
    return { theyHave, youHave: claims.settle() };
  };
}
