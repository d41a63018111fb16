/**
 * Every operation of the OpenAPI document, called with each hostile value in each path parameter, query parameter and
 * body field (and one level into arrays of objects), signed out and signed in (as an administrator who accepted the
 * terms). No answer may be a 5xx or leak a stack trace; our own 4xx answers must be the JSON error object. The counts
 * are printed and written to test-results/security/openapi-fuzz.json for the report. The better-auth endpoints are
 * walked by auth-fuzz.security.test.ts, beside this one (the two run in parallel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../app';
import { catalogueIndex } from '../catalogue/catalogue-index';
import { startFuzzRun, type FuzzRun } from '../testing/fuzz-harness';
import { HOSTILE_QUERIES } from '../testing/hostile-queries';
import { HOSTILE_VALUES, hostileText, hostileUrlText, type HostileValue } from '../testing/hostile-values';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  format?: string;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

let run: FuzzRun;
let cardId: number;
let cardNumber: string;
let setSlug: string;
let deckId: string;
let binderId: string;
let rowId: number;

/** A value the schema accepts, for the fields the operation requires (hand-written bases cover the rest). */
function example(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return example(variants.find((v) => v.type !== 'null') ?? variants[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k) => [k, example(schema.properties?.[k])]));
    case 'array':
      return [example(schema.items)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return undefined;
  }
}

/** Hand-written valid bodies, so each field is fuzzed with every other field right. */
function baseBody(method: string, route: string): Record<string, unknown> | undefined {
  const key = `${method.toUpperCase()} ${route}`;
  const bases: Record<string, Record<string, unknown>> = {
    'POST /me/accept-terms': { username: 'fuzz_admin', countryCode: 'BR', ageConfirmed: true, tosAccepted: true },
    'PATCH /me/profile': { displayName: 'Fuzz', bio: 'Bio', avatarUrl: 'https://example.com/a.png', countryCode: 'BR', language: 'en', currency: 'USD', theme: 'dark', animations: true, marketplace: 'us', priceType: 'min' },
    'PUT /me/trading': { open: true, note: 'Spares of OP01', countries: ['BR'] },
    'POST /me/delete': { confirmation: 'not-the-address@example.com' },
    'PUT /admin/users/{id}/role': { role: 'user' },
    'POST /decks/validate': { game: 'onepiece', format: 'standard', list: `1x${cardNumber}`, withCards: false },
    'POST /decks': { name: 'Fuzz deck', format: 'standard', description: 'd', isPublic: false, leaderCardId: null, coverCardId: null, cards: [{ cardId, quantity: 1 }] },
    'PATCH /decks/{id}': { name: 'Fuzz deck', description: 'd', isPublic: false, coverCardId: null },
    'PUT /decks/{id}/cards': { cards: [{ cardId, quantity: 1 }] },
    'POST /binders': { name: 'Fuzz binder', category: 'trade', description: 'd', isPublic: false, coverCardId: null },
    'PATCH /binders/{id}': { name: 'Fuzz binder', description: 'd', isPublic: false, coverCardId: null },
    'POST /binders/{id}/cards': { cards: [{ cardId, quantity: 1, condition: 'NM', language: 'EN', purchasePrice: 1, purchaseCurrency: 'USD' }] },
    'PATCH /binders/{id}/cards/{rowId}': { quantity: 2, condition: 'NM', language: 'EN', purchasePrice: 1, purchaseCurrency: 'USD' },
    'POST /binders/{id}/cards/update': { rowIds: [rowId], condition: 'NM', language: 'EN' },
    // A row that does not exist: the base itself must not remove the row the other operations use.
    'POST /binders/{id}/cards/delete': { rowIds: [2_147_483_647] },
    'POST /wishlist/cards': { cards: [{ cardId, quantity: 1 }] },
    // No live source is configured in this app: a valid run is refused with 409, hostile values with 400.
    'POST /admin/prices/run': { source: 'tcgcsv' },
    'POST /admin/prices/pins': { source: 'tcgcsv', productId: '999999999', cardId },
    // No tournament source is configured in this app: a valid run is refused with 400 SOURCE_NOT_CONFIGURED.
    'POST /admin/tournaments/run': { source: 'limitless' },
    // A tournament with one standing whose list is unpublished: stored once (then nothing new), hostile values a 400.
    'POST /admin/tournaments/upload': {
      details: { id: 'fuzz-tournament', name: 'Fuzz Cup', date: '2026-01-10T10:00:00Z', players: 2 },
      standings: [{ placing: 1, record: { wins: 1, losses: 0, ties: 0 } }],
    },
    'PATCH /admin/tournaments/{id}': { format: 'extra' },
    'POST /admin/deck-regulations': { game: 'onepiece', kind: 'banned', cardNumber: 'ST01-017', from: '2030-01-01', source: 'https://en.onepiece-cardgame.com/rules/restriction' },
    // An entry that does not exist: ending it is a 404, hostile values a 400.
    'POST /admin/deck-regulations/{id}/end': { until: '2031-01-01' },
    // A number the library has: a valid base is refused with 409 (nothing added), hostile values with 400.
    'POST /admin/cards/manual': { cardNumber, name: 'Fuzz card', cardType: 'Character', colors: ['Red'], cost: 1, blockIcon: '4', rarity: 'P' },
    // No price is stored: the first valid bases are created, then the plan limit (403) or the same rule (409) answer.
    // A query the language reads: each valid one is kept (up to the fuzz user's plan limit), hostile values a 400.
    'POST /searches': { name: 'Fuzz search', q: 't:leader (c:red or c:green) -o:"[On Play]" cost<=5' },
    // Trades (issue 44): a user who did not open to trades (404 TRADER_NOT_FOUND, the same as a missing one), hostile values a 400.
    'POST /trades': { to: 'fuzz_auth', give: [{ cardId, quantity: 1 }], get: [{ cardId, quantity: 1 }], note: 'A fuzz trade' },
    'POST /trades/{id}/complete': { binderId },
    'POST /buy-list': { leaderCardId: cardId, cards: [{ cardId, quantity: 2 }], currency: 'USD', priceType: 'min' },
    // Valid: the first ones are stored (and mailed), then the per-address limit answers 429.
    'POST /contact': { name: 'Fuzz', email: 'fuzz-contact@example.com', subject: 'Fuzz', message: 'A message', locale: 'en' },
    'POST /watches': { cardId, market: 'us', direction: 'above', threshold: 100000, currency: 'USD' },
    'PATCH /watches/{id}': { market: 'us', direction: 'above', threshold: 100000, currency: 'USD' },
    // The fuzz user's binder: the first valid base may run (or find nothing), the plan limit (403) answers after.
    'POST /reports/price-comparison': { scope: { binderId }, reference: 'us', compareAgainst: ['market3', 'market5'], priceType: 'min', minDifferencePct: 0, referenceMin: null, referenceMax: null, currency: 'USD', page: 1 },
  };
  return bases[key];
}

