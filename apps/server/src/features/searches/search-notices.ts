import type { Card } from '@grandline/core/contracts/cards';
import { SEARCH_MATCH_LISTED_CARDS, type SearchMatchData } from '@grandline/core/contracts/watches';
import type { SearchNode } from '@grandline/core/search/ast';
import { matches, queryNeeds } from '@grandline/core/search/evaluate';
import { tryParseQuery } from '@grandline/core/search/parse';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { cardColumns, toCard } from '../../catalogue/card-row';
import type { Db, DbTx } from '../../db/client';
import { cardSets, cards, savedSearches } from '../../db/schema/index';
import { createPause } from '../../lib/cooperative';
import type { Logger } from '../../lib/logger';
import { DEFAULT_PRICE_CONFIG } from '../../lib/price-config';
import { searchContext, type PrintContext } from '../cards/search-context';

/*
 * Saved searches' new-card notices (issue 42): when prints enter the catalogue (`catalogue.prints_added`, after the
 * import or the admin's print commits), every saved search is evaluated against the new prints in memory with the
 * language's own evaluator, and each search that matches some tells its owner once — one `search_match` notification
 * per (search, announcement) naming the search and the new cards. `search_notices` records every (search, print)
 * told, so the same print never notifies the same search twice (an import run again, two replicas, a retry).
 *
 * What the context answers for a brand-new print is known without reading the user's data: no copies of it are in
 * any binder (owned 0, not in the wishlist) and it has no price yet (a price term never matches); legality is the
 * server's verdict on today. So one context serves every user, and each distinct query is evaluated once.
 */

/**
 * The work one announcement may cost, whatever the number of saved searches: evaluations (distinct query × new print,
 * 0.5–1 µs each, measured on the package's 4,845 prints: 2 s of CPU at most, in steps that give the event loop turns)
 * and (search, print) pairs recorded (a row of search_notices each, ~35 µs on the embedded database: 7 s at most, in
 * transactions of WRITE_CHUNK_PAIRS). Past either, the remaining searches (the newest) are not told about these
 * prints and a warning says how many. An import adds a set's prints (~100–300): 10,000 broad saved searches record
 * ~300,000 pairs; a typical few thousand, far fewer (docs/search-language.md "Saved searches").
 */
const MAX_NOTICE_EVALUATIONS = 2_000_000;
const MAX_NOTICE_PAIRS = 200_000;

interface NoticeLimits {
  evaluations: number;
  pairs: number;
}
/** (search, print) pairs written per transaction, with their searches' notifications: each transaction short. */
const WRITE_CHUNK_PAIRS = 10_000;
/** Prints read per statement. */
const READ_CHUNK = 1_000;

/** A saved search whose query matched new prints, and those prints. */
interface Matched {
  searchId: string;
  userId: string;
  name: string;
  q: string;
  cards: Card[];
}

/** The new prints as the language reads them, in card-number order. */
async function readPrints(db: Db | DbTx, cardIds: readonly number[]): Promise<Card[]> {
  const out: Card[] = [];
  for (let i = 0; i < cardIds.length; i += READ_CHUNK) {
    const rows = await db
      .select(cardColumns)
      .from(cards)
      .leftJoin(cardSets, eq(cards.setId, cardSets.id))
      .where(inArray(cards.id, cardIds.slice(i, i + READ_CHUNK)));
    for (const row of rows) out.push(toCard(row as Parameters<typeof toCard>[0]));
  }
  return out.sort((a, b) => a.cardNumber.localeCompare(b.cardNumber) || a.id - b.id);
}

/** The one context of brand-new prints: legality as today's verdict; no copies, no wishlist, no price yet. */
async function newPrintContext(db: Db, needsLegality: boolean): Promise<PrintContext> {
  const legality = needsLegality
    ? await searchContext({ db, user: null, needs: { legality: true, price: false, owned: false, wishlist: false, signedIn: false }, config: DEFAULT_PRICE_CONFIG })
    : {};
  return { ...legality, price: () => null, owned: () => 0, wishlist: () => false };
}

/**
 * The saved searches that match some of the new prints, with those prints: each distinct query parsed and evaluated
 * once (oldest searches first), within MAX_NOTICE_EVALUATIONS. A query the language no longer reads is passed over.
 */
async function matchSearches(db: Db, prints: readonly Card[], log: Logger | undefined, limits: NoticeLimits): Promise<Matched[]> {
  const searches = await db
    .select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name, q: savedSearches.q })
    .from(savedSearches)
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  const byQuery = new Map<string, typeof searches>();
  for (const s of searches) {
    const same = byQuery.get(s.q);
    if (same) same.push(s);
    else byQuery.set(s.q, [s]);
  }
  const budget = Math.max(1, Math.floor(limits.evaluations / Math.max(1, prints.length)));
  const queries: { q: string; ast: SearchNode }[] = [];
  let unreadable = 0;
  for (const q of byQuery.keys()) {
    if (queries.length >= budget) break;
    const parsed = tryParseQuery(q);
    if (parsed.ok) queries.push({ q, ast: parsed.ast });
    else unreadable++;
  }
  const skipped = byQuery.size - queries.length - unreadable;
  if (skipped > 0) log?.warn({ prints: prints.length, queries: byQuery.size, skipped }, 'saved searches past the notices budget were not evaluated for these new prints');
  const ctx = await newPrintContext(db, queries.some((x) => queryNeeds(x.ast).legality));
  const pause = createPause();
  const out: Matched[] = [];
  let pairs = 0;
  let passed = 0;
  for (const { q, ast } of queries) {
    await pause();
    const hits = prints.filter((p) => matches(ast, p, ctx));
    if (!hits.length) continue;
    for (const s of byQuery.get(q)!) {
      if (pairs + hits.length > limits.pairs) passed++;
      else {
        pairs += hits.length;
        out.push({ searchId: s.id, userId: s.userId, name: s.name, q, cards: hits });
      }
    }
  }
  if (passed > 0) log?.warn({ prints: prints.length, pairs, passed }, 'saved searches past the notices budget were not told about these new prints');
  return out;
}

