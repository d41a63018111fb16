import { createRoute, z } from '@hono/zod-openapi';
import {
  AddBinderCardsRequest,
  BinderCardRow,
  BinderCardsQuery,
  BinderCardsResponse,
  BinderDetail,
  BinderIdParam,
  BinderListResponse,
  BinderRowParam,
  BulkUpdateBinderCardsRequest,
  CreateBinderRequest,
  DeleteBinderCardsRequest,
  ExportQuery,
  ImportQuery,
  ImportResult,
  OwnedResponse,
  PortfolioResponse,
  UpdateBinderCardRequest,
  UpdateBinderRequest,
  WishlistIdsResponse,
} from '@grandline/core/contracts/binders';
import { IntId, IntIdParam } from '@grandline/core/contracts/common';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { requireAcceptedTerms, requireUser, sessionPlan, sessionUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { exportBinder, importIntoBinder } from './binder-files.service';
import { addBinderCards, deleteBinderCards, listBinderCards, updateBinderCard, updateBinderCards } from './binder-rows.service';
import { createBinder, deleteBinder, getBinder, listBinders, updateBinder } from './binders.service';
import { binderValue, binderValueHistory, ownedCounts, portfolio, portfolioValue, portfolioValueHistory } from './portfolio.service';
import { CollectionValue, CollectionValueQuery, PortfolioValueResponse, ValueHistoryQuery, ValueHistoryResponse } from '@grandline/core/contracts/prices';
import { addToWishlist, removeFromWishlist, wishlistIds } from './wishlist.service';
import { isTextFileType, uploadFile } from '../../lib/body-limits';

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
  403: jsonContent(ErrorResponse, "Terms not accepted (TOS_REQUIRED), or past the plan's limit (PLAN_LIMIT, with the locked-feature message)"),
};
const notFound = jsonContent(ErrorResponse, "'This binder doesn't exist or is private' (also for binders of other users)");
const historyLocked = jsonContent(ErrorResponse, 'More than the last 30 days is an advanced statistic (PLAN_LIMIT on Free and signed out)');
const invalid = jsonContent(ErrorResponse, "Invalid input, with the spec messages ('Invalid binder ID' for a malformed id)");


