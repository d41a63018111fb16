import { createRoute } from '@hono/zod-openapi';
import {
  CreateDeckRequest,
  DeckDetail,
  DeckIdParam,
  DeckListResponse,
  ReplaceDeckCardsRequest,
  UpdateDeckRequest,
  ValidateDeckListRequest,
  ValidateDeckListResponse,
} from '@grandline/core/contracts/decks';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { BuyListQuery, BuyListRequest, BuyListResponse } from '@grandline/core/contracts/buy-list';
import { cardsBuyList, deckBuyList } from './buy-list.service';
import { requireAcceptedTerms, requireUser, sessionPlan, sessionUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import type { ValidateDeckListResponse as ValidateDeckListResponseBody } from '@grandline/core/contracts/decks';
import { validateDeckListJson } from './deck-validation';
import { copyDeck, createDeck, deleteDeck, getDeck, listDecks, replaceDeckCards, updateDeck } from './decks.service';

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
  403: jsonContent(ErrorResponse, "Terms not accepted (TOS_REQUIRED), or past the plan's limit (PLAN_LIMIT, with the locked-feature message)"),
};
const notFound = jsonContent(ErrorResponse, "'This deck doesn't exist or is private' (also for decks of other users)");
const invalid = jsonContent(ErrorResponse, 'Invalid input, with the spec messages');

export const decksRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/decks/validate',
      tags: ['decks'],
      summary: 'Check a pasted deck list (OPTCG Sim text) in a format; no account needed',
      request: { body: { content: { 'application/json': { schema: ValidateDeckListRequest } }, required: true } },
      responses: { 200: jsonContent(ValidateDeckListResponse, 'Every problem at once'), 400: jsonContent(ErrorResponse, 'Unknown game or format, or a list too long') },
    }),
    async (c) => {
      const json = await validateDeckListJson({ db: c.var.deps.db, ...c.req.valid('json') });
      // Already the contract's JSON text (validateDeckList, cached); the cast keeps the route's type.
      return c.body(json, 200, { 'Content-Type': 'application/json' }) as unknown as ReturnType<typeof c.json<ValidateDeckListResponseBody, 200>>;
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/decks',
      tags: ['decks'],
      summary: "The signed-in user's decks, most recently changed first",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(DeckListResponse, 'Decks with their validity'), 401: gate[401] },
    }),
    async (c) => c.json({ items: await listDecks({ db: c.var.deps.db, user: c.var.user }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/decks',
      tags: ['decks'],
      summary: 'Create a deck (name, format, optional leader, cover, description, visibility and cards)',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: CreateDeckRequest } }, required: true } },
      responses: { 201: jsonContent(DeckDetail, 'The new deck'), 400: invalid, ...gate },
    }),
    async (c) => c.json(await createDeck({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), data: c.req.valid('json') }), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/buy-list',
      tags: ['decks'],
      summary: 'The buy list of a deck as the editor has it (saved or not): what the signed-in user still needs and what it costs on each market',
      middleware: [requireUser] as const,
      request: { body: { content: { 'application/json': { schema: BuyListRequest } }, required: true } },
      responses: { 200: jsonContent(BuyListResponse, 'The buy list'), 400: invalid, 401: gate[401] },
    }),
    async (c) => {
      const { leaderCardId, cards, currency, priceType } = c.req.valid('json');
      return c.json(await cardsBuyList({ db: c.var.deps.db, user: c.var.user, leaderCardId, cards, currency, priceType, config: c.var.deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/decks/{id}/buy-list',
      tags: ['decks'],
      summary: "What the signed-in user still needs for a deck (their Personal and Trade binders, any print of a number) and what it costs on each market",
      description: 'Amounts are integer hundredths of `currency`: each missing number\'s cheapest print per market, the total on each market alone and split across markets.',
      middleware: [requireUser] as const,
      request: { params: DeckIdParam, query: BuyListQuery },
      responses: { 200: jsonContent(BuyListResponse, 'The buy list'), 400: invalid, 401: gate[401], 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      const { currency, priceType } = c.req.valid('query');
      return c.json(await deckBuyList({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, currency, priceType, config: c.var.deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/decks/{id}',
      tags: ['decks'],
      summary: 'A deck: its owner always, anyone with the link when public',
      request: { params: DeckIdParam },
      responses: { 200: jsonContent(DeckDetail, 'The deck with its cards and validation'), 404: notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await getDeck({ db: c.var.deps.db, viewer: await sessionUser(c), id: c.req.valid('param').id }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/decks/{id}/copy',
      tags: ['decks'],
      summary: 'Copy a deck you can see (yours, or a public one) into your decks: private, named "Copy of …"',
      middleware: [requireAcceptedTerms] as const,
      request: { params: DeckIdParam },
      responses: { 201: jsonContent(DeckDetail, 'The new deck'), 404: notFound, ...gate },
    }),
    async (c) => c.json(await copyDeck({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), id: c.req.valid('param').id }), 201),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/decks/{id}',
      tags: ['decks'],
      summary: 'Change the fields sent (owner only)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: DeckIdParam, body: { content: { 'application/json': { schema: UpdateDeckRequest } }, required: true } },
      responses: { 200: jsonContent(DeckDetail, 'The updated deck'), 400: invalid, 404: notFound, ...gate },
    }),
    async (c) => c.json(await updateDeck({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, data: c.req.valid('json') }), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/decks/{id}/cards',
      tags: ['decks'],
      summary: "Replace all the deck's card rows in one transaction (owner only)",
      middleware: [requireAcceptedTerms] as const,
      request: { params: DeckIdParam, body: { content: { 'application/json': { schema: ReplaceDeckCardsRequest } }, required: true } },
      responses: { 200: jsonContent(DeckDetail, 'The deck with its new cards'), 400: invalid, 404: notFound, ...gate },
    }),
    async (c) =>
      c.json(await replaceDeckCards({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, cards: c.req.valid('json').cards }), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/decks/{id}',
      tags: ['decks'],
      summary: 'Delete a deck (owner only)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: DeckIdParam },
      responses: { 204: { description: 'Deleted' }, 404: notFound, ...gate },
    }),
    async (c) => {
      await deleteDeck({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  );