function pathValue(route: string, name: string): string {
  if (name === 'rowId') return String(rowId);
  if (name === 'cardId') return String(cardId);
  if (name === 'slug') return setSlug;
  if (route.startsWith('/cards/')) return String(cardId);
  if (route.startsWith('/decks/')) return deckId;
  if (route.startsWith('/binders/')) return binderId;
  if (route.startsWith('/admin/users/')) return run.otherUserId;
  // Another user's profile: the admin follows and unfollows them, and lists their followers.
  if (route.startsWith('/profiles/')) return 'fuzz_auth';
  if (route.startsWith('/admin/deck-regulations/')) return '999999';
  // A Leader with lists or none, and a tournament we do not have: 200 and 404 for the base, 400 for hostile values.
  if (route.startsWith('/meta/leaders/')) return 'OP01-001';
  if (route.startsWith('/tournaments/')) return 'no-such-tournament';
  // A watch and a notification that do not exist: a 404 for the base, a 400 for hostile values.
  if (route.startsWith('/watches/')) return '00000000-0000-4000-8000-000000000000';
  if (route.startsWith('/notifications/')) return '999999';
  // A report that does not exist: exporting it is a 404, hostile values a 400.
  if (route.startsWith('/reports/')) return '00000000-0000-4000-8000-000000000000';
  // An invitation and a member that do not exist: a 404 for the base, a 400 or 404 for hostile values.
  if (route.startsWith('/family/invites/')) return '00000000-0000-4000-8000-000000000000';
  if (route.startsWith('/family/members/')) return 'no-such-member';
  // No print added by hand has this id: removing it is a 404.
  if (route.startsWith('/admin/cards/manual/')) return '999999';
  // A saved search that does not exist: deleting it is a 404, hostile values a 400.
  if (route.startsWith('/searches/')) return '00000000-0000-4000-8000-000000000000';
  // A user who is not open to trades (nobody has this name): a 404, hostile values a 400.
  if (route.startsWith('/traders/')) return 'no_such_trader';
  // A trade that does not exist: each step and the read are a 404, hostile values a 400.
  if (route.startsWith('/trades/')) return '00000000-0000-4000-8000-000000000000';
  // A comment that does not exist: deleting, reporting or dismissing it is a 404, hostile values a 400.
  if (route.startsWith('/comments/') || route.startsWith('/admin/comments/')) return '00000000-0000-4000-8000-000000000000';
  // A contact message that does not exist: marking it is a 404, hostile values a 400.
  if (route.startsWith('/admin/contact-messages/')) return '00000000-0000-4000-8000-000000000000';
  // A pin that does not exist: removing it is a 404, hostile values a 400.
  if (route.startsWith('/admin/prices/pins/') && name === 'source') return 'tcgcsv';
  if (route.startsWith('/admin/prices/pins/') && name === 'productId') return '999999999';
  // A tournament that does not exist: correcting its format is a 404, hostile values a 400.
  if (route.startsWith('/admin/tournaments/')) return 'no-such-tournament';
  throw new Error(`no value for path parameter ${name} of ${route}`);
}

