import { describe, expect, it } from 'vitest';
import type { SearchNode } from './ast';
import { formatQuery } from './format';
import { KEYWORD_ALIASES } from './keywords';
import { parseQuery } from './parse';

/** The tree without positions: what the structure tests compare. */
function shape(node: SearchNode): unknown {
  switch (node.type) {
    case 'and':
    case 'or':
      return { [node.type]: node.children.map(shape) };
    case 'not':
      return { not: shape(node.child) };
    case 'word':
      return node.text;
    case 'keyword':
      return `${node.keyword}${node.op}${Array.isArray(node.value) ? node.value.join('/') : node.value}`;
  }
}

const tree = (query: string) => shape(parseQuery(query));

describe('parseQuery: structure', () => {
  it('reads a bare word and a quoted phrase as words', () => {
    expect(parseQuery('zoro')).toEqual({ type: 'word', text: 'zoro', start: 0, end: 4 });
    expect(parseQuery('  "straw hat"  ')).toEqual({ type: 'word', text: 'straw hat', start: 2, end: 13 });
  });

  it('ANDs terms side by side, and AND binds tighter than OR: a b or c = (a b) or c', () => {
    expect(tree('a b c')).toEqual({ and: ['a', 'b', 'c'] });
    expect(tree('a b or c')).toEqual({ or: [{ and: ['a', 'b'] }, 'c'] });
    expect(tree('a b or c')).toEqual(tree('(a b) or c'));
    expect(tree('a or b c')).toEqual({ or: ['a', { and: ['b', 'c'] }] });
    expect(tree('a or b or c')).toEqual({ or: ['a', 'b', 'c'] });
  });

  it('takes or and OR (any case) as OR, but a quoted "or" as a word', () => {
    expect(tree('a OR b')).toEqual({ or: ['a', 'b'] });
    expect(tree('a Or b')).toEqual({ or: ['a', 'b'] });
    expect(tree('a "or" b')).toEqual({ and: ['a', 'or', 'b'] });
    expect(tree('orange oregon')).toEqual({ and: ['orange', 'oregon'] });
    expect(tree('a and b')).toEqual({ and: ['a', 'and', 'b'] });
  });

  it('groups with parentheses, nested, with or without spaces', () => {
    expect(tree('a (b or c)')).toEqual({ and: ['a', { or: ['b', 'c'] }] });
    expect(tree('(a)')).toEqual('a');
    expect(tree('((a or b) c) or d')).toEqual({ or: [{ and: [{ or: ['a', 'b'] }, 'c'] }, 'd'] });
    expect(tree('(c:red or c:blue)cost<3')).toEqual({ and: [{ or: ['color:Red', 'color:Blue'] }, 'cost<3'] });
  });

  it('negates a term or a group with a - right before it, repeatedly', () => {
    expect(tree('-a')).toEqual({ not: 'a' });
    expect(tree('-c:red')).toEqual({ not: 'color:Red' });
    expect(tree('-(a or b) c')).toEqual({ and: [{ not: { or: ['a', 'b'] } }, 'c'] });
    expect(tree('--a')).toEqual({ not: { not: 'a' } });
    expect(tree('-"a b"')).toEqual({ not: 'a b' });
    expect(tree('a -b or -c')).toEqual({ or: [{ and: ['a', { not: 'b' }] }, { not: 'c' }] });
  });

  it('keeps a dash inside a word or value: card numbers, names, num:st10-00', () => {
    expect(tree('OP01-001')).toEqual('OP01-001');
    expect(tree('bell-mère')).toEqual('bell-mère');
    expect(tree('num:st10-00')).toEqual('num:st10-00');
  });

  it('reads a keyword term with every operator', () => {
    expect(tree('cost:3')).toEqual('cost:3');
    expect(tree('cost=3')).toEqual('cost=3');
    expect(tree('cost!=3')).toEqual('cost!=3');
    expect(tree('cost<3')).toEqual('cost<3');
    expect(tree('cost<=3')).toEqual('cost<=3');
    expect(tree('cost>3')).toEqual('cost>3');
    expect(tree('cost>=3')).toEqual('cost>=3');
  });

  it('knows every alias of the issue, in any case', () => {
    const cases: [string, string][] = [
      ['name:luffy', 'name:luffy'],
      ['n:luffy', 'name:luffy'],
      ['name="Nami"', 'name=Nami'],
      ['o:draw', 'text:draw'],
      ['oracle:draw', 'text:draw'],
      ['text:draw', 'text:draw'],
      ['t:leader', 'type:leader'],
      ['type:navy', 'type:navy'],
      ['c:red', 'color:Red'],
      ['color:red', 'color:Red'],
      ['cost<=2', 'cost<=2'],
      ['power>=5000', 'power>=5000'],
      ['counter=0', 'counter=0'],
      ['life<5', 'life<5'],
      ['block>=3', 'block>=3'],
      ['block:x', 'block:x'],
      ['r:sec', 'rarity:sec'],
      ['rarity:sp', 'rarity:sp'],
      ['a:slash', 'attr:slash'],
      ['attr:wisdom', 'attr:wisdom'],
      ['set:op05', 'set:op05'],
      ['s:op-05', 'set:op-05'],
      ['e:prb01', 'set:prb01'],
      ['num:op05', 'num:op05'],
      ['number:st10-00', 'num:st10-00'],
      ['is:parallel', 'is:parallel'],
      ['is:base', 'is:base'],
      ['is:vanilla', 'is:vanilla'],
      ['is:trigger', 'is:trigger'],
      ['is:owned', 'is:owned'],
      ['is:wishlist', 'is:wishlist'],
      ['owned>=2', 'owned>=2'],
      ['legal:standard', 'legal:standard'],
      ['banned:extra', 'banned:extra'],
      ['price<2', 'price<2'],
      ['price<=0.5', 'price<=0.5'],
    ];
    for (const [query, expected] of cases) {
      expect(tree(query), query).toEqual(expected);
      // Keywords and values in capitals read the same (text values keep the case they were typed in).
      expect(String(tree(query.toUpperCase())).toLowerCase(), query.toUpperCase()).toBe(expected.toLowerCase());
    }
    const aliases = new Set(cases.map(([q]) => /^[a-z]+/i.exec(q)![0].toLowerCase()));
    expect([...aliases].sort()).toEqual(Object.keys(KEYWORD_ALIASES).sort());
  });

  it('reads values case-insensitively: colors, rarities, attributes, is, formats', () => {
    expect(tree('C:RED R:SEC A:SLASH IS:PARALLEL LEGAL:STANDARD')).toEqual({ and: ['color:Red', 'rarity:sec', 'attr:slash', 'is:parallel', 'legal:standard'] });
  });

  it('reads colors as names, letters, / and , lists, in card order without repeats', () => {
    expect(tree('c:rg')).toEqual('color:Red/Green');
    expect(tree('c:red/green')).toEqual('color:Red/Green');
    expect(tree('c:green,red')).toEqual('color:Red/Green');
    expect(tree('c:rgupby')).toEqual('color:Red/Green/Blue/Purple/Black/Yellow');
    expect(tree('c:purple/b')).toEqual('color:Purple/Black');
    expect(tree('c:rr')).toEqual('color:Red');
    expect(tree('c<=red/green c!=r c<rg c>r')).toEqual({ and: ['color<=Red/Green', 'color!=Red', 'color<Red/Green', 'color>Red'] });
  });

  it('reads "sp card" as the rarity sp', () => {
    expect(tree('r:"SP CARD"')).toEqual('rarity:sp');
  });

  it('takes quoted values with spaces, brackets and escaped quotes', () => {
    expect(tree('o:"[On Play]"')).toEqual('text:[On Play]');
    expect(tree('t:"straw hat crew"')).toEqual('type:straw hat crew');
    expect(tree('name:"Eustass\\"Captain\\"Kid"')).toEqual('name:Eustass"Captain"Kid');
    expect(tree('"a\\\\b"')).toEqual('a\\b');
    expect(tree('"a\\b"')).toEqual('a\\b');
  });

  it('keeps a [bracketed part] of a bare value or word whole, spaces included', () => {
    expect(tree('o:[Rush]')).toEqual('text:[Rush]');
    expect(tree('o:[On Play] c:red')).toEqual({ and: ['text:[On Play]', 'color:Red'] });
    expect(tree('[On Play]')).toEqual('[On Play]');
    expect(tree('(o:[Rush] or o:[Blocker])')).toEqual({ or: ['text:[Rush]', 'text:[Blocker]'] });
    // A [ that no ] follows is an ordinary character.
    expect(tree('o:[On Play')).toEqual({ and: ['text:[On', 'Play'] });
  });

  it('keeps the position of every term', () => {
    const ast = parseQuery('luffy -c:red (t:leader or "x y")');
    expect(ast).toMatchObject({
      type: 'and',
      children: [
        { type: 'word', start: 0, end: 5 },
        { type: 'not', child: { type: 'keyword', start: 7, end: 12 } },
        { type: 'or', children: [{ start: 14, end: 22 }, { start: 26, end: 31 }] },
      ],
    });
  });

  it('reads a bare word that is not letters then an operator as a word', () => {
    expect(tree('DON!!')).toEqual('DON!!');
    expect(tree('3:00')).toEqual('3:00');
    expect(tree('<3')).toEqual('<3');
    expect(tree('x1]')).toEqual('x1]');
  });

  it('accepts 32 nested parentheses and 60 terms', () => {
    expect(tree(`${'('.repeat(32)}a${')'.repeat(32)}`)).toEqual('a');
    expect(tree(Array.from({ length: 60 }, (_, i) => `w${i}`).join(' '))).toMatchObject({ and: expect.any(Array) });
  });
});

describe('formatQuery', () => {
  it('writes the canonical query: canonical keywords, colors as names, parentheses where needed', () => {
    expect(formatQuery(parseQuery('n:luffy C:RG o:[Rush] -(a or b) (c d) or e'))).toBe('name:luffy color:red/green text:"[Rush]" -(a or b) (c d) or e');
    expect(formatQuery(parseQuery('"or" "-x" "a:b" "say \\"hi\\""'))).toBe('"or" "-x" "a:b" "say \\"hi\\""');
    expect(formatQuery(parseQuery('-(a b) --c r:"sp card" block:X price<2.50'))).toBe('-(a b) --c rarity:sp block:x price<2.5');
  });
});