export const bindersRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/binders',
      tags: ['binders'],
      summary: "The signed-in user's binders (wishlist included), most recently changed first",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(BinderListResponse, 'Binders with copies and distinct prints'), 401: gate[401] },
    }),
    async (c) => c.json({ items: await listBinders({ db: c.var.deps.db, user: c.var.user }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/binders',
      tags: ['binders'],
      summary: 'Create a binder (name, category, optional description and visibility)',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: CreateBinderRequest } }, required: true } },
      responses: { 201: jsonContent(BinderDetail, 'The new binder'), 400: invalid, 409: jsonContent(ErrorResponse, 'A second wishlist'), ...gate },
    }),
    async (c) => c.json(await createBinder({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), data: c.req.valid('json') }), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/binders/{id}',
      tags: ['binders'],
      summary: 'A binder with its statistics: its owner always, anyone with the link when public',
      request: { params: BinderIdParam },
      responses: { 200: jsonContent(BinderDetail, 'The binder'), 400: invalid, 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await getBinder({ db: c.var.deps.db, viewer: await sessionUser(c), id: c.req.valid('param').id }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/binders/{id}/cards',
      tags: ['binders'],
      summary: "A page of the binder's cards, searched, filtered and sorted",
      request: { params: BinderIdParam, query: BinderCardsQuery },
      responses: { 200: jsonContent(BinderCardsResponse, 'Rows with their cards'), 400: invalid, 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await listBinderCards({ db: c.var.deps.db, viewer: await sessionUser(c), id: c.req.valid('param').id, query: c.req.valid('query') }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/binders/{id}',
      tags: ['binders'],
      summary: 'Change the fields sent (owner only)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: BinderIdParam, body: { content: { 'application/json': { schema: UpdateBinderRequest } }, required: true } },
      responses: { 200: jsonContent(BinderDetail, 'The updated binder'), 400: invalid, 404: notFound, 409: jsonContent(ErrorResponse, 'A second wishlist'), ...gate },
    }),
    async (c) => c.json(await updateBinder({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), id: c.req.valid('param').id, data: c.req.valid('json') }), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/binders/{id}',
      tags: ['binders'],
      summary: 'Delete a binder and its cards (owner only)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: BinderIdParam },
      responses: { 204: { description: 'Deleted' }, 400: invalid, 404: notFound, ...gate },
    }),
    async (c) => {
      await deleteBinder({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/binders/{id}/cards',
      tags: ['binders'],
      summary: 'Add cards (one or a bulk selection) in one transaction; copies of a print already there are added to its row',
      middleware: [requireAcceptedTerms] as const,
      request: { params: BinderIdParam, body: { content: { 'application/json': { schema: AddBinderCardsRequest } }, required: true } },
      responses: { 200: jsonContent(z.object({ added: z.number().int() }), 'Copies added'), 400: invalid, 404: notFound, ...gate },
    }),
    async (c) => c.json(await addBinderCards({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), id: c.req.valid('param').id, data: c.req.valid('json') }), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/binders/{id}/cards/{rowId}',
      tags: ['binders'],
      summary: 'Change one row: quantity, condition, language or purchase price (owner only)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: BinderRowParam, body: { content: { 'application/json': { schema: UpdateBinderCardRequest } }, required: true } },
      responses: { 200: jsonContent(BinderCardRow, 'The row as stored (merged with its twin when condition and language now match one)'), 400: invalid, 404: notFound, ...gate },
    }),
    async (c) => {
      const { id, rowId } = c.req.valid('param');
      return c.json(await updateBinderCard({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), id, rowId, data: c.req.valid('json') }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/binders/{id}/cards/update',
      tags: ['binders'],
      summary: 'Bulk edit: set the condition and/or language of many rows in one transaction (owner only)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: BinderIdParam, body: { content: { 'application/json': { schema: BulkUpdateBinderCardsRequest } }, required: true } },
      responses: { 200: jsonContent(z.object({ updated: z.number().int() }), 'Rows changed'), 400: invalid, 404: notFound, ...gate },
    }),
    async (c) => c.json(await updateBinderCards({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, data: c.req.valid('json') }), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/binders/{id}/cards/delete',
      tags: ['binders'],
      summary: 'Remove rows (one or many) in one transaction (owner only)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: BinderIdParam, body: { content: { 'application/json': { schema: DeleteBinderCardsRequest } }, required: true } },
      responses: { 200: jsonContent(z.object({ removed: z.number().int() }), 'Rows removed'), 400: invalid, 404: notFound, ...gate },
    }),
    async (c) => c.json(await deleteBinderCards({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, rowIds: c.req.valid('json').rowIds }), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/binders/{id}/import',
      tags: ['binders'],
      summary: 'Import a file (Liga CSV, generic quantity,card_number[,variant] CSV, or OPTCG Sim text) by merging or replacing',
      description:
        'The body is the file itself, UTF-8 (text/csv, text/plain, application/vnd.ms-excel, application/octet-stream), or multipart/form-data with the file in a part named "file"; any other type is 415. Valid rows are stored in one transaction; every failed row is reported.',
      // The file's size limit (MAX_UPLOAD_BYTES, 10 MB by default) is applied to every upload route in lib/body-limits.ts.
      middleware: [requireAcceptedTerms] as const,
      request: {
        params: BinderIdParam,
        query: ImportQuery,
        body: { content: { 'text/csv': { schema: z.string() }, 'text/plain': { schema: z.string() } }, required: true },
      },
      responses: {
        200: jsonContent(ImportResult, 'Rows stored and every failed row'),
        400: jsonContent(ErrorResponse, 'NO_FILE, NOT_UTF8, NO_DATA_ROWS, FORMAT_NOT_IMPLEMENTED, TOO_MANY_ROWS (over 50,000 rows), LINE_TOO_LONG (over 2,000 characters), or NO_VALID_CARDS with the first 1,000 failures and failureCount'),
        404: notFound,
        413: jsonContent(ErrorResponse, 'FILE_TOO_LARGE'),
        415: jsonContent(ErrorResponse, 'UNSUPPORTED_MEDIA_TYPE: the body is neither a text file (text/csv, text/plain…) nor multipart/form-data'),
        ...gate,
      },
    }),
    async (c) => {
      const bytes = await uploadFile(c, isTextFileType, 'text/csv or text/plain');
      const { format, mode, currency } = c.req.valid('query');
      return c.json(await importIntoBinder({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), id: c.req.valid('param').id, bytes, format, mode, currency }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/binders/{id}/export',
      tags: ['binders'],
      summary: 'Download the binder: Liga CSV Standard, Format with Prices, or OPTCG Sim text',
      request: { params: BinderIdParam, query: ExportQuery },
      responses: {
        200: { content: { 'text/csv': { schema: z.string() }, 'text/plain': { schema: z.string() } }, description: 'The file, as an attachment' },
        400: jsonContent(ErrorResponse, "'No cards to export'"),
        401: jsonContent(ErrorResponse, 'A CSV export needs a signed-in user (it counts as one of their CSV exports of the month)'),
        403: jsonContent(ErrorResponse, "The plan's CSV exports of the month are used up (PLAN_LIMIT)"),
        404: notFound,
      },
    }),
    async (c) => {
      const { format, market, priceType, currency } = c.req.valid('query');
      const viewer = await sessionUser(c);
      const plan = viewer ? await sessionPlan(c, viewer.id) : 'free';
      const file = await exportBinder({ db: c.var.deps.db, viewer, plan, id: c.req.valid('param').id, format, prices: { market, priceType, currency, config: c.var.deps.config.prices } });
      return c.body(file.body, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        'Cache-Control': 'private, no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/wishlist',
      tags: ['wishlist'],
      summary: "The signed-in user's wishlist binder id and the cards in it",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(WishlistIdsResponse, 'binderId is null until the first card is added'), 401: gate[401] },
    }),
    async (c) => c.json(await wishlistIds({ db: c.var.deps.db, user: c.var.user }), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/wishlist/cards',
      tags: ['wishlist'],
      summary: 'Add cards to the wishlist (created on first use)',
      middleware: [requireAcceptedTerms] as const,
      request: {
        body: {
          content: { 'application/json': { schema: z.object({ cards: z.array(z.object({ cardId: IntId('validation.invalidCardId'), quantity: z.number().int().min(1).max(99).default(1), anyPrint: z.boolean().optional() })).min(1).max(200) }) } },
          required: true,
        },
      },
      responses: { 200: jsonContent(WishlistIdsResponse, 'The wishlist after the change'), 400: invalid, ...gate },
    }),
    async (c) => c.json(await addToWishlist({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), cards: c.req.valid('json').cards }), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/wishlist/cards/{cardId}',
      tags: ['wishlist'],
      summary: 'Remove a card (every row of that print) from the wishlist',
      middleware: [requireAcceptedTerms] as const,
      request: { params: z.object({ cardId: IntIdParam('validation.invalidCardId') }) },
      responses: { 200: jsonContent(WishlistIdsResponse, 'The wishlist after the change'), 400: invalid, ...gate },
    }),
    async (c) => c.json(await removeFromWishlist({ db: c.var.deps.db, user: c.var.user, cardId: c.req.valid('param').cardId }), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/collection/owned',
      tags: ['binders'],
      summary: 'Copies owned per card number over Personal and Trade binders (for the deck collection check)',
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(OwnedResponse, 'Counts by card number'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await ownedCounts({ db: c.var.deps.db, user: c.var.user }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/collection/portfolio',
      tags: ['binders'],
      summary: 'Portfolio statistics over Personal binders only (Trade binders do not count)',
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(PortfolioResponse, 'Totals, statistics and top cards'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await portfolio({ db: c.var.deps.db, user: c.var.user }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/collection/portfolio/value',
      tags: ['binders', 'prices'],
      summary: 'Market value of the Personal binders in one market, price type and currency: total, per binder, cost basis and gain, most valuable cards, top movers',
      middleware: [requireUser] as const,
      request: { query: CollectionValueQuery },
      responses: { 200: jsonContent(PortfolioValueResponse, 'The value'), 400: jsonContent(ErrorResponse, 'Unknown market, price type or currency'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { deps } = c.var;
      return c.json(await portfolioValue({ db: deps.db, user: c.var.user, query: c.req.valid('query'), config: deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/binders/{id}/value',
      tags: ['binders', 'prices'],
      summary: "A binder's market value in one market, price type and currency, with cost basis, gain, most valuable cards and top movers",
      request: { params: BinderIdParam, query: CollectionValueQuery },
      responses: { 200: jsonContent(CollectionValue, 'The value'), 400: jsonContent(ErrorResponse, 'Malformed id or query'), 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { deps } = c.var;
      return c.json(await binderValue({ db: deps.db, viewer: await sessionUser(c), id: c.req.valid('param').id, query: c.req.valid('query'), config: deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/collection/portfolio/value/history',
      tags: ['binders', 'prices'],
      summary: "The Personal binders' value over the last 30, 90 or 365 days: today's holdings at each day's prices",
      middleware: [requireUser] as const,
      request: { query: ValueHistoryQuery },
      responses: { 200: jsonContent(ValueHistoryResponse, 'One point per day, oldest first'), 400: jsonContent(ErrorResponse, 'Bad query'), 401: gate[401], 403: historyLocked },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { deps } = c.var;
      return c.json(await portfolioValueHistory({ db: deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), query: c.req.valid('query'), config: deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/binders/{id}/value/history',
      tags: ['binders', 'prices'],
      summary: "A binder's value over the last 30, 90 or 365 days",
      request: { params: BinderIdParam, query: ValueHistoryQuery },
      responses: { 200: jsonContent(ValueHistoryResponse, 'One point per day, oldest first'), 400: jsonContent(ErrorResponse, 'Bad id or query'), 403: historyLocked, 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { deps } = c.var;
      const viewer = await sessionUser(c);
      return c.json(await binderValueHistory({ db: deps.db, viewer, plan: viewer ? await sessionPlan(c, viewer.id) : 'free', id: c.req.valid('param').id, query: c.req.valid('query'), config: deps.config.prices }), 200);
    },
  );
