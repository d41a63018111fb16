import type { CardDetailResponse, CardFacetsResponse, CardListResponse } from '@grandline/core/contracts/cards';
import type { ErrorResponse } from '@grandline/core/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEvery } from '../../testing/expect-every';
import { createSeededTestApp, getJson } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createSeededTestApp>>;

beforeAll(async () => {
  ctx = await createSeededTestApp();
});
afterAll(async () => {
  await ctx.database.close();
});

const list = (query: string) => getJson<CardListResponse>(ctx.app, `/api/cards${query}`);

describe('GET /api/cards', () => {
  it('pages through every print of the library', async () => {
    const { status, body } = await list('?prints=all');
    expect(status).toBe(200);
    expect(body.total).toBe(4845);
    expect(body.items).toHaveLength(24);
    expect(body).toMatchObject({ page: 1, pageSize: 24 });
    expectEvery(body.items, (c) => c.printCount === undefined);
    const last = await list('?prints=all&page=49&pageSize=100');
    expect(last.body.items).toHaveLength(45);
    const beyond = await list('?prints=all&page=60&pageSize=100');
    expect(beyond.body).toMatchObject({ items: [], total: 4845 });
  });

  it('lists one row per card number by default, its prints counted under it', async () => {
    const first = await list('?pageSize=100');
    expect(first.status).toBe(200);
    const pages = Math.ceil(first.body.total / 100);
    const numbers = new Set<string>();
    let prints = 0;
    for (let page = 1; page <= pages; page++) {
      const { body } = page === 1 ? first : await list(`?pageSize=100&page=${page}`);
      for (const card of body.items) {
        expect(numbers.has(card.cardNumber), card.cardNumber).toBe(false);
        numbers.add(card.cardNumber);
        prints += card.printCount ?? 0;
      }
    }
    // Every print is counted under exactly one row, and every number has one row.
    expect(numbers.size).toBe(first.body.total);
    expect(prints).toBe(4845);
    const beyond = await list(`?pageSize=100&page=${pages + 2}`);
    expect(beyond.body).toMatchObject({ items: [], total: first.body.total });
    // The row is the number's base print: OP01-001 has parallels, its row is the print without a variant.
    const luffy = await list('?q=OP01-001');
    expect(luffy.body.total).toBe(1);
    expect(luffy.body.items[0]).toMatchObject({ cardNumber: 'OP01-001', isVariation: false });
    expect(luffy.body.items[0]!.printCount).toBeGreaterThanOrEqual(2);
    // A filter that only a parallel meets shows that parallel as the row.
    const sp = await list('?rarity=SP%20CARD&pageSize=5');
    expect(sp.body.total).toBeGreaterThan(0);
    expectEvery(sp.body.items, (c) => c.rarity === 'SP CARD' && c.printCount! >= 1);
  });

  it('ranks exact numbers, then exact names, then names, then cards that only mention the words', async () => {
    // The test's own reading of the ranks: punctuation folded to spaces, then exact, whole words, prefix, anywhere.
    const norm = (s: string) => ` ${s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
    const rank = (name: string, text: string) => {
      const n = norm(name);
      const q = norm(text);
      return n === q ? 0 : n.includes(q) ? 1 : n.startsWith(q.trimEnd()) ? 2 : n.includes(q.trim()) ? 3 : 4;
    };
    // A number first; a search for the start of a number lists that set's numbers before any text mention.
    const byNumber = await list('?q=op01-0');
    expect(byNumber.body.items[0]!.cardNumber.startsWith('OP01-0')).toBe(true);
    // Real names of the library: cards named exactly "Nami" come before "Nami & …" and before text mentions.
    const nami = await list('?q=nami&pageSize=100');
    const ranks = nami.body.items.map((c) => rank(c.name, 'nami'));
    expect(ranks[0]).toBe(0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks).toContain(4);
    // "luffy" is a whole word of Monkey.D.Luffy: those come before names that merely start with it.
    const luffy = await list('?q=luffy&pageSize=100');
    const luffyRanks = luffy.body.items.map((c) => rank(c.name, 'luffy'));
    expect(luffy.body.items[0]!.name).toBe('Monkey.D.Luffy');
    expect(luffyRanks).toEqual([...luffyRanks].sort((a, b) => a - b));
    // Punctuation does not matter: "monkey d luffy" is the exact name.
    expect((await list('?q=monkey%20d%20luffy')).body.items[0]!.name).toBe('Monkey.D.Luffy');
    // Every word in the name ranks before a card that only mentions them; numbers ascend within a rank.
    const zoro = await list('?q=zoro&pageSize=100');
    const inName = zoro.body.items.map((c) => norm(c.name).includes('zoro'));
    const zoroRanks = zoro.body.items.map((c) => rank(c.name, 'zoro'));
    expect(zoroRanks).toEqual([...zoroRanks].sort((a, b) => a - b));
    const firstTextOnly = inName.indexOf(false);
    expect(firstTextOnly).toBeGreaterThan(0);
    expect(inName.slice(firstTextOnly).every((x) => !x)).toBe(true);
    // Numbers ascend within a rank.
    for (const r of new Set(zoroRanks)) {
      const same = zoro.body.items.filter((_, i) => zoroRanks[i] === r).map((c) => c.cardNumber);
      expect(same).toEqual([...same].sort());
    }
    // A sort the user picks wins over relevance.
    const byName = await list('?q=zoro&sort=name&pageSize=100');
    const names = byName.body.items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('searches names case-insensitively with partial words', async () => {
    const { body } = await list('?q=ZORO&pageSize=100');
    expect(body.total).toBeGreaterThan(20);
    expectEvery(body.items, (c) => /zoro/i.test(`${c.name} ${c.cardText} ${c.subtypes.join(' ')}`));
    expect(body.items.some((c) => c.name === 'Roronoa Zoro')).toBe(true);
  });

  it('searches card numbers and card text, accent-insensitively', async () => {
    const byNumber = await list('?q=op01-001&prints=all');
    expectEvery(byNumber.body.items, (c) => c.cardNumber === 'OP01-001');
    expect(byNumber.body.total).toBeGreaterThanOrEqual(2);
    const byText = await list('?q=rush&type=Character&pageSize=100');
    expect(byText.body.total).toBeGreaterThan(10);
    expectEvery(byText.body.items, (c) => /rush/i.test(c.cardText ?? ''));
    const accented = await list('?q=z%C3%B3r%C3%B3');
    expect(accented.body.total).toBe((await list('?q=zoro')).body.total);
  });

  it('matches every word of a multi-word search', async () => {
    const { body } = await list('?q=roronoa%20zoro&pageSize=100');
    expect(body.total).toBeGreaterThan(0);
    expectEvery(body.items, (c) => /roronoa/i.test(c.name + c.cardText) && /zoro/i.test(c.name + c.cardText));
  });

  it('filters by color (any of several), type and set', async () => {
    const redLeaders = await list('?color=Red&type=Leader&pageSize=100');
    expect(redLeaders.body.total).toBeGreaterThan(10);
    expectEvery(redLeaders.body.items, (c) => c.cardType === 'Leader' && c.colors.includes('Red'));
    const two = await list('?color=Red,Green&type=Leader&pageSize=100&page=1');
    expect(two.body.total).toBeGreaterThan(redLeaders.body.total);
    expectEvery(two.body.items, (c) => c.colors.includes('Red') || c.colors.includes('Green'));
    const repeated = await list('?color=Red&color=Green&type=Leader');
    expect(repeated.body.total).toBe(two.body.total);
    const op01 = await list('?set=op-01&pageSize=100');
    expectEvery(op01.body.items, (c) => c.set?.code === 'OP-01');
    expect((await list('?set=OP-01')).body.total).toBe(op01.body.total);
  });

  it('filters by cost and power ranges, counter, rarity, attribute, subtype and block', async () => {
    const cost = await list('?costMin=3&costMax=4&pageSize=100');
    expectEvery(cost.body.items, (c) => c.cost !== null && c.cost >= 3 && c.cost <= 4);
    const power = await list('?powerMin=7000&powerMax=7000&pageSize=100');
    expectEvery(power.body.items, (c) => c.power === 7000);
    const counter = await list('?counter=2000&pageSize=100');
    expectEvery(counter.body.items, (c) => c.counter === 2000);
    const noCounter = await list('?counter=0&type=Character&pageSize=100');
    expectEvery(noCounter.body.items, (c) => c.counter === null);
    const sec = await list('?rarity=SEC&pageSize=100');
    expect(sec.body.total).toBeGreaterThan(0);
    expectEvery(sec.body.items, (c) => c.rarity === 'SEC');
    const wisdom = await list('?attribute=Wisdom&pageSize=100');
    expectEvery(wisdom.body.items, (c) => c.attributes.includes('Wisdom'));
    const crew = await list('?subtype=Straw%20Hat%20Crew&pageSize=100');
    expect(crew.body.total).toBeGreaterThan(50);
    expectEvery(crew.body.items, (c) => c.subtypes.includes('Straw Hat Crew'));
    const block = await list('?block=4&pageSize=100');
    expectEvery(block.body.items, (c) => c.blockIcon === '4');
  });

  it('hides parallels and alternate arts when variations are off', async () => {
    const all = await list('?q=op01-001&prints=all');
    const base = await list('?q=op01-001&variations=false&prints=all');
    expect(base.body.total).toBe(1);
    expect(all.body.total).toBeGreaterThan(1);
    const numbers = await list('?variations=false&pageSize=1&prints=all');
    expect(numbers.body.total).toBeLessThan(4845);
    expect(numbers.body.total).toBeGreaterThanOrEqual(2785);
  });

  it('sorts by number, name, cost and power in both directions', async () => {
    const byCost = await list('?type=Character&sort=cost&order=desc&pageSize=50');
    const costs = byCost.body.items.map((c) => c.cost ?? -1);
    expect(costs).toHaveLength(50);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const byPower = await list('?type=Character&sort=power&pageSize=50');
    const powers = byPower.body.items.map((c) => c.power ?? 0);
    expect(powers).toHaveLength(50);
    expect(powers).toEqual([...powers].sort((a, b) => a - b));
    const byName = await list('?sort=name&pageSize=50');
    const names = byName.body.items.map((c) => c.name);
    expect(names).toHaveLength(50);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byNumber = await list('?sort=number&order=desc&pageSize=50');
    const nums = byNumber.body.items.map((c) => c.cardNumber);
    expect(nums).toHaveLength(50);
    expect(nums).toEqual([...nums].sort().reverse());
  });

  it('treats search wildcards as plain text', async () => {
    const { body } = await list('?q=%25');
    expect(body.total).toBe(0);
  });

  it('answers bad parameters with 400 and an error code, never 500', async () => {
    for (const query of [
      '?pageSize=101',
      '?page=0',
      '?page=abc',
      '?color=Pink',
      '?type=Don',
      '?costMin=-1',
      '?costMin=5&costMax=2',
      '?sort=rarity',
      '?variations=maybe',
    ]) {
      const res = await ctx.app.request(`/api/cards${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as ErrorResponse;
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.message).not.toBe('');
    }
    const inverted = await getJson<ErrorResponse>(ctx.app, '/api/cards?costMin=5&costMax=2');
    expect(inverted.body.error.message).toMatch(/Minimum cost must not be greater than maximum cost/);
  });
});

