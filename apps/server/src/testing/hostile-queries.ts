/**
 * Search-language queries an outside probe sends to find super-linear parsing or evaluation (issue 42): 500-character
 * pathological shapes, the nesting and term limits and one past them, unicode, quotes and backslashes. The security
 * suite sends each as `q` of GET /api/cards (openapi-fuzz: never a 5xx; search.security: within time, the event loop
 * free). Each is 500 characters at most unless its name says otherwise.
 */
const fill = (unit: string, length = 500) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const terms = (n: number, term: (i: number) => string, join = ' ') => Array.from({ length: n }, (_, i) => term(i)).join(join);

export const HOSTILE_QUERIES: readonly { name: string; q: string }[] = [
  { name: '32 nested parentheses (the limit)', q: `${'('.repeat(32)}luffy${')'.repeat(32)}` },
  { name: '33 nested parentheses', q: `${'('.repeat(33)}luffy${')'.repeat(33)}` },
  { name: '250 ( then 250 )', q: `${'('.repeat(250)}${')'.repeat(250)}` },
  { name: '500 (', q: fill('(') },
  { name: '500 )', q: fill(')') },
  { name: '499 - then a word', q: `${'-'.repeat(499)}a` },
  { name: '250 -( pairs', q: fill('-(') },
  { name: '500 quotes', q: fill('"') },
  { name: 'a phrase of escaped quotes', q: `"${'\\"'.repeat(249)}"` },
  { name: 'an unclosed phrase of backslashes', q: `"${'\\'.repeat(499)}` },
  { name: '500 [', q: fill('[') },
  { name: '[ then 499 ]', q: `[${']'.repeat(499)}` },
  { name: 'o:[ with 490 characters', q: `o:[${'a'.repeat(490)}]` },
  { name: 'alternating [ and "', q: fill('["') },
  { name: 'a or a … (101 terms)', q: fill('a or ') },
  { name: 'or or or …', q: fill('or ') },
  { name: '- - - …', q: fill('- ') },
  { name: '250 single-letter words', q: fill('a ') },
  { name: '250 unknown keywords', q: fill('x:') },
  { name: 'a color list of 494 characters', q: `c:${fill('r/g/u/p/b/y/', 494)}` },
  { name: 'a 495-digit cost', q: `cost>${'9'.repeat(495)}` },
  { name: 'a price with 400 decimals', q: `price<1.${'0'.repeat(400)}` },
  { name: '60 negated phrases (the term limit)', q: terms(60, (i) => `-"x${i}"`) },
  { name: '60 words joined by or', q: terms(60, (i) => `q${i}`, ' or ') },
  { name: '61 terms', q: terms(61, (i) => `a${i}`) },
  { name: '20 groups of three terms', q: terms(20, () => '(o:"[on play]" or -t:navy c<=rg)', ' or ').slice(0, 500) },
  { name: '250 astral characters', q: fill('𝔘') },
  { name: 'combining accents', q: fill('e\u0301') },
  { name: 'emoji with joiners', q: fill('👨‍👩‍👧‍👦') },
  { name: 'right-to-left text', q: fill('\u202eمرحبا שלום ') },
  { name: 'name= with quotes and backslashes', q: `name="${fill('\\"\\\\', 480)}"` },
  { name: 'keywords with every operator', q: fill('cost>=1 power<=2 counter!=3 life<4 block>5 ') },
  { name: '501 characters', q: fill('a', 501) },
  { name: '5,000 characters (past the limit)', q: fill('((-"[', 5000) },
];
