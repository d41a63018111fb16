/**
 * Binders (issue 5): a 10,000-row Liga CSV imported through the real HTTP API, then the binder's detail and first
 * page under load — on the running server (embedded PGlite), as a signed-up user with the terms accepted.
 */
import type { BinderCardsResponse, BinderDetail, ImportResult } from '@grandline/core/contracts/binders';
import type { Card } from '@grandline/core/contracts/cards';
import type { LoadResult } from './load';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const ROWS = 10_000;
const IMPORT_RUNS = 3;
const LOAD_CONNECTIONS = 10;
const LOAD_SECONDS = 5;
const CONDITIONS = ['M', 'NM', 'SP', 'MP', 'HP', 'D'];
const LANGUAGES = ['EN', 'JP', 'PT'];
/** What the Liga CSV reader accepts as a number and a print variant (packages/core/src/formats/collection-csv.ts). */
const NUMBER = /^((?:OP|ST|EB|PRB)\d{2}-\d{3}|P-\d{3})$/;
const VARIANT = /^[pr]\d+$/;

const binderTargets = { importMs: '< 2,000 ms (10,000 rows)', detailP99: '< 100 ms' };

interface ImportRun {
  ms: number;
  rowsPerSecond: number;
  imported: number;
  failures: number;
}

/** A load result of the binder scenarios, with whether it met its goal. */
interface BinderLoad extends LoadResult {
  pass: boolean;
}

export interface BindersResult {
  rows: number;
  csvBytes: number;
  distinctPrints: number;
  imports: ImportRun[];
  importMedianMs: number;
  importWorstMs: number;
  importMedianRowsPerSecond: number;
  /** Every run answered imported=10000 and failures=[], and the binder then held 10,000 rows. */
  importCorrect: boolean;
  importPass: boolean;
  load: { connections: number; durationSeconds: number; results: BinderLoad[] };
  targets: typeof binderTargets;
  /** Issue 14: GET /api/binders/{id}/value of the 10,000-row binder, one request at a time. */
  value?: { path: string; requests: number; p50Ms: number; p99Ms: number; computedMs?: number[]; computedWorstMs?: number; pass: boolean };
}

const mark = (pass: boolean) => (pass ? 'pass' : 'MISS');

/** The newest mail to `to` in DATA_DIR/mail (the embedded mailer writes one .eml per message), waiting for it. */
async function verificationLink(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (let waited = 0; waited < 10_000; waited += 50) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${to}.eml`)).sort() : [];
    const last = files[files.length - 1];
    if (last) {
      // Quoted-printable: join soft line breaks and decode =XX before looking for the link.
      const raw = fs
        .readFileSync(path.join(dir, last), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/.exec(raw)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification mail to ${to} in ${dir}`);
}

/** A confirmed account with the terms accepted, through better-auth's REST endpoints; returns the session cookie. */
export async function signedInUser(base: string, dataDir: string, email = `bench-${Math.random().toString(36).slice(2, 10)}@example.com`): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const json = { 'content-type': 'application/json', origin: base };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'Thousand-Sunny-7', name: 'bench' }) });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = new URL(await verificationLink(dataDir, email));
  const verified = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token=')) throw new Error(`e-mail confirmation did not sign in (${verified.status})`);
  const accept = await fetch(`${base}/api/me/accept-terms`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ username: `bench_${tag}`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }),
  });
  if (!accept.ok) throw new Error(`accept-terms failed: ${accept.status} ${await accept.text()}`);
  return cookie;
}

/** The bench's admin: the server the bench starts lists it in ADMIN_EMAILS (bench/run.ts). */
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';
const adminCookies = new Map<string, Promise<string>>();

/**
 * Puts the user signed in with `cookie` on `plan` the way an admin does in /admin (PUT /api/admin/users/{id}/plan):
 * a 10,000-card binder is beyond the Free plan's limit.
 */
export async function grantPlan(base: string, dataDir: string, cookie: string, plan: 'hobby' | 'family'): Promise<void> {
  const me = await fetch(`${base}/api/me`, { headers: { cookie } });
  if (!me.ok) throw new Error(`GET /api/me: ${me.status}`);
  const { user } = (await me.json()) as { user: { id: string } };
  if (!adminCookies.has(base)) adminCookies.set(base, signedInUser(base, dataDir, BENCH_ADMIN_EMAIL));
  const admin = await adminCookies.get(base)!;
  const res = await fetch(`${base}/api/admin/users/${user.id}/plan`, {
    method: 'PUT',
    headers: { cookie: admin, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ plan }),
  });
  if (!res.ok) throw new Error(`granting ${plan}: ${res.status} ${await res.text()}`);
}

/** Every print of the library that a Liga CSV row can name exactly: an edition code, a plain number, a p/r variant. */
export async function libraryPrints(base: string): Promise<Card[]> {
  const seen = new Set<string>();
  const prints: Card[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/cards?pageSize=100&page=${page}&sort=number&prints=all`);
    if (!res.ok) throw new Error(`GET /api/cards page ${page}: ${res.status}`);
    const body = (await res.json()) as { items: Card[]; total: number };
    for (const c of body.items) {
      const code = c.set?.code;
      if (!code || !NUMBER.test(c.cardNumber) || (c.variant && !VARIANT.test(c.variant))) continue;
      const key = `${code}:${c.cardNumber}:${c.variant ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      prints.push(c);
    }
    if (!body.items.length || page * 100 >= body.total) break;
  }
  return prints;
}

