import type { RowSet, TraderRows } from './trade-book';

/*
 * What two users could swap (issue 44), from their rows in the trade book:
 * - they have: their Trade rows of prints on my wishlist — the wished print itself, or for an "any print" row any
 *   print of its number — whose condition is at least as good as the row's (when it names one; a copy of unknown
 *   condition satisfies no condition) and whose language is the row's (when it names one);
 * - you have: my Trade rows against their wishlist, by the same rules;
 * - each side is capped at what is wanted: per wish row the matching copies are taken in order (the exact print
 *   first, then by print and row) until the row's quantity is reached, and a Trade row never gives more than it holds.
 * Pure and synchronous: the caller pauses between users.
 */

export interface MatchLine {
  cardId: number;
  quantity: number;
}

/** A Trade row's copies offered against one wish row. */
interface Claim {
  wish: number;
  wanted: number;
  /** 0: the wished print itself; 1: another print of its number ("any print"). */
  alt: number;
  card: number;
  /** The Trade row's id (the order among equal prints) and index. */
  tid: number;
  row: number;
  have: number;
}

const accepts = (copies: RowSet, c: number, wishes: RowSet, w: number) => copies.cond[c]! <= wishes.cond[w]! && (wishes.lang[w] === 0 || copies.lang[c] === wishes.lang[w]);

/** Row indexes by a key (a print, or a number). */
function indexBy(keys: Int32Array, keep: (i: number) => boolean = () => true): Map<number, number[]> {
  const out = new Map<number, number[]>();
  keys.forEach((key, i) => {
    if (!keep(i)) return;
    const list = out.get(key);
    if (list) list.push(i);
    else out.set(key, [i]);
  });
  return out;
}

/** The copies each print gives once every wish row took its share, in order, and no Trade row gave more than it holds. */
function settle(claims: Claim[]): MatchLine[] {
  claims.sort((a, b) => a.wish - b.wish || a.alt - b.alt || a.card - b.card || a.tid - b.tid);
  const given = new Map<number, { card: number; have: number; sum: number }>();
  let wish = -1;
  let taken = 0;
  for (const c of claims) {
    if (c.wish !== wish) [wish, taken] = [c.wish, 0];
    const alloc = Math.max(0, Math.min(c.have, c.wanted - taken));
    taken += c.have;
    const row = given.get(c.row);
    if (row) row.sum += alloc;
    else given.set(c.row, { card: c.card, have: c.have, sum: alloc });
  }
  const byCard = new Map<number, number>();
  for (const g of given.values()) byCard.set(g.card, (byCard.get(g.card) ?? 0) + Math.min(g.have, g.sum));
  return [...byCard].filter(([, q]) => q > 0).map(([cardId, quantity]) => ({ cardId, quantity }));
}

/** What `copies` (Trade rows) give to `wishes` (wishlist rows), over the pairs of rows `pairs` names (a print or a number in common). */
function claimsOf(copies: RowSet, wishes: RowSet, pairs: (add: (c: number, w: number, alt: number) => void) => void): MatchLine[] {
  const claims: Claim[] = [];
  pairs((c, w, alt) => {
    if (accepts(copies, c, wishes, w)) claims.push({ wish: w, wanted: wishes.qty[w]!, alt, card: copies.card[c]!, tid: copies.id[c]!, row: c, have: copies.qty[c]! });
  });
  return claims.length ? settle(claims) : [];
}

/** My side, indexed once for every other user. */
export function matcherFor(me: TraderRows) {
  const wishByCard = indexBy(me.wish.card);
  const anyWishByNum = indexBy(me.wish.num, (i) => me.wish.any[i] === 1);
  const tradeByCard = indexBy(me.trade.card);
  const tradeByNum = indexBy(me.trade.num);
  return (them: TraderRows): { theyHave: MatchLine[]; youHave: MatchLine[] } => {
    const theirs = them.trade;
    const theyHave = claimsOf(theirs, me.wish, (add) => {
      for (let c = 0; c < theirs.card.length; c++) {
        const card = theirs.card[c]!;
        for (const w of wishByCard.get(card) ?? []) add(c, w, 0);
        for (const w of anyWishByNum.get(theirs.num[c]!) ?? []) if (me.wish.card[w] !== card) add(c, w, 1);
      }
    });
    const wishes = them.wish;
    const youHave = claimsOf(me.trade, wishes, (add) => {
      for (let w = 0; w < wishes.card.length; w++) {
        const card = wishes.card[w]!;
        for (const c of tradeByCard.get(card) ?? []) add(c, w, 0);
        if (wishes.any[w]) for (const c of tradeByNum.get(wishes.num[w]!) ?? []) if (me.trade.card[c] !== card) add(c, w, 1);
      }
    });
    return { theyHave, youHave };
  };
}
