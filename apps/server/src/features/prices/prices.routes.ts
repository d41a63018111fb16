import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { CardPriceParam, CardPricesResponse, CurrencyQuery, ExchangeRatesResponse, LatestPricesQuery, LatestPricesResponse, PriceHistoryQuery, PriceHistoryResponse } from '@grandline/core/contracts/prices';
import { createRouter, jsonContent } from '../../lib/openapi';
import { getPriceHistory } from './price-history.service';
import { getCardPrices, priceSummaries } from './prices.service';
import { getExchangeRates } from './rates.service';

/** Prices change once a day: answers may be reused for five minutes (a new price day is picked up after that). */
const CACHE = 'public, max-age=300';

export const pricesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/cards/{id}/prices',
      tags: ['prices'],
      summary: "A card's current price in every market that has one, in the asked currency",
      description: 'Amounts are integer hundredths (2 decimals) of the currency; null where the market gives no figure.',
      request: { params: CardPriceParam, query: CurrencyQuery },
      responses: {
        200: jsonContent(CardPricesResponse, 'One entry per market with a price'),
        400: jsonContent(ErrorResponse, 'Malformed id or unknown currency'),
        404: jsonContent(ErrorResponse, 'No card with this id'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', CACHE);
      const { deps } = c.var;
      return c.json(await getCardPrices({ db: deps.db, cardId: c.req.valid('param').id, currency: c.req.valid('query').currency, config: deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/cards/{id}/prices/history',
      tags: ['prices'],
      summary: "A card's daily min, avg and max in one market over 7, 30, 90 or 365 days, or all",
      request: { params: CardPriceParam, query: PriceHistoryQuery },
      responses: {
        200: jsonContent(PriceHistoryResponse, 'Oldest first, one point per day'),
        400: jsonContent(ErrorResponse, 'Malformed id, market, range or currency'),
        404: jsonContent(ErrorResponse, 'No card with this id'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', CACHE);
      const { deps } = c.var;
      return c.json(await getPriceHistory({ db: deps.db, cardId: c.req.valid('param').id, ...c.req.valid('query'), config: deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/exchange-rates',
      tags: ['prices'],
      summary: 'Units of each of the ten currencies per US dollar, with their day and source',
      responses: { 200: jsonContent(ExchangeRatesResponse, 'The latest rates') },
    }),
    async (c) => {
      c.header('Cache-Control', CACHE);
      return c.json(await getExchangeRates(c.var.deps.db), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/prices/latest',
      tags: ['prices'],
      summary: 'The current price of up to 200 prints in one market, in the asked currency (lists, binder rows, deck lines)',
      request: { query: LatestPricesQuery },
      responses: { 200: jsonContent(LatestPricesResponse, 'By card id'), 400: jsonContent(ErrorResponse, 'Bad ids, market or currency') },
    }),
    async (c) => {
      c.header('Cache-Control', CACHE);
      const { deps } = c.var;
      const { ids, market, currency } = c.req.valid('query');
      const prices = await priceSummaries({ db: deps.db, cardIds: ids, market, currency, config: deps.config.prices });
      return c.json({ market, currency, prices: Object.fromEntries([...prices].map(([id, p]) => [String(id), p])) }, 200);
    },
  );