const csvCell = (s: string) => (/[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * A Liga collection CSV of `rows` distinct rows (print + condition + language): the library's prints in turn, each
 * pass with the next condition × language, so a big collection spreads over as many prints as the library has.
 */
export function ligaCsv(prints: Card[], rows: number): string {
  const combos = LANGUAGES.flatMap((language) => CONDITIONS.map((condition) => ({ condition, language })));
  if (prints.length * combos.length < rows) throw new Error(`only ${prints.length} importable prints: not enough for ${rows} distinct rows`);
  const lines = ['quantity,name,edition,number,variant,condition,language,price'];
  for (let i = 0; i < rows; i++) {
    const card = prints[i % prints.length]!;
    const { condition, language } = combos[Math.floor(i / prints.length)]!;
    const price = i % 3 === 0 ? '' : `${(i % 500) + 1},${String(i % 100).padStart(2, '0')}`;
    lines.push([String((i % 4) + 1), csvCell(card.name), card.set!.code!, card.cardNumber, card.variant ?? '', condition, language, csvCell(price)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function loadTest(base: string, cookie: string, name: string, urlPath: string): Promise<BinderLoad> {
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
  });
  return {
    name,
    path: urlPath,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    pass: result.latency.p99 < 100 && result.errors === 0 && result.non2xx === 0,
  };
}

/** Runs the binder scenarios against the server at `base`, whose DATA_DIR is `dataDir` (for the confirmation mail). */
export async function bindersBenchmark({ base, dataDir, log }: { base: string; dataDir: string; log: (msg: string) => void }): Promise<BindersResult> {
  const cookie = await signedInUser(base, dataDir);
  await grantPlan(base, dataDir, cookie, 'hobby');
  const writeHeaders = { origin: base, cookie };
  const created = await fetch(`${base}/api/binders`, {
    method: 'POST',
    headers: { ...writeHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench 10k', category: 'personal' }),
  });
  if (created.status !== 201) throw new Error(`POST /api/binders: ${created.status} ${await created.text()}`);
  const binderId = ((await created.json()) as BinderDetail).id;

  const prints = await libraryPrints(base);
  const csv = ligaCsv(prints, ROWS);
  const distinctPrints = Math.min(prints.length, ROWS);
  log(`binders: ${ROWS} CSV rows over ${distinctPrints} prints (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB)`);

  const imports: ImportRun[] = [];
  let importCorrect = true;
  for (let run = 1; run <= IMPORT_RUNS; run++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/binders/${binderId}/import?format=csv&mode=replace`, {
      method: 'POST',
      headers: { ...writeHeaders, 'content-type': 'text/csv' },
      body: csv,
    });
    const text = await res.text();
    const ms = +(performance.now() - started).toFixed(1);
    if (!res.ok) throw new Error(`import run ${run}: ${res.status} ${text.slice(0, 500)}`);
    const body = JSON.parse(text) as ImportResult;
    if (body.imported !== ROWS || body.failures.length) {
      importCorrect = false;
      log(`binders: import run ${run} answered imported=${body.imported}, failures=${body.failures.length}: ${JSON.stringify(body.failures.slice(0, 3))}`);
    }
    imports.push({ ms, rowsPerSecond: Math.round(ROWS / (ms / 1000)), imported: body.imported, failures: body.failures.length });
    log(`binders: import run ${run}: ${ms} ms (${imports[imports.length - 1]!.rowsPerSecond} rows/s), imported ${body.imported}, failures ${body.failures.length}`);
  }
  // The unique key is print + condition + language: 10,000 distinct rows must be 10,000 rows in the binder.
  const firstPage = (await (await fetch(`${base}/api/binders/${binderId}/cards?page=1&pageSize=60`, { headers: { cookie } })).json()) as BinderCardsResponse;
  if (firstPage.total !== ROWS) {
    importCorrect = false;
    log(`binders: the binder holds ${firstPage.total} rows after the import, not ${ROWS}`);
  }
  const sorted = imports.map((r) => r.ms).sort((a, b) => a - b);
  const importMedianMs = sorted[Math.floor(sorted.length / 2)]!;
  const importWorstMs = sorted[sorted.length - 1]!;

  const results: BinderLoad[] = [];
  for (const [name, urlPath] of [
    ['binder detail + stats (10,000 rows)', `/api/binders/${binderId}`],
    ['binder cards, first page of 60 (10,000 rows)', `/api/binders/${binderId}/cards?page=1&pageSize=60`],
  ] as const) {
    const r = await loadTest(base, cookie, name, urlPath);
    results.push(r);
    log(`binders: ${name}: ${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors}, non-2xx ${r.non2xx}`);
  }

  // Issue 14: the binder's market value (demo prices of every print on this embedded server) with cost basis and
  // movers, asked one request at a time as a user opens the binder. The server keeps a value until the binder is
  // written or prices land, so the first answer of each market/type/currency is computed and the next ones are not:
  // five different computations are timed first (one per market), then 50 repeats.
  const computed: number[] = [];
  for (const market of ['us', 'market3', 'market5', 'market4', 'br']) {
    const started = performance.now();
    const res = await fetch(`${base}/api/binders/${binderId}/value?market=${market}&priceType=avg&currency=EUR`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`binder value ${market}: ${res.status}`);
    computed.push(+(performance.now() - started).toFixed(1));
  }
  log(`binders: value of the 10,000-row binder, computed (5 markets): ${computed.join(', ')} ms`);
  const valuePath = `/api/binders/${binderId}/value?market=us&priceType=min&currency=BRL`;
  const valueTimes: number[] = [];
  for (let i = 0; i < 55; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${valuePath}`, { headers: { cookie } });
    const body = (await res.json()) as { total?: number; pricedCopies?: number };
    if (!res.ok || !body.pricedCopies) throw new Error(`binder value: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (i >= 5) valueTimes.push(performance.now() - started);
  }
  valueTimes.sort((a, b) => a - b);
  const value = {
    path: valuePath,
    requests: valueTimes.length,
    p50Ms: +valueTimes[Math.floor(valueTimes.length / 2)]!.toFixed(1),
    p99Ms: +valueTimes[Math.min(valueTimes.length - 1, Math.floor(valueTimes.length * 0.99))]!.toFixed(1),
  };
  log(`binders: value of the 10,000-row binder, one at a time: p50 ${value.p50Ms} ms, p99 ${value.p99Ms} ms`);

  const computedWorstMs = Math.max(...computed);
  return {
    value: { ...value, computedMs: computed, computedWorstMs, pass: value.p99Ms <= 100 && computedWorstMs <= 100 },
    rows: ROWS,
    csvBytes: Buffer.byteLength(csv),
    distinctPrints,
    imports,
    importMedianMs,
    importWorstMs,
    importMedianRowsPerSecond: Math.round(ROWS / (importMedianMs / 1000)),
    importCorrect,
    importPass: importCorrect && importWorstMs < 2000,
    load: { connections: LOAD_CONNECTIONS, durationSeconds: LOAD_SECONDS, results },
    targets: binderTargets,
  };
}

/** The binder goals, each with its figure, target and result (the same lines as the Markdown table). */
export function bindersFigures(b: BindersResult): { figure: string; value: string; target: string; pass: boolean }[] {
  return [
    {
      figure: `import, median of ${b.imports.length}`,
      value: `${b.importMedianMs} ms (${b.importMedianRowsPerSecond} rows/s)`,
      target: b.targets.importMs,
      pass: b.importMedianMs < 2000 && b.importCorrect,
    },
    {
      figure: `import, worst of ${b.imports.length} (runs: ${b.imports.map((r) => `${r.ms} ms`).join(', ')})`,
      value: `${b.importWorstMs} ms`,
      target: b.targets.importMs,
      pass: b.importPass,
    },
    {
      figure: 'import answer',
      value: `imported ${b.imports.map((r) => r.imported).join('/')}, failures ${b.imports.map((r) => r.failures).join('/')}`,
      target: `imported=${b.rows}, failures=[]`,
      pass: b.importCorrect,
    },
    ...b.load.results.map((r) => ({
      figure: `${r.name}: \`${r.path.replace(/[0-9a-f-]{36}/, '{id}')}\``,
      value: `p99 ${r.p99Ms} ms (p50 ${r.p50Ms} ms, ${r.requestsPerSec} req/s, errors ${r.errors}, non-2xx ${r.non2xx})`,
      target: b.targets.detailP99,
      pass: r.pass,
    })),
    ...(b.value
      ? [
          {
            figure: `binder value (10,000 rows), one request at a time: computed for 5 markets, then ${b.value.requests} repeats of \`${b.value.path.replace(/[0-9a-f-]{36}/, '{id}')}\``,
            value: `computed worst ${b.value.computedWorstMs ?? '—'} ms (${(b.value.computedMs ?? []).join(', ')}); repeats p99 ${b.value.p99Ms} ms (p50 ${b.value.p50Ms} ms)`,
            target: '≤ 100 ms (issue 14)',
            pass: b.value.pass,
          },
        ]
      : []),
  ];
}

/** The binder section of bench/results/latest.md. */
export function bindersMarkdown(b: BindersResult): string[] {
  return [
    `## Binders (issue 5)`,
    '',
    `A Liga CSV of ${b.rows.toLocaleString('en')} distinct rows (${(b.csvBytes / 1024).toFixed(0)} KB, ${b.distinctPrints} prints × condition × language) imported ${b.imports.length} times with \`POST /api/binders/{id}/import?format=csv&mode=replace\`; then autocannon ${b.load.durationSeconds} s × ${b.load.connections} connections with the session cookie.`,
    '',
    '| figure | value | target | result |',
    '|---|---:|---|---|',
    ...bindersFigures(b).map((f) => `| ${f.figure} | ${f.value} | ${f.target} | ${mark(f.pass)} |`),
    '',
  ];
}
