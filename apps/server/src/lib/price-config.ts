import type { LiveSourceId } from '@grandline/core/prices/model';
import { trimChar } from '@grandline/core/slug';
import type { Env } from './env';

/** A live fetcher (core's LIVE_SOURCES): the three market feeds and `fx`. */
export type LiveSource = LiveSourceId;

/** Everything the price platform reads from the environment (README: "Prices"). */
export interface PriceConfig {
  /** Live fetchers that run at start (when today has no successful run) and daily on `cron`. */
  sources: LiveSource[];
  cron: string;
  /** Demonstration prices for every print with no real price. */
  demo: boolean;
  brImportFactor: number;
  tcgcsvBaseUrl: string;
  cardmarketBaseUrl: string;
  cardtraderBaseUrl: string;
  cardtraderToken?: string;
  frankfurterUrl: string;
  openErApiUrl: string;
  timeoutMs: number;
}

export const DEFAULT_PRICE_CONFIG: PriceConfig = {
  sources: [],
  cron: '30 21 * * *',
  demo: false,
  brImportFactor: 1.4,
  tcgcsvBaseUrl: 'https://tcgcsv.com',
  cardmarketBaseUrl: 'https://downloads.s3.cardmarket.com/productCatalog',
  cardtraderBaseUrl: 'https://api.cardtrader.com/api/v2',
  frankfurterUrl: 'https://api.frankfurter.dev/v1',
  openErApiUrl: 'https://open.er-api.com/v6',
  timeoutMs: 30_000,
};

/** A base URL without its trailing slashes: paths are joined with one. */
const withoutTrailingSlash = (url: string) => trimChar(url, '/');

/** The price configuration of a server or command; a source that cannot run as configured stops the start. */
export function priceConfigFromEnv(env: Env): PriceConfig {
  if (env.PRICE_SOURCES.includes('cardtrader') && !env.CARDTRADER_TOKEN) {
    throw new Error('PRICE_SOURCES includes cardtrader but CARDTRADER_TOKEN is not set (your CardTrader API token, from your CardTrader profile settings)');
  }
  return {
    sources: env.PRICE_SOURCES,
    cron: env.PRICE_FETCH_CRON,
    // Demo prices make every price screen work on a fresh clone: on by default for the embedded database with no source.
    demo: env.PRICE_DEMO ?? (!env.DATABASE_URL && env.PRICE_SOURCES.length === 0),
    brImportFactor: env.BR_IMPORT_FACTOR,
    tcgcsvBaseUrl: withoutTrailingSlash(env.TCGCSV_BASE_URL),
    cardmarketBaseUrl: withoutTrailingSlash(env.CARDMARKET_BASE_URL),
    cardtraderBaseUrl: withoutTrailingSlash(env.CARDTRADER_BASE_URL),
    cardtraderToken: env.CARDTRADER_TOKEN,
    frankfurterUrl: withoutTrailingSlash(env.FX_FRANKFURTER_URL),
    openErApiUrl: withoutTrailingSlash(env.FX_OPEN_ER_API_URL),
    timeoutMs: env.PRICE_FETCH_TIMEOUT_MS,
  };
}