const QUERY_BASES: Record<string, Record<string, string>> = {
  '/legal/version': { doc: 'terms_of_service' },
  '/profiles/username-available': { name: 'someone_free' },
  '/binders/{id}/import': { format: 'optcgsim', mode: 'merge', currency: 'BRL' },
};

type Slot = { kind: 'path' | 'query' | 'body' | 'item' | 'whole-body' | 'text-body'; name: string; item?: string };

/** One call of an operation with one slot holding a hostile value (or none: the base call). */
function buildCall(route: string, method: string, op: Operation, slot?: Slot, hostile?: HostileValue) {
  const value = hostile?.value;
  let url = route;
  for (const p of op.parameters?.filter((x) => x.in === 'path') ?? []) {
    const text = slot?.kind === 'path' && slot.name === p.name && hostile ? hostileUrlText(hostile) : encodeURIComponent(pathValue(route, p.name));
    url = url.replace(`{${p.name}}`, text);
  }
  const query = Object.entries(QUERY_BASES[route] ?? {})
    .filter(([k]) => !(slot?.kind === 'query' && slot.name === k))
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  if (slot?.kind === 'query' && hostile) {
    if (Array.isArray(value) && value.length) for (const v of value) query.push(`${slot.name}=${hostileUrlText(hostile, v)}`);
    else query.push(`${slot.name}=${hostileUrlText(hostile)}`);
  }
  const search = query.join('&');
  const content = op.requestBody?.content ?? {};
  let body: string | undefined;
  let type: string | undefined;
  if (content['application/json']) {
    type = 'application/json';
    const schema = content['application/json'].schema;
    const base = structuredClone(baseBody(method, route) ?? (example(schema) as Record<string, unknown>));
    if (slot?.kind === 'whole-body') body = JSON.stringify(value);
    else {
      if (slot?.kind === 'body') base[slot.name] = value;
      if (slot?.kind === 'item') {
        const list = base[slot.name];
        if (Array.isArray(list) && slot.item === undefined) list[0] = value;
        else if (Array.isArray(list)) (list[0] as Record<string, unknown>)[slot.item!] = value;
      }
      body = JSON.stringify(base);
    }
  } else if (content['text/plain'] || content['text/csv']) {
    type = 'text/plain';
    body = slot?.kind === 'text-body' ? hostileText(value) : `1x${cardNumber}`;
  }
  return { url: `/api${url}${search ? `?${search}` : ''}`, body, type };
}

