import { trimChar } from '@grandline/core/slug';
import { setCodeOf } from './meta-figures';

/*
 * The missing cards of a list, written for the shops' own list imports (issue 43: "export the missing cards as TCGplayer
 * Mass Entry text and as a Cardmarket wants-list file"). Formats and the sources they were checked against:
 * docs/tournament-meta-web.md.
 *
 * - TCGplayer Mass Entry (https://www.tcgplayer.com/massentry) reads one card per line, "quantity name [SET]": the
 *   set's code in square brackets narrows a name to one set. The same lines joined with "||" can be handed to it in
 *   the address (`?productline=…&c=…`), which fills the box.
 * - Cardmarket's wants list ("Wants" → a list → "Add deck list") reads one card per line, "quantity name".
 */

export interface MissingCard {
  cardNumber: string;
  name: string;
  quantity: number;
}

/** A list's card as the deck page gives it: the print and its copies (the leader is one copy). */
interface ListCard {
  card: { id: number; name: string; cardNumber: string };
  quantity: number;
}

/**
 * What a list still needs against the copies owned per number (any print counts, as the collection check counts):
 * one entry per number, named as the list's first print of it, leader first.
 */
export function missingOfList(rows: readonly ListCard[], leader: ListCard['card'] | null | undefined, owned: Readonly<Record<string, number>>): MissingCard[] {
  const all = leader ? [{ card: leader, quantity: 1 }, ...rows] : rows;
  const needed = mergeMissing(all.map((r) => ({ cardNumber: r.card.cardNumber, name: r.card.name, quantity: r.quantity })));
  return needed.map((c) => ({ ...c, quantity: Math.max(0, c.quantity - Math.max(0, owned[c.cardNumber] ?? 0)) })).filter((c) => c.quantity > 0);
}

/** Every copy of a list by print (leader included): what the wishlist gets when nothing is owned. */
export function listPrints(rows: readonly ListCard[], leader: ListCard['card'] | null | undefined): { cardId: number; quantity: number }[] {
  const byId = new Map<number, number>();
  for (const r of leader ? [{ card: leader, quantity: 1 }, ...rows] : rows) if (r.quantity > 0) byId.set(r.card.id, (byId.get(r.card.id) ?? 0) + r.quantity);
  return [...byId].map(([cardId, quantity]) => ({ cardId, quantity }));
}

/** TCGplayer's product line for the One Piece Card Game (its Mass Entry page's `productline`). */
const TCGPLAYER_PRODUCT_LINE = 'One Piece Card Game';
const TCGPLAYER_MASS_ENTRY = 'https://www.tcgplayer.com/massentry';

/**
 * A card's name as one line may carry it: no line breaks, no square brackets (Mass Entry reads them as the set), no
 * "||" (the address's line separator), spaces collapsed.
 */
export function lineName(name: string): string {
  return name
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[[\]]/g, '')
    .replaceAll('||', '|')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The cards with something missing, each number once (copies added up), in the order given. */
export function mergeMissing(cards: readonly MissingCard[]): MissingCard[] {
  const byNumber = new Map<string, MissingCard>();
  for (const card of cards) {
    if (card.quantity <= 0) continue;
    const seen = byNumber.get(card.cardNumber);
    if (seen) seen.quantity += card.quantity;
    else byNumber.set(card.cardNumber, { ...card });
  }
  return [...byNumber.values()];
}

/** TCGplayer Mass Entry text: "2 Trafalgar Law [OP01]", one line per missing card number. */
export function tcgplayerMassEntry(cards: readonly MissingCard[]): string {
  return mergeMissing(cards)
    .map((c) => `${c.quantity} ${lineName(c.name)} [${setCodeOf(c.cardNumber)}]`)
    .join('\n');
}

/** The Mass Entry page with the lines filled in (its `c` parameter: the lines joined with "||"). */
export function tcgplayerMassEntryUrl(cards: readonly MissingCard[]): string {
  const lines = tcgplayerMassEntry(cards).split('\n').filter(Boolean);
  const params = new URLSearchParams({ productline: TCGPLAYER_PRODUCT_LINE, c: lines.join('||') });
  return `${TCGPLAYER_MASS_ENTRY}?${params.toString()}`;
}

/**
 * Cardmarket wants-list text: "2 Trafalgar Law", one line per missing card number, ending with a line break (a text
 * file). Two numbers with the same name stay two lines: Cardmarket asks which version each one is.
 */
export function cardmarketWantsList(cards: readonly MissingCard[]): string {
  const lines = mergeMissing(cards).map((c) => `${c.quantity} ${lineName(c.name)}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** A file name for a list's exports: "wants-enel-op05-098.txt". */
export function exportFileName(prefix: string, leaderName: string, leaderNumber: string): string {
  const slug = trimChar(
    `${leaderName} ${leaderNumber}`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-'),
    '-',
  );
  return `${prefix}-${slug || 'list'}.txt`;
}
