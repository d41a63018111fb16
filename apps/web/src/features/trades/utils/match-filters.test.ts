import type { MatchCard, Trade, TradeMatch } from '@grandline/core/contracts/trades';
import { describe, expect, it } from 'vitest';
import { clampQuantity, filterMatches, matchCountries, NO_FILTERS, pickAll, pickedValue, pickLines, tradeActions } from './match-filters';

const card = (cardId: number, quantity: number, value: number | null): MatchCard => ({ cardId, cardNumber: `OP01-00${cardId}`, name: 'X', variant: null, quantity, value });
const match = (username: string, country: string | null, twoSided: boolean, valueTheyHave: number): TradeMatch => ({
  user: { username, displayName: null, avatarUrl: null, country },
  theyHave: [],
  youHave: [],
  twoSided,
  valueTheyHave,
  valueYouHave: 0,
  following: false,
});

describe('match filters', () => {
  const items = [match('a', 'BR', true, 1000), match('b', 'US', false, 500), match('c', null, true, 50)];
  it('keeps everything without filters', () => expect(filterMatches(items, NO_FILTERS)).toHaveLength(3));
  it('filters by country, two-sided and value range', () => {
    expect(filterMatches(items, { ...NO_FILTERS, country: 'BR' }).map((m) => m.user.username)).toEqual(['a']);
    expect(filterMatches(items, { ...NO_FILTERS, twoSidedOnly: true }).map((m) => m.user.username)).toEqual(['a', 'c']);
    expect(filterMatches(items, { ...NO_FILTERS, minValue: 100, maxValue: 600 }).map((m) => m.user.username)).toEqual(['b']);
  });
  it('lists the countries once, sorted', () => expect(matchCountries([...items, match('d', 'BR', false, 1)])).toEqual(['BR', 'US']));
});

describe('proposal picks', () => {
  const cards = [card(1, 2, 400), card(2, 1, null), card(3, 3, 300)];
  it('starts with every card at its full quantity and values them', () => {
    const picks = pickAll(cards);
    expect(picks).toEqual({ 1: 2, 2: 1, 3: 3 });
    expect(pickedValue(cards, picks)).toBe(700);
  });
  it('values a part of a card proportionally and drops zero lines', () => {
    const picks = { 1: 1, 2: 0, 3: 0 };
    expect(pickedValue(cards, picks)).toBe(200);
    expect(pickLines(picks)).toEqual([{ cardId: 1, quantity: 1 }]);
  });
  it('keeps a typed quantity within what is available', () => {
    expect(clampQuantity(5, 2)).toBe(2);
    expect(clampQuantity(-1, 2)).toBe(0);
    expect(clampQuantity(Number.NaN, 2)).toBe(0);
  });
});

describe('trade actions', () => {
  const party = { username: 'x', displayName: null, avatarUrl: null, country: null };
  const trade = (over: Partial<Trade>): Trade => ({
    id: 't', status: 'proposed', mine: true, proposer: party, recipient: party, give: [], get: [], note: null,
    proposerReceived: false, recipientReceived: false, createdAt: '', updatedAt: '', completedAt: null, ...over,
  });
  it('lets the recipient accept or decline, the proposer cancel', () => {
    expect(tradeActions(trade({ mine: false }))).toEqual({ accept: true, decline: true, cancel: false, complete: false });
    expect(tradeActions(trade({ mine: true }))).toEqual({ accept: false, decline: false, cancel: true, complete: false });
  });
  it('lets each party mark an accepted trade received once', () => {
    expect(tradeActions(trade({ status: 'accepted', mine: false })).complete).toBe(true);
    expect(tradeActions(trade({ status: 'accepted', mine: false, recipientReceived: true })).complete).toBe(false);
    expect(tradeActions(trade({ status: 'completed' }))).toEqual({ accept: false, decline: false, cancel: false, complete: false });
  });
});
