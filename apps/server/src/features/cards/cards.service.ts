import { productName } from '@grandline/core/set-code';
import type { CardDetailResponse, CardFacetsResponse, CardListResponse, CardsQuery } from '@grandline/core/contracts/cards';
import type { GameCategory } from '@grandline/core/games';
import { DEFAULT_MARKETPLACE } from '@grandline/core/marketplaces';
import { normalizeSearchText } from '@grandline/core/slug';
import { and, arrayContains, arrayOverlaps, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { cardSets, cards } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { cardColumns, toCard } from '../../catalogue/card-row';
import { clearCatalogueIndex } from '../../catalogue/catalogue-index';
import { currentPriceSql, priceSummaries } from '../prices/prices.service';
import { deckFormat, today } from '@grandline/core/decks/formats';
import { cardLegality } from '@grandline/core/decks/legality';
import { DEFAULT_PRICE_CONFIG, type PriceConfig } from '../../lib/price-config';
import { currentRegulations, regulationsGeneration } from '../decks/regulations.service';
import { selectPrints, type LanguageQuery, type SelectedPrints } from './search-context';

/**
 * The catalogue changes only when it is re-imported, so search results are cached per process for a
 * short time. Every replica computes the same answer from the database; the cache only saves the work.
 */
interface CachedBody {
  json: string;
  /** gzip of json, made on the first request that accepts it. */
  gzip?: Buffer;
  /** An answer with legal: or banned: terms holds for the regulations and the day it was judged on (see fresh). */
  judged?: { regulations: number; day: string };
}
const searchCache = new LRUCache<string, CachedBody>({
  max: 1000,
  ttl: 60_000,
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (v) => v.json.length * 2,
});

export function clearCardCaches() {
  searchCache.clear();
  clearCatalogueIndex();
}

/** New prices landed: cached search answers carrying prices (or sorted by them) are dropped. */
export function clearSearchCache() {
  searchCache.clear();
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function searchConditions(game: GameCategory, q: CardsQuery): SQL[] {
  const where: SQL[] = [eq(cards.gameCategory, game)];
  if (q.set?.length) {
    where.push(
      or(
        inArray(cardSets.slug, q.set.map((s) => s.toLowerCase())),
        inArray(cardSets.code, q.set.map((s) => s.toUpperCase())),
      )!,
    );
  }
  if (q.color?.length) where.push(arrayOverlaps(cards.colors, q.color));
  if (q.type?.length) where.push(inArray(cards.cardType, q.type));
  if (q.costMin !== undefined) where.push(gte(cards.cost, q.costMin));
  if (q.costMax !== undefined) where.push(lte(cards.cost, q.costMax));
  if (q.powerMin !== undefined) where.push(gte(cards.power, q.powerMin));
  if (q.powerMax !== undefined) where.push(lte(cards.power, q.powerMax));
  if (q.counter?.length) {
    const values = q.counter.filter((c) => c !== '0').map(Number);
    const parts: SQL[] = [];
    if (values.length) parts.push(inArray(cards.counter, values));
    if (q.counter.includes('0')) parts.push(isNull(cards.counter), eq(cards.counter, 0));
    where.push(or(...parts)!);
  }
  if (q.rarity?.length) where.push(inArray(cards.rarity, q.rarity));
  if (q.attribute?.length) where.push(arrayOverlaps(cards.attributes, q.attribute));
  if (q.subtype) where.push(arrayContains(cards.subtypes, [q.subtype]));
  if (q.block?.length) where.push(inArray(cards.blockIcon, q.block));
  if (q.variations === false) where.push(eq(cards.isVariation, false));
  return where;
}

/**
 * How well a card matches the search text, 0 best: the exact number (or the start of one), the exact name, the text
 * as whole words of the name ("luffy" in Monkey.D.Luffy), a name starting with the text, a name holding every word,
 * then the cards that only mention the words in their text or types. Names and text are compared with punctuation
 * folded to spaces ("monkey d luffy" is Monkey.D.Luffy). The name is read from the search text, which starts with it,
 * up to the card number (see catalogue-source).
 */
function relevance(text: string): SQL {
  const normalized = normalizeSearchText(text);
  const words = normalized.split(' ').filter(Boolean);
  const folded = foldPunctuation(normalized);
  const name = sql`left(${cards.searchText}, strpos(${cards.searchText}, ' ' || lower(${cards.cardNumber})) - 1)`;
  const foldedName = sql`trim(regexp_replace(${name}, '[^[:alnum:]]+', ' ', 'g'))`;
  const number = text.trim().toUpperCase();
  return sql`(case
    when ${cards.cardNumber} = ${number} then 0
    when ${cards.cardNumber} like ${`${escapeLike(number)}%`} then 1
    when ${foldedName} = ${folded} then 2
    when ' ' || ${foldedName} || ' ' like ${`% ${escapeLike(folded)} %`} then 3
    when ${foldedName} like ${`${escapeLike(folded)}%`} then 4
    when ${sql.join(
      words.map((w) => sql`${name} like ${`%${escapeLike(w)}%`}`),
      sql` and `,
    )} then 5
    else 6 end)`;
}

/** Runs of anything but letters and digits become one space (as the SQL above does to names), trimmed. A linear scan. */
function foldPunctuation(text: string): string {
  let out = '';
  let gap = false;
  for (const ch of text) {
    if (/[\p{L}\p{N}]/u.test(ch)) {
      if (gap && out) out += ' ';
      out += ch;
      gap = false;
    } else gap = true;
  }
  return out;
}

/** The sort a query asks for: relevance when it has a search text and names none, else by number. */
const sortOf = (q: CardsQuery) => q.sort ?? (q.q?.trim() ? 'relevance' : 'number');

function orderBy(q: CardsQuery, price: SQL | null, selected: SelectedPrints | null): SQL[] {
  const dir = q.order === 'desc' ? desc : asc;
  const byNumber = [dir(cards.cardNumber), asc(cards.printOrder), asc(cards.id)];
  switch (sortOf(q)) {
    case 'relevance': {
      // Best match first whatever the direction: the prints whose name holds a word of the query (core rankName), then
      // the relevance of those words; the direction orders the numbers within a rank.
      if (!selected) return byNumber;
      const byName = selected.nameIds.length ? [sql`(case when ${cards.id} = any(${sql.param(selected.nameIds)}::int[]) then 0 else 1 end)`] : [];
      return [...byName, ...(selected.words ? [relevance(selected.words)] : []), ...byNumber];
    }
    case 'price':
      // Cards without a price last, whichever the direction.
      return price ? [sql`${price} ${sql.raw(q.order === 'desc' ? 'desc' : 'asc')} nulls last`, ...byNumber] : byNumber;
    case 'name':
      return [dir(cards.name), ...byNumber];
    case 'cost':
      return [sql`${cards.cost} ${sql.raw(q.order === 'desc' ? 'desc' : 'asc')} nulls last`, ...byNumber];
    case 'power':
      return [sql`${cards.power} ${sql.raw(q.order === 'desc' ? 'desc' : 'asc')} nulls last`, ...byNumber];
    default:
      return byNumber;
  }
}

/**
 * The search answer as serialized JSON. The serialized text is what is cached, so a repeated search
 * costs one cache lookup instead of a query and a JSON.stringify of a page of cards.
 */
export interface SearchBody {
  body: string | Buffer;
  gzipped: boolean;
}

function encode(entry: CachedBody, gzip: boolean): SearchBody {
  if (!gzip || entry.json.length < 1024) return { body: entry.json, gzipped: false };
  entry.gzip ??= gzipSync(entry.json, { level: 6 });
  return { body: entry.gzip, gzipped: true };
}

/**
 * A cached answer for the exact query string of an earlier valid request, before any parsing. Only
 * query strings that passed validation are ever stored under this key (see searchCardsBody).
 */
export async function cachedSearchByQueryString(db: Db, queryString: string, gzip: boolean, game: GameCategory = 'onepiece'): Promise<SearchBody | null> {
  const key = `${game}?${queryString}`;
  const entry = searchCache.get(key);
  if (!entry || !(await fresh(db, key, entry))) return null;
  return encode(entry, gzip);
}

/** The regulations and day legal: and banned: are judged on now: an answer judged on others is stale. */
async function judgedNow(db: Db, game: GameCategory) {
  await currentRegulations(db, game);
  return { regulations: regulationsGeneration(), day: today() };
}

/** Whether a cached answer still holds: one with legal: or banned: terms only for the regulations and day it was judged on. */
async function fresh(db: Db, key: string, entry: CachedBody, game: GameCategory = 'onepiece'): Promise<boolean> {
  if (!entry.judged) return true;
  const now = await judgedNow(db, game);
  if (now.regulations === entry.judged.regulations && now.day === entry.judged.day) return true;
  searchCache.delete(key);
  return false;
}

export async function searchCardsBody(args: {
  db: Db;
  game?: GameCategory;
  query: CardsQuery;
  prices?: PriceConfig;
  gzip: boolean;
  /** The raw query string the query was parsed from, to answer its repeats without parsing. */
  queryString?: string;
  /** `q` read with the search language, and the user its owned and wishlist terms are about. */
  language?: LanguageQuery;
}): Promise<SearchBody> {
  const game = args.game ?? 'onepiece';
  // An answer about the user's collection or wishlist is theirs alone: never cached, so never served to anyone else.
  if (args.language?.needs.signedIn) return encode({ json: JSON.stringify(await searchCards(args)) }, args.gzip);
  const key = `${game}:${JSON.stringify(args.query)}`;
  let entry = searchCache.get(key);
  if (!entry || !(await fresh(args.db, key, entry, game))) {
    const judged = args.language?.needs.legality ? await judgedNow(args.db, game) : undefined;
    entry = { json: JSON.stringify(await searchCards(args)), ...(judged ? { judged } : {}) };
    searchCache.set(key, entry);
  }
  if (args.queryString !== undefined) searchCache.set(`${game}?${args.queryString}`, entry);
  return encode(entry, args.gzip);
}

/** Whether a query involves prices: a market to show, a price sort or a price range (us when no market is given). */
const pricedQuery = (q: CardsQuery) => q.market !== undefined || q.sort === 'price' || q.priceMin !== undefined || q.priceMax !== undefined;

/** A page of every matching print (prints=all). */
function selectPage(db: Db, where: SQL[], query: CardsQuery, price: SQL | null, selected: SelectedPrints | null) {
  return db
    .select({ ...cardColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(and(...where))
    .orderBy(...orderBy(query, price, selected))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/**
 * A page of card numbers (prints=grouped): each number's first matching print in print order (by price when sorting by
 * price) with how many of its prints match. Window functions over the matches, then the page of first prints.
 */
function selectFirstPrints(db: Db, where: SQL[], query: CardsQuery, price: SQL | null, selected: SelectedPrints | null) {
  const first = price && sortOf(query) === 'price' ? [sql`${price} ${sql.raw(query.order === 'desc' ? 'desc' : 'asc')} nulls last`] : [];
  const matches = db.$with('matches').as(
    db
      .select({
        matchId: sql<number>`${cards.id}`.as('match_id'),
        rank: sql<number>`row_number() over (partition by ${cards.cardNumber} order by ${sql.join([...first, sql`${cards.printOrder}`, sql`${cards.id}`], sql`, `)})`.as('match_rank'),
        printCount: sql<number>`count(*) over (partition by ${cards.cardNumber})`.as('print_count'),
      })
      .from(cards)
      .leftJoin(cardSets, eq(cards.setId, cardSets.id))
      .where(and(...where)),
  );
  return db
    .with(matches)
    .select({ ...cardColumns, printCount: sql<number>`${matches.printCount}`.mapWith(Number), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(matches)
    .innerJoin(cards, eq(cards.id, matches.matchId))
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(eq(matches.rank, 1))
    .orderBy(...orderBy(query, price, selected))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

async function searchCards({
  db,
  game = 'onepiece',
  query,
  prices,
  language,
}: {
  db: Db;
  game?: GameCategory;
  query: CardsQuery;
  /** Needed for the price parts of a query (BR estimate factor, demo). */
  prices?: PriceConfig;
  language?: LanguageQuery;
}): Promise<CardListResponse> {
  const market = query.market ?? DEFAULT_MARKETPLACE;
  const currency = query.currency ?? 'USD';
  const priced = pricedQuery(query) && prices !== undefined;
  const price = priced ? await currentPriceSql({ db, market, priceType: query.priceType ?? 'min', currency, config: prices }) : null;
  const where = searchConditions(game, query);
  // The language is evaluated in memory over the library; the prints it selects are ANDed with the other filters.
  const selected = language ? await selectPrints({ db, game, ...language, config: prices ?? DEFAULT_PRICE_CONFIG, market, currency, priceType: query.priceType }) : null;
  if (selected) where.push(sql`${cards.id} = any(${sql.param(selected.ids)}::int[])`);
  if (price && query.priceMin !== undefined) where.push(sql`${price} >= ${Math.round(query.priceMin * 100)}`);
  if (price && query.priceMax !== undefined) where.push(sql`${price} <= ${Math.round(query.priceMax * 100)}`);
  const grouped = query.prints !== 'all';
  const rows: (Awaited<ReturnType<typeof selectPage>>[number] & { printCount?: number })[] = grouped
    ? await selectFirstPrints(db, where, query, price, selected)
    : await selectPage(db, where, query, price, selected);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: still report how many rows match (card numbers when grouped, else prints).
    const [count] = await db
      .select({ n: (grouped ? sql<number>`count(distinct ${cards.cardNumber})` : sql<number>`count(*)`).mapWith(Number) })
      .from(cards)
      .leftJoin(cardSets, eq(cards.setId, cardSets.id))
      .where(and(...where));
    total = count?.n ?? 0;
  }
  const items = rows.map(({ total: _total, printCount, ...row }) => (printCount === undefined ? toCard(row) : { ...toCard(row), printCount }));
  const answer: CardListResponse = { items, total, page: query.page, pageSize: query.pageSize };
  if (priced && query.market !== undefined) {
    const summaries = await priceSummaries({ db, cardIds: items.map((c) => c.id), market, currency, config: prices });
    answer.prices = Object.fromEntries([...summaries].map(([id, p]) => [String(id), p]));
    answer.market = market;
    answer.currency = currency;
  }
  return answer;
}

export async function getCard({ db, id }: { db: Db; id: number }): Promise<CardDetailResponse> {
  const [found] = await db
    .select({ ...cardColumns, flavorText: cards.flavorText, artist: cards.artist, legalityText: cards.legalityText })
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(eq(cards.id, id));
  if (!found) throw notFound('CARD_NOT_FOUND', 'Card not found');
  const { flavorText, artist, legalityText, ...row } = found;
  const notes = { flavorText, artist, legalityText };
  const variations = await db
    .select(cardColumns)
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(and(eq(cards.gameCategory, row.gameCategory), eq(cards.cardNumber, row.cardNumber), ne(cards.id, id)))
    .orderBy(asc(cards.printOrder), asc(cards.id));
  const card = toCard(row);
  const standard = deckFormat(card.gameCategory, 'standard');
  const extra = deckFormat(card.gameCategory, 'extra');
  if (!standard || !extra) return { ...card, ...notes, variations: variations.map(toCard), legality: null, legalityDetails: null };
  const regulations = await currentRegulations(db, card.gameCategory);
  const details = { standard: cardLegality(card, standard, { regulations }), extra: cardLegality(card, extra, { regulations }) };
  return { ...card, ...notes, variations: variations.map(toCard), legality: { standard: details.standard.status, extra: details.extra.status }, legalityDetails: details };
}

export async function getCardFacets({ db, game = 'onepiece' }: { db: Db; game?: GameCategory }): Promise<CardFacetsResponse> {
  const subtypeRows = await db
    .selectDistinct({ subtype: sql<string>`unnest(${cards.subtypes})`.as('subtype') })
    .from(cards)
    .where(eq(cards.gameCategory, game))
    .orderBy(sql`1`);
  const sets = await db
    .select({ code: cardSets.code, name: cardSets.name, slug: cardSets.slug })
    .from(cardSets)
    .where(eq(cardSets.gameCategory, game))
    .orderBy(asc(cardSets.sortOrder));
  return { subtypes: subtypeRows.map((r) => r.subtype), sets: sets.map((set) => ({ ...set, name: productName(set.name) })) };
}