describe('GET /api/cards/:id', () => {
  it('returns the card with its variations', async () => {
    const search = await list('?q=op01-001&variations=false');
    const base = search.body.items[0]!;
    const { status, body } = await getJson<CardDetailResponse>(ctx.app, `/api/cards/${base.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: base.id, cardNumber: 'OP01-001', name: 'Roronoa Zoro', cardType: 'Leader', life: 5 });
    expect(body.variations.length).toBeGreaterThan(0);
    expectEvery(body.variations, (v) => v.cardNumber === 'OP01-001' && v.id !== base.id);
  });

  it('says where the card number stands today in Standard and Extra, with the rule and its date', async () => {
    const detail = async (number: string) => {
      const base = (await list(`?q=${number.toLowerCase()}&variations=false`)).body.items.find((c) => c.cardNumber === number)!;
      return (await getJson<CardDetailResponse>(ctx.app, `/api/cards/${base.id}`)).body;
    };
    // OP01-001 Zoro: block 1, never reprinted with a newer one: out of Standard since the April 2026 rotation.
    const zoro = await detail('OP01-001');
    expect(zoro.legality).toEqual({ standard: 'rotated', extra: 'legal' });
    expect(zoro.legalityDetails?.standard).toMatchObject({ status: 'rotated', since: '2026-04-01', minBlock: 2 });
    // Gecko Moria, banned since 2025-04-01 in both formats, with the announcement's page.
    const moria = await detail('OP06-086');
    expect(moria.legality).toEqual({ standard: 'banned', extra: 'banned' });
    expect(moria.legalityDetails?.extra).toMatchObject({ since: '2025-04-01', source: 'https://en.onepiece-cardgame.com/rules/restriction' });
    // Luffy OP11-040: legal alone, with its two banned pairs.
    const luffy = await detail('OP11-040');
    expect(luffy.legality).toEqual({ standard: 'legal', extra: 'legal' });
    expect(luffy.legalityDetails?.standard.pairs.map((p) => p.cardNumber)).toEqual(['OP11-067', 'OP08-069']);
  });

  it('404s an unknown id and 400s a malformed one', async () => {
    const missing = await getJson<ErrorResponse>(ctx.app, '/api/cards/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('CARD_NOT_FOUND');
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await ctx.app.request(`/api/cards/${id}`);
      expect(res.status, id).toBe(400);
    }
  });
});

describe('GET /api/cards/facets', () => {
  it('lists subtypes and sets for the filters', async () => {
    const { body } = await getJson<CardFacetsResponse>(ctx.app, '/api/cards/facets');
    expect(body.subtypes).toContain('Straw Hat Crew');
    expect(body.subtypes).not.toContain('?');
    expect(body.sets).toHaveLength(190);
  });
});

describe('GET /api/cards compression', () => {
  it('sends gzip to clients that accept it, with the same JSON', async () => {
    const plain = await ctx.app.request('/api/cards?q=zoro');
    const zipped = await ctx.app.request('/api/cards?q=zoro', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const { gunzipSync } = await import('node:zlib');
    const unzipped = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8');
    expect(JSON.parse(unzipped)).toEqual(await plain.json());
  });
});

describe('GET /api/cards cache', () => {
  it('answers a repeated query string from the cache with the same body, and still rejects bad ones', async () => {
    const first = await ctx.app.request('/api/cards?type=Stage&costMax=1');
    const again = await ctx.app.request('/api/cards?type=Stage&costMax=1');
    expect(await again.text()).toBe(await first.text());
    expect((await ctx.app.request('/api/cards?type=Stage&costMax=99')).status).toBe(400);
    expect((await ctx.app.request('/api/cards?type=Stage&costMax=99')).status).toBe(400);
  });
});

describe('hostile input on the library (400, never 500)', () => {
  it('refuses NUL in a search, set or type filter and ids beyond the integer column', async () => {
    for (const query of ['q', 'set', 'subtype']) {
      const { status, body } = await getJson<ErrorResponse>(ctx.app, `/api/cards?${query}=${encodeURIComponent('luffy\u0000')}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe('VALIDATION_ERROR');
    }
    for (const id of ['2147483648', '9007199254740992', '1e10', 'Infinity']) {
      const { status, body } = await getJson<ErrorResponse>(ctx.app, `/api/cards/${id}`);
      expect(status, id).toBe(400);
      expect(body.error.issues).toEqual([{ path: 'id', message: 'Invalid card ID' }]);
    }
    expect((await getJson(ctx.app, `/api/cards/2147483647`)).status).toBe(404);
    expect((await getJson(ctx.app, `/api/sets/${encodeURIComponent('op-01\u0000')}`)).status).toBe(400);
  });
});