/** Where hostile values go in an operation. */
function slotsOf(op: Operation): Slot[] {
  const slots: Slot[] = [];
  for (const p of op.parameters ?? []) if (p.in === 'path' || p.in === 'query') slots.push({ kind: p.in, name: p.name });
  const content = op.requestBody?.content ?? {};
  const schema = content['application/json']?.schema;
  if (schema) {
    slots.push({ kind: 'whole-body', name: '(body)' });
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      slots.push({ kind: 'body', name });
      const items = prop.items;
      if (items?.properties) for (const field of Object.keys(items.properties)) slots.push({ kind: 'item', name, item: field });
      else if (items) slots.push({ kind: 'item', name });
    }
  } else if (content['text/plain'] || content['text/csv']) slots.push({ kind: 'text-body', name: '(file)' });
  return slots;
}

/** The search language's `q` (GET /cards) also gets the hostile queries of the language (testing/hostile-queries.ts). */
const SEARCH_QUERY_SLOTS = new Set(['/cards query:q']);
const QUERY_VALUES: readonly HostileValue[] = HOSTILE_QUERIES.map((h) => ({ name: `query: ${h.name}`, value: h.q }));
const valuesFor = (route: string, slot: Slot) => (SEARCH_QUERY_SLOTS.has(`${route} ${slot.kind}:${slot.name}`) ? [...HOSTILE_VALUES, ...QUERY_VALUES] : HOSTILE_VALUES);

const slotName = (s: Slot) => (s.kind === 'item' ? `${s.name}[0]${s.item ? `.${s.item}` : ''}` : `${s.kind === 'whole-body' || s.kind === 'text-body' ? '' : `${s.kind}:`}${s.name}`);

beforeAll(async () => {
  run = await startFuzzRun();
  const index = await catalogueIndex(run.ctx.db);
  const card = [...index.byId.values()].find((c) => !c.isVariation && c.cardType === 'Character')!;
  cardId = card.id;
  cardNumber = card.cardNumber;
  setSlug = card.set!.slug;
  const json = async (method: string, url: string, body: unknown) => {
    const res = await run.send(method, url, { body: JSON.stringify(body), type: 'application/json', cookie: run.admin });
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  };
  deckId = (await json('POST', '/api/decks', { name: 'Fuzz target', format: 'standard' })).id as string;
  binderId = (await json('POST', '/api/binders', { name: 'Fuzz target', category: 'personal' })).id as string;
  await json('POST', `/api/binders/${binderId}/cards`, { cards: [{ cardId, quantity: 3 }] });
  const rows = (await (await run.send('GET', `/api/binders/${binderId}/cards`, { cookie: run.admin })).json()) as { items: { id: number }[] };
  rowId = rows.items[0]!.id;
}, 180_000);

afterAll(async () => {
  await run?.finish('openapi-fuzz');
});

describe('OpenAPI fuzz: every operation with hostile values', () => {
  it('answers every hostile value with a 4xx JSON error or a success, never a 5xx or a stack trace', async () => {
    const { admin, failures, stats, perOperation, send, check } = run;
    const before = failures.length;
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths).flatMap(([route, item]) => Object.entries(item).map(([method, op]) => ({ route, method, op })));
    expect(operations.length).toBeGreaterThan(30);
    for (const { route, method, op } of operations) {
      stats.operations++;
      const slots = slotsOf(op);
      stats.fields += slots.length;
      const sent = stats.requests;
      for (const cookie of [undefined, admin]) {
        const who = cookie ? 'signed in' : 'signed out';
        // The base call works (signed in), so the hostile values below are tried one at a time against a valid call.
        const base = buildCall(route, method, op);
        await check(`${method.toUpperCase()} ${route} base, ${who}`, '-', await send(method.toUpperCase(), base.url, { ...base, cookie }), true);
        for (const slot of slots) {
          for (const hostile of valuesFor(route, slot)) {
            const call = buildCall(route, method, op, slot, hostile);
            const res = await send(method.toUpperCase(), call.url, { body: call.body, type: call.type, cookie });
            await check(`${method.toUpperCase()} ${route} ${slotName(slot)}, ${who}`, hostile.name, res, true);
          }
        }
      }
      perOperation.push({ operation: `${method.toUpperCase()} /api${route}`, slots: slots.map(slotName), requests: stats.requests - sent });
    }
    const found = failures.slice(before);
    expect(found, JSON.stringify(found.slice(0, 20), null, 2)).toEqual([]);
  });
});