type Written = { notificationId: number; userId: string };

/**
 * Records the (search, print) pairs not told yet and one notification per search that has some, in one transaction
 * for a chunk of searches: a pair recorded by an earlier announcement (or a parallel one) is not told again. A search
 * deleted meanwhile is passed over.
 */
async function writeNotices(db: Db, chunk: readonly Matched[], outbox: { mail: boolean; push: boolean } | null): Promise<Written[]> {
  const searchIds = chunk.flatMap((m) => m.cards.map(() => m.searchId));
  const cardIds = chunk.flatMap((m) => m.cards.map((c) => c.id));
  const done = (on: boolean | undefined) => (on === false ? sql`now()` : sql`null`);
  return db.transaction(async (tx) => {
    const recorded = (await tx.execute(sql`
      insert into search_notices (search_id, card_id)
      select u.search_id, u.card_id from unnest(${sql.param(searchIds)}::text[], ${sql.param(cardIds)}::int[]) as u(search_id, card_id)
      where exists (select 1 from saved_searches s where s.id = u.search_id)
      on conflict do nothing
      returning search_id, card_id`)) as unknown as { rows: { search_id: string; card_id: number | string }[] };
    const fresh = new Map<string, Set<number>>();
    for (const r of recorded.rows) {
      const set = fresh.get(r.search_id) ?? new Set<number>();
      set.add(Number(r.card_id));
      fresh.set(r.search_id, set);
    }
    const userIds: string[] = [];
    const data: string[] = [];
    for (const m of chunk) {
      const told = fresh.get(m.searchId);
      if (!told?.size) continue;
      const listed = m.cards.filter((c) => told.has(c.id));
      const notice: SearchMatchData = {
        searchId: m.searchId,
        searchName: m.name,
        q: m.q,
        cards: listed.slice(0, SEARCH_MATCH_LISTED_CARDS).map((c) => ({ cardId: c.id, cardNumber: c.cardNumber, name: c.name, variant: c.variant })),
        total: listed.length,
      };
      userIds.push(m.userId);
      data.push(JSON.stringify(notice));
    }
    if (!userIds.length) return [];
    const rows = (await tx.execute(sql`
      insert into notifications (user_id, kind, data, emailed_at, pushed_at)
      select u.user_id, 'search_match', u.data::jsonb, ${done(outbox?.mail)}, ${done(outbox?.push)}
      from unnest(${sql.param(userIds)}::text[], ${sql.param(data)}::text[]) with ordinality as u(user_id, data, n)
      order by u.n
      returning id, user_id`)) as unknown as { rows: { id: number | string; user_id: string }[] };
    return rows.rows.map((r) => ({ notificationId: Number(r.id), userId: r.user_id }));
  });
}

/**
 * Tells the owners of the saved searches the new prints match (once per search and print): answers the notifications
 * written. `outbox` says which channels this server sends (a channel that is off is marked done at once); null: not
 * known here (a command without the server's mail), left for the server to send.
 */
export async function recordSearchMatches({
  db,
  cardIds,
  outbox = null,
  log,
  limits = { evaluations: MAX_NOTICE_EVALUATIONS, pairs: MAX_NOTICE_PAIRS },
}: {
  db: Db;
  cardIds: readonly number[];
  outbox?: { mail: boolean; push: boolean } | null;
  log?: Logger;
  /** The work budget (MAX_NOTICE_EVALUATIONS, MAX_NOTICE_PAIRS); smaller in tests. */
  limits?: NoticeLimits;
}): Promise<Written[]> {
  if (!cardIds.length) return [];
  const [any] = await db.select({ id: savedSearches.id }).from(savedSearches).limit(1);
  if (!any) return [];
  const prints = await readPrints(db, [...new Set(cardIds)]);
  if (!prints.length) return [];
  const matched = await matchSearches(db, prints, log, limits);
  const written: Written[] = [];
  let chunk: Matched[] = [];
  let pairs = 0;
  for (const m of matched) {
    chunk.push(m);
    pairs += m.cards.length;
    if (pairs < WRITE_CHUNK_PAIRS) continue;
    written.push(...(await writeNotices(db, chunk, outbox)));
    chunk = [];
    pairs = 0;
  }
  if (chunk.length) written.push(...(await writeNotices(db, chunk, outbox)));
  return written;
}
