import { FX_SNAPSHOT } from '@grandline/core/prices/fx';
import { marketOfFeed, marketplaceOf } from '@grandline/core/marketplaces';
import { LIVE_SOURCES } from '@grandline/core/prices/model';
import { describe, expect, it } from 'vitest';
import { cardmarketFeed, readCardtrader, readTcgcsv } from './feeds';
import { loadEnv } from '../../lib/env';
import { priceConfigFromEnv } from '../../lib/price-config';

describe('the price sources a server fetches (PRICE_SOURCES)', () => {
  it('accepts the live sources of core, each market feed filling its market of the marketplace table', () => {
    const config = priceConfigFromEnv(loadEnv({ PRICE_SOURCES: ` ${LIVE_SOURCES.join(' , ').toUpperCase()} `, CARDTRADER_TOKEN: 'token' }));
    expect(config.sources).toEqual([...LIVE_SOURCES]);
    const markets = config.sources.flatMap((source) => (source === 'fx' ? [] : [[source, marketplaceOf(marketOfFeed(source))?.key]]));
    expect(markets).toEqual([
      ['tcgcsv', 'tcgplayer'],
      ['cardmarket', 'cardmarket'],
      ['cardtrader', 'cardtrader'],
    ]);
  });

  it('refuses a source with no live fetcher, naming the ones there are', () => {
    expect(() => loadEnv({ PRICE_SOURCES: 'tcgcsv,csv' })).toThrow('PRICE_SOURCES names unknown sources: csv (use tcgcsv, cardmarket, cardtrader, fx)');
  });

  it('has each feed say the market the table gives it', async () => {
    const empty = async (p: string) => (p.startsWith('tcgplayer') ? { success: true, results: [] } : []);
    expect((await readTcgcsv(empty)).market).toBe(marketOfFeed('tcgcsv'));
    expect((await readCardtrader(empty, FX_SNAPSHOT.rates)).market).toBe(marketOfFeed('cardtrader'));
    expect(cardmarketFeed({ priceGuides: [] }, { products: [] }).market).toBe(marketOfFeed('cardmarket'));
  });
});
