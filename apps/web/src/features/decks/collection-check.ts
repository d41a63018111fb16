import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';

/** One card number of the deck against the collection: any print of a number counts as owned. */
interface CollectionCheckRow {
  cardNumber: string;
  /** The deck's print of this number (the first one when the deck has several). */
  card: Card;
  needed: number;
  owned: number;
  /** Copies still to get: needed − owned, never below 0. */
  missing: number;
  /** The deck's prints of this number with the copies each still misses, owned copies covering them in deck order. */
  missingPrints: { cardId: number; quantity: number }[];
}

export interface CollectionCheck {
  rows: CollectionCheckRow[];
  /** Copies the deck needs, leader included. */
  needed: number;
  /** Of those, copies the collection covers. */
  owned: number;
  missing: number;
  /** Every missing copy, by print: what "add missing cards to wishlist" sends. */
  missingCards: { cardId: number; quantity: number }[];
}

/**
 * The deck's collection check (spec §2): for each card number of the deck (the leader first, then the
 * rows in deck order), the copies needed, owned over Personal and Trade binders, and missing.
 */
export function collectionCheck(rows: readonly DeckRow[], owned: Readonly<Record<string, number>>, leader?: Card | null): CollectionCheck {
  const byNumber = new Map<string, { card: Card; prints: { cardId: number; quantity: number }[] }>();
  const all = leader ? [{ card: leader, quantity: 1 }, ...rows] : rows;
  for (const { card, quantity } of all) {
    if (quantity <= 0) continue;
    const entry = byNumber.get(card.cardNumber) ?? { card, prints: [] };
    const print = entry.prints.find((p) => p.cardId === card.id);
    if (print) print.quantity += quantity;
    else entry.prints.push({ cardId: card.id, quantity });
    byNumber.set(card.cardNumber, entry);
  }

  const result: CollectionCheck = { rows: [], needed: 0, owned: 0, missing: 0, missingCards: [] };
  for (const [cardNumber, { card, prints }] of byNumber) {
    const needed = prints.reduce((n, p) => n + p.quantity, 0);
    const have = Math.max(0, owned[cardNumber] ?? 0);
    let cover = have;
    const missingPrints: { cardId: number; quantity: number }[] = [];
    for (const p of prints) {
      const covered = Math.min(cover, p.quantity);
      cover -= covered;
      if (p.quantity > covered) missingPrints.push({ cardId: p.cardId, quantity: p.quantity - covered });
    }
    const missing = Math.max(0, needed - have);
    result.rows.push({ cardNumber, card, needed, owned: have, missing, missingPrints });
    result.needed += needed;
    result.owned += needed - missing;
    result.missing += missing;
    result.missingCards.push(...missingPrints);
  }
  return result;
}

/** The missing copies not yet in the wishlist (by print), so pressing "add missing" twice adds nothing twice. */
export const notInWishlist = (missing: readonly { cardId: number; quantity: number }[], wishlist: readonly number[]) => {
  const have = new Set(wishlist);
  return missing.filter((m) => !have.has(m.cardId));
};
