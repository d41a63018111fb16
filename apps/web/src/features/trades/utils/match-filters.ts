import type { MatchCard, Trade, TradeMatch } from '@grandline/core/contracts/trades';

/** The matches list's filters, applied on the server's answer (it is one user's matches, not a search). */
export interface MatchFilters {
  /** A country code, or '' for any. */
  country: string;
  twoSidedOnly: boolean;
  /** Bounds on the value I would get, in hundredths; null: no bound. */
  minValue: number | null;
  maxValue: number | null;
}

export const NO_FILTERS: MatchFilters = { country: '', twoSidedOnly: false, minValue: null, maxValue: null };

export function filterMatches(items: TradeMatch[], f: MatchFilters): TradeMatch[] {
  return items.filter(
    (m) =>
      (!f.country || m.user.country === f.country) &&
      (!f.twoSidedOnly || m.twoSided) &&
      (f.minValue === null || m.valueTheyHave >= f.minValue) &&
      (f.maxValue === null || m.valueTheyHave <= f.maxValue),
  );
}

/** The countries the matched users are in, sorted, for the country filter. */
export const matchCountries = (items: TradeMatch[]) => [...new Set(items.map((m) => m.user.country).filter((c): c is string => !!c))].sort();

/** A proposal's chosen quantities per card id, one map per side. */
export type Picks = Record<number, number>;

/** Every card of a side at its full available quantity (a proposal starting from a match). */
export const pickAll = (cards: MatchCard[]): Picks => Object.fromEntries(cards.map((c) => [c.cardId, c.quantity]));

/** A quantity typed in the editor, kept between 0 and what is available. */
export const clampQuantity = (value: number, available: number) => (Number.isFinite(value) ? Math.min(available, Math.max(0, Math.trunc(value))) : 0);

/** The value of the picked copies: each card's value is for its full quantity, so a part of it is proportional. */
export function pickedValue(cards: MatchCard[], picks: Picks): number {
  let total = 0;
  for (const c of cards) {
    const q = picks[c.cardId] ?? 0;
    if (q > 0 && c.value !== null && c.quantity > 0) total += Math.round((c.value * q) / c.quantity);
  }
  return total;
}

/** The request's lines of a side: the picked cards with a quantity above 0. */
export const pickLines = (picks: Picks) =>
  Object.entries(picks)
    .filter(([, q]) => q > 0)
    .map(([cardId, quantity]) => ({ cardId: Number(cardId), quantity }));

/** What I may do with a trade now (the server checks again). */
export function tradeActions(trade: Trade): { accept: boolean; decline: boolean; cancel: boolean; complete: boolean } {
  const recipient = !trade.mine;
  const received = trade.mine ? trade.proposerReceived : trade.recipientReceived;
  return {
    accept: recipient && trade.status === 'proposed',
    decline: recipient && trade.status === 'proposed',
    cancel: trade.mine && (trade.status === 'proposed' || trade.status === 'accepted'),
    complete: trade.status === 'accepted' && !received,
  };
}

/** The other party of a trade, from my side. */
export const otherParty = (trade: Trade) => (trade.mine ? trade.recipient : trade.proposer);
