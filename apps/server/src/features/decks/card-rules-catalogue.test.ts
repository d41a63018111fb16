import { deckRulesOf } from '@grandline/core/decks/card-rules';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, loadPackageCards } from '../cards/catalogue-source';

/**
 * Every print of the real catalogue (the npm package) whose text holds "Under the rules of this game", with the deck
 * rules read from it, by card number: a new card with such a clause fails this test until docs/deck-rules.md and the
 * reader say what is done with it.
 */
describe('deck-building clauses of the whole catalogue', () => {
  it('are every one modelled, or known to change play only', () => {
    const found = new Map<string, string[]>();
    for (const print of buildCatalogue(loadPackageCards()).prints) {
      if (!print.cardText?.includes('Under the rules of this game')) continue;
      const kinds = deckRulesOf(print.cardText).map((r) => (r.kind === 'unmodelled' ? `unmodelled: ${r.text}` : r.kind));
      const known = found.get(print.cardNumber);
      if (known) expect(kinds, `${print.cardNumber}: prints read alike`).toEqual(known);
      else found.set(print.cardNumber, kinds);
    }
    expect(Object.fromEntries([...found].sort(([a], [b]) => a.localeCompare(b)))).toEqual({
      'EB04-038': [],
      'OP01-075': ['anyNumber'],
      'OP08-072': ['anyNumber'],
      'OP12-001': ['noCostFrom'],
      'OP13-079': ['noEventCostFrom'],
      'OP15-022': [],
      'OP15-058': ['donDeck'],
      'OP16-042': ['anyNumber'],
      'P-117': ['onlyType'],
    });
  });
});
