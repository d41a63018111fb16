import type { SearchKeyword } from '@grandline/core/search/ast';

/**
 * The syntax page's sections (/cards/syntax): what each keyword of the language is typed as, and examples that run
 * when clicked. The texts are in the `search` namespace under `sections.<id>` and `examples.<id>`; the queries are the
 * language's and read the same in every language.
 */
export interface SyntaxSection {
  id: string;
  /** The canonical keywords the section explains (the page test checks every keyword has one). */
  keywords: SearchKeyword[];
  /** How it is typed. */
  forms: string[];
  examples: { id: string; q: string }[];
}

export const SYNTAX_SECTIONS: SyntaxSection[] = [
  {
    id: 'words',
    keywords: [],
    forms: ['luffy', '"straw hat"'],
    examples: [
      { id: 'word', q: 'luffy' },
      { id: 'phrase', q: '"straw hat"' },
    ],
  },
  {
    id: 'combine',
    keywords: [],
    forms: ['a b', 'a or b', '-a', '( )'],
    examples: [
      { id: 'and', q: 'zoro t:leader' },
      { id: 'or', q: 'nami or robin' },
      { id: 'not', q: 't:navy -t:leader' },
      { id: 'group', q: '(c:red or c:green) t:leader' },
    ],
  },
  { id: 'name', keywords: ['name'], forms: ['name:', 'n:', 'name='], examples: [{ id: 'nameContains', q: 'name:nami' }, { id: 'nameEquals', q: 'name="Nami"' }] },
  {
    id: 'text',
    keywords: ['text'],
    forms: ['o:', 'oracle:', 'text:'],
    examples: [
      { id: 'rush', q: 'o:[Rush]' },
      { id: 'onPlayDraw', q: 'o:"[On Play]" o:draw' },
    ],
  },
  { id: 'type', keywords: ['type'], forms: ['t:', 'type:'], examples: [{ id: 'leaders', q: 't:leader' }, { id: 'crew', q: 't:"straw hat crew"' }] },
  {
    id: 'color',
    keywords: ['color'],
    forms: ['c:', 'color:', 'c=', 'c<=', 'c!='],
    examples: [
      { id: 'red', q: 'c:red' },
      { id: 'redGreen', q: 'c:rg' },
      { id: 'onlyRed', q: 'c=red' },
      { id: 'playable', q: 'c<=red/green -t:leader' },
    ],
  },
  {
    id: 'numbers',
    keywords: ['cost', 'power', 'counter', 'life', 'block'],
    forms: ['cost', 'power', 'counter', 'life', 'block', ': = != < <= > >='],
    examples: [
      { id: 'cheap', q: 'cost<=2 t:character' },
      { id: 'strong', q: 'power>=7000' },
      { id: 'noCounter', q: 'counter=0 t:character' },
      { id: 'life', q: 'life>=5' },
      { id: 'block', q: 'block>=3' },
    ],
  },
  { id: 'rarity', keywords: ['rarity'], forms: ['r:', 'rarity:'], examples: [{ id: 'secret', q: 'r:sec' }, { id: 'special', q: 'r:sp' }] },
  { id: 'attr', keywords: ['attr'], forms: ['a:', 'attr:'], examples: [{ id: 'slash', q: 'a:slash' }] },
  { id: 'set', keywords: ['set'], forms: ['set:', 's:', 'e:'], examples: [{ id: 'op05', q: 'set:op05' }, { id: 'eb04', q: 'set:eb04' }] },
  { id: 'num', keywords: ['num'], forms: ['num:', 'number:'], examples: [{ id: 'numSet', q: 'num:op05' }, { id: 'starter', q: 'num:st10-00' }] },
  {
    id: 'is',
    keywords: ['is'],
    forms: ['is:parallel', 'is:base', 'is:vanilla', 'is:trigger'],
    examples: [
      { id: 'parallel', q: 'is:parallel r:sr' },
      { id: 'vanilla', q: 'is:vanilla' },
      { id: 'trigger', q: 'is:trigger t:event' },
    ],
  },
  {
    id: 'legal',
    keywords: ['legal', 'banned'],
    forms: ['legal:standard', 'legal:extra', 'banned:standard', 'banned:extra'],
    examples: [
      { id: 'legalStandard', q: 'legal:standard t:leader' },
      { id: 'banned', q: 'banned:standard' },
    ],
  },
  { id: 'price', keywords: ['price'], forms: ['price<', 'price>=', '…'], examples: [{ id: 'cheapPrice', q: 'price<2 r:sr' }] },
  {
    id: 'owned',
    keywords: ['owned'],
    forms: ['is:owned', 'owned', 'is:wishlist'],
    examples: [
      { id: 'owned', q: 'is:owned' },
      { id: 'playset', q: 'owned>=4' },
      { id: 'wishlist', q: 'is:wishlist' },
    ],
  },
];
