import { marketOfFeed, type MarketplaceId } from '@grandline/core/marketplaces';
import { type CurrencyCode, isCurrencyCode } from '@grandline/core/money/currencies';
import { cardmarketPriceGuideSteps, cardmarketProductsSteps } from '@grandline/core/prices/cardmarket';
import { runSteps, runStepsCooperative } from '@grandline/core/steps';
import { parseCardtraderBlueprints, parseCardtraderExpansions, summarizeListings } from '@grandline/core/prices/cardtrader';
import { combineRates, convertCents, parseFrankfurter, parseOpenErApi, type CombinedRates, type UsdRates } from '@grandline/core/prices/fx';
import { exactProductId } from '@grandline/core/prices/match';
import type { MarketProduct, ProductPrice } from '@grandline/core/prices/model';
import { parsePriceCsv, type ParsedPriceCsv } from '@grandline/core/prices/price-csv';
import { parseTcgcsvGroups, parseTcgcsvPrices, parseTcgcsvProducts, TCGCSV_CATEGORY } from '@grandline/core/prices/tcgcsv';
import type { FeedData } from './ingest.service';

/**
 * Turning each source's documents into a FeedData. A source is read through `read(path)`: the live fetcher reads
 * `{BASE_URL}/{path}` over HTTP, the import command reads `{DIR}/{path}` from disk — the same code for both.
 */
export type ReadJson = (path: string) => Promise<unknown>;

/** Most groups a tcgcsv category may list before the run refuses it (One Piece has ~150). */
const MAX_GROUPS = 2_000;

/** tcgcsv: `tcgplayer/68/groups`, then `tcgplayer/68/{groupId}/products` and `/prices` for every group. */
export async function readTcgcsv(read: ReadJson, signal?: AbortSignal): Promise<FeedData> {
  const groups = parseTcgcsvGroups(await read(`tcgplayer/${TCGCSV_CATEGORY}/groups`));
  if (groups.length > MAX_GROUPS) throw new Error(`tcgcsv lists ${groups.length} groups, more than the ${MAX_GROUPS} accepted`);
  const products: MarketProduct[] = [];
  const prices: ProductPrice[] = [];
  for (const group of groups) {
    signal?.throwIfAborted();
    products.push(...parseTcgcsvProducts(await read(`tcgplayer/${TCGCSV_CATEGORY}/${group.groupId}/products`), group));
    prices.push(...parseTcgcsvPrices(await read(`tcgplayer/${TCGCSV_CATEGORY}/${group.groupId}/prices`)));
  }
  return { source: 'tcgcsv', market: marketOfFeed('tcgcsv'), products, prices };
}

/** Cardmarket: the price guide and the singles product list of One Piece (idGame 18). */
export const CARDMARKET_PATHS = { priceGuide: 'priceGuide/price_guide_18.json', products: 'productList/products_singles_18.json' };

/** The Cardmarket feed of a price guide and a product list, read in steps (the core readers' steps, one after the other). */
function* cardmarketFeedSteps(priceGuide: unknown, productList: unknown): Generator<void, FeedData> {
  const guide = yield* cardmarketPriceGuideSteps(priceGuide);
  const products = yield* cardmarketProductsSteps(productList);
  return { source: 'cardmarket', market: marketOfFeed('cardmarket'), products, prices: guide.prices, nameOnly: true, sourceUpdatedAt: guide.createdAt };
}

export const cardmarketFeed = (priceGuide: unknown, productList: unknown): FeedData => runSteps(cardmarketFeedSteps(priceGuide, productList));

/** cardmarketFeed read in steps, awaiting `pause` between them: an uploaded 10 MB guide never holds the server. */
export const cardmarketFeedCooperative = (priceGuide: unknown, productList: unknown, pause: () => Promise<void>): Promise<FeedData> =>
  runStepsCooperative(cardmarketFeedSteps(priceGuide, productList), pause);

/** Most CardTrader expansions a run reads (the API allows 200 requests in 10 s; marketplace calls 10 a second). */
const MAX_EXPANSIONS = 500;

/**
 * CardTrader: the One Piece expansions, then each one's blueprints and marketplace listings. Listing prices are in
 * each listing's own currency, turned into EUR at the day's rates.
 */
export async function readCardtrader(read: ReadJson, rates: Record<CurrencyCode, number>, options: { signal?: AbortSignal; pauseMs?: number } = {}): Promise<FeedData> {
  const expansions = parseCardtraderExpansions(await read('expansions')).slice(0, MAX_EXPANSIONS);
  const products: MarketProduct[] = [];
  const prices: ProductPrice[] = [];
  const toEurCents = (cents: number, currency: string) => (isCurrencyCode(currency) ? convertCents(cents, currency, 'EUR', rates) : null);
  for (const expansion of expansions) {
    options.signal?.throwIfAborted();
    products.push(...parseCardtraderBlueprints(await read(`blueprints/export?expansion_id=${expansion.id}`), expansion));
    if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    prices.push(...summarizeListings(await read(`marketplace/products?expansion_id=${expansion.id}`), { toEurCents }));
  }
  return { source: 'cardtrader', market: marketOfFeed('cardtrader'), products, prices };
}

/** A Liga One Piece or MYP Cards price file: prints named by number and variant, so no matching rules apply. */
export function csvFeed(text: string, market: MarketplaceId): FeedData {
  return priceCsvFeed(parsePriceCsv(text), market);
}

/** A parsed price file as a feed (the upload reads it with pauses, then comes here too). */
export function priceCsvFeed(parsed: ParsedPriceCsv, market: MarketplaceId): FeedData {
  const products: MarketProduct[] = [];
  const prices: ProductPrice[] = [];
  for (const row of parsed.rows) {
    const productId = exactProductId(row.number, row.variant);
    products.push({ productId, name: row.variant ? `${row.number} ${row.variant}` : row.number, number: row.number, setCode: null, setName: `line ${row.line}`, sealed: false, tags: [], url: null });
    prices.push({ productId, currency: row.currency, min: row.min, avg: row.avg, max: row.max });
  }
  const refused = parsed.errors.map((e) => ({ productId: `line ${e.line}`, name: e.text, number: null, setName: `line ${e.line}`, reason: 'INVALID' as const }));
  return { source: 'csv', market, products, prices, refused };
}

/** Exchange rates: Frankfurter (ECB) first; open.er-api for what the ECB does not publish (CLP, ARS, COP). */
export async function readRates(readFrankfurter: () => Promise<unknown>, readOpenErApi: () => Promise<unknown>): Promise<CombinedRates> {
  const errors: string[] = [];
  const attempt = async (read: () => Promise<unknown>, parse: (json: unknown) => UsdRates) => {
    try {
      return parse(await read());
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
      return null;
    }
  };
  const [primary, fallback] = await Promise.all([attempt(readFrankfurter, parseFrankfurter), attempt(readOpenErApi, parseOpenErApi)]);
  const combined = combineRates(primary, fallback);
  if (!combined) throw new Error(`exchange rates incomplete${errors.length ? `: ${errors.join('; ')}` : ''}`);
  return combined;
}
