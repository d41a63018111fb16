import { describe, expect, it } from 'vitest';
import { PRICE_CSV_MARKETS } from './contracts/prices';
import { CSV_MARKETS, ESTIMATED_MARKET, estimateSourceOf, MARKETPLACE_IDS, MARKETPLACES, marketOfFeed, marketplaceName, marketplaceOf } from './marketplaces';
import { CURRENCY_CODES } from './money/currencies';
import { MARKET_CODES, marketOfCode, priceCodesOf } from './prices/codes';
import { DEMO_MARKETS } from './prices/demo';
import { LIVE_SOURCES, PRICE_SOURCES } from './prices/model';

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('the marketplace table', () => {
  it('keeps the API ids and the stored codes (never renumbered)', () => {
    expect(MARKETPLACE_IDS).toEqual(['us', 'br', 'market3', 'market4', 'market5']);
    expect(MARKET_CODES).toEqual({ us: 1, br: 2, market3: 3, market4: 4, market5: 5 });
    for (const id of MARKETPLACE_IDS) expect(marketOfCode(MARKET_CODES[id])).toBe(id);
  });

  it('names each market once: ids, codes, internal keys and display names are unique', () => {
    for (const field of ['id', 'code', 'key', 'name'] as const) expect(unique(MARKETPLACES.map((m) => m[field])), field).toBe(true);
    expect(Object.fromEntries(MARKETPLACES.map((m) => [m.id, m.key]))).toEqual({ us: 'tcgplayer', br: 'liga', market3: 'cardtrader', market4: 'mypcards', market5: 'cardmarket' });
  });

  it('gives every market a source currency of the spec', () => {
    for (const m of MARKETPLACES) expect(CURRENCY_CODES, m.id).toContain(m.sourceCurrency);
  });

  it('maps every live price feed to exactly one market, and every market to a feed', () => {
    const marketFeeds = LIVE_SOURCES.filter((s) => s !== 'fx');
    for (const feed of marketFeeds) expect(MARKETPLACES.filter((m) => m.feed === feed), feed).toHaveLength(1);
    expect(Object.fromEntries(marketFeeds.map((feed) => [feed, marketOfFeed(feed)]))).toEqual({ tcgcsv: 'us', cardmarket: 'market5', cardtrader: 'market3' });
    for (const m of MARKETPLACES) expect(PRICE_SOURCES, m.id).toContain(m.feed);
  });

  it('lets a price file price the markets with no live feed', () => {
    expect(CSV_MARKETS).toEqual(['br', 'market4']);
    expect(PRICE_CSV_MARKETS).toEqual(CSV_MARKETS);
  });

  it('estimates br from us, a market with its own feed, and no other market', () => {
    expect([ESTIMATED_MARKET.id, ESTIMATED_MARKET.estimateFrom]).toEqual(['br', 'us']);
    expect(MARKETPLACE_IDS.filter((id) => estimateSourceOf(id) !== null)).toEqual(['br']);
    expect(marketplaceOf(ESTIMATED_MARKET.estimateFrom)?.feed).not.toBe('csv');
    expect(priceCodesOf('br')).toEqual([2, 1]);
    expect(priceCodesOf('market5')).toEqual([5]);
  });

  it('gives the demo series the source currency of their market', () => {
    for (const d of DEMO_MARKETS) expect(d.currency, d.market).toBe(marketplaceOf(d.market)?.sourceCurrency);
    expect(DEMO_MARKETS.map((d) => [d.market, d.currency])).toEqual([
      ['us', 'USD'],
      ['market3', 'EUR'],
      ['market5', 'EUR'],
      ['market4', 'BRL'],
    ]);
  });

  it('names a market for screens, and leaves an unknown id as it is', () => {
    expect(marketplaceName('market4')).toBe('MYP Cards');
    expect(marketplaceName('nowhere')).toBe('nowhere');
  });
});
