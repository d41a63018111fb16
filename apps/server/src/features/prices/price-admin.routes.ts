import { requireMultipart } from '../../lib/body-limits';
import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import {
  CreatePricePinRequest,
  PricePin,
  PricePinParam,
  PricePinsQuery,
  PricePinsResponse,
  PriceRunsQuery,
  PriceRunsResponse,
  PriceSourcesResponse,
  PriceUploadForm,
  PriceUploadResponse,
  RunPriceSourceRequest,
  RunPriceSourceResponse,
  UnmatchedProductsQuery,
  UnmatchedProductsResponse,
} from '@grandline/core/contracts/prices';
import { requireAdmin } from '../../lib/auth-gate';
import { adminDenied as denied, createRouter, jsonContent } from '../../lib/openapi';
import { listPriceRuns, priceSources, startPriceRun, uploadPrices } from './price-admin.service';
import { createPin, deletePin, listPins, listUnmatched } from './price-pins.service';

const invalid = jsonContent(ErrorResponse, 'Invalid query or body (VALIDATION_ERROR)');

/** The price platform for admins (docs/prices.md): runs, run now, price files, unmatched products and pins. */
export const priceAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/prices/runs',
      summary: 'Price and exchange-rate runs, newest first',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { query: PriceRunsQuery },
      responses: { 200: jsonContent(PriceRunsResponse, 'The latest runs (limit ≤ 200, default 50)'), 400: invalid, ...denied },
    }),
    async (c) => c.json({ items: await listPriceRuns({ db: c.var.deps.db, ...c.req.valid('query') }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/prices/sources',
      summary: 'The live price sources: configured on this server or not, running, last run and last success',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      responses: { 200: jsonContent(PriceSourcesResponse, 'tcgcsv, cardmarket, cardtrader and fx'), ...denied },
    }),
    async (c) => c.json({ items: await priceSources({ db: c.var.deps.db, config: c.var.deps.config.prices }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/prices/run',
      summary: 'Run a live price source now, in the background (through the job scheduler and its lock)',
      description: 'Answers at once; the run takes minutes and shows in GET /admin/prices/runs.',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { body: { content: { 'application/json': { schema: RunPriceSourceRequest } }, required: true } },
      responses: {
        202: jsonContent(RunPriceSourceResponse, 'The run started'),
        400: jsonContent(ErrorResponse, 'Unknown source (VALIDATION_ERROR)'),
        409: jsonContent(ErrorResponse, 'SOURCE_NOT_CONFIGURED (not in PRICE_SOURCES), RUN_IN_PROGRESS, or JOB_UNAVAILABLE (this process runs no jobs: JOBS)'),
        ...denied,
      },
    }),
    async (c) => {
      const { deps } = c.var;
      const result = await startPriceRun({ db: deps.db, log: deps.log, config: deps.config.prices, runJob: deps.runJob, source: c.req.valid('json').source });
      return c.json(result, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/prices/upload',
      summary: 'Import a price file now: a Liga One Piece / MYP Cards price CSV, or the Cardmarket price guide with its product list',
      description: 'multipart/form-data. The size limit is MAX_UPLOAD_BYTES (lib/body-limits.ts). The day is imported in one transaction.',
      tags: ['admin'],
      middleware: [requireAdmin, requireMultipart] as const,
      request: { body: { content: { 'multipart/form-data': { schema: PriceUploadForm } }, required: true } },
      responses: {
        200: jsonContent(PriceUploadResponse, 'What the run did, and the first rows or products without a print'),
        400: jsonContent(
          ErrorResponse,
          'VALIDATION_ERROR, NO_FILE, NOT_UTF8, NOT_JSON, INVALID_PRICE_FILE, MISSING_COLUMNS (with missing), NO_DATA_ROWS, TOO_MANY_ROWS, LINE_TOO_LONG; `field` names the file part',
        ),
        413: jsonContent(ErrorResponse, 'FILE_TOO_LARGE'),
        415: jsonContent(ErrorResponse, 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data'),
        ...denied,
      },
    }),
    async (c) => {
      const { deps } = c.var;
      return c.json(await uploadPrices({ db: deps.db, events: deps.events, log: deps.log, form: c.req.valid('form') }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/prices/unmatched',
      summary: 'Products of the last run of a feed that no rule matched to a print, searched by name or number',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { query: UnmatchedProductsQuery },
      responses: { 200: jsonContent(UnmatchedProductsResponse, 'A page of unmatched products'), 400: invalid, ...denied },
    }),
    async (c) => c.json(await listUnmatched({ db: c.var.deps.db, ...c.req.valid('query') }), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/prices/pins',
      summary: 'Products tied to a print by hand, newest first',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { query: PricePinsQuery },
      responses: { 200: jsonContent(PricePinsResponse, 'The pins'), 400: invalid, ...denied },
    }),
    async (c) => c.json({ items: await listPins({ db: c.var.deps.db, source: c.req.valid('query').source }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/prices/pins',
      summary: 'Pin a product to a print: it wins over every matching rule from the next run of the source on',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { body: { content: { 'application/json': { schema: CreatePricePinRequest } }, required: true } },
      responses: {
        201: jsonContent(PricePin, 'The pin; the product shows linked to the print at once'),
        400: invalid,
        404: jsonContent(ErrorResponse, 'CARD_NOT_FOUND, or PRICE_PRODUCT_NOT_FOUND (the last run did not list it)'),
        409: jsonContent(ErrorResponse, 'PRODUCT_ALREADY_PINNED or PRINT_ALREADY_PINNED'),
        ...denied,
      },
    }),
    async (c) => c.json(await createPin({ db: c.var.deps.db, userId: c.var.user.id, ...c.req.valid('json') }), 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/prices/pins/{source}/{productId}',
      summary: 'Remove a pin: the product is matched by the rules again on the next run',
      tags: ['admin'],
      middleware: [requireAdmin] as const,
      request: { params: PricePinParam },
      responses: { 204: { description: 'Removed' }, 400: invalid, 404: jsonContent(ErrorResponse, 'PIN_NOT_FOUND'), ...denied },
    }),
    async (c) => {
      await deletePin({ db: c.var.deps.db, ...c.req.valid('param') });
      return c.body(null, 204);
    },
  );
