import { createRoute } from '@hono/zod-openapi';
import { Card } from '@grandline/core/contracts/cards';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { CreateManualCardRequest, ManualCardIdParam, ManualCardsResponse } from '@grandline/core/contracts/manual-cards';
import { requireAdmin } from '../../lib/auth-gate';
import { adminDenied as denied, createRouter, jsonContent } from '../../lib/openapi';
import { createManualCard, deleteManualCard, listManualCards } from './manual-cards.service';

/** Prints the card package lacks, added by hand by admins until the package has them (docs/deck-rules.md). */
export const manualCardsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/cards/manual',
      tags: ['admin'],
      summary: 'The prints added by hand, newest first, and whether the package has each number now',
      middleware: [requireAdmin] as const,
      responses: { 200: jsonContent(ManualCardsResponse, 'The prints'), ...denied },
    }),
    async (c) => c.json({ items: await listManualCards(c.var.deps.db) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/cards/manual',
      tags: ['admin'],
      summary: 'Add a print the card package lacks (number, name, colors, type, cost, block, rarity; optionally its art, flavor text, artist and legality): decks and binders can hold it at once',
      middleware: [requireAdmin] as const,
      request: { body: { content: { 'application/json': { schema: CreateManualCardRequest } }, required: true } },
      responses: {
        201: jsonContent(Card, 'The print, in the library (with its art when imageUrl was given)'),
        400: jsonContent(ErrorResponse, 'Invalid input, with the messages'),
        409: jsonContent(ErrorResponse, 'The library has this number (CARD_EXISTS); imageUrl on a server that keeps no card images (IMAGES_NOT_CONFIGURED)'),
        422: jsonContent(ErrorResponse, 'The image at imageUrl could not be fetched, is too large or is not an image (IMAGE_UNAVAILABLE): nothing was created'),
        ...denied,
      },
    }),
    async (c) => c.json(await createManualCard({ db: c.var.deps.db, events: c.var.deps.events, art: c.var.deps.cardArt, input: c.req.valid('json') }), 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/cards/manual/{id}',
      tags: ['admin'],
      summary: 'Remove a print added by hand that no deck or binder holds',
      middleware: [requireAdmin] as const,
      request: { params: ManualCardIdParam },
      responses: {
        204: { description: 'Removed' },
        400: jsonContent(ErrorResponse, 'Invalid id'),
        404: jsonContent(ErrorResponse, 'No print added by hand has this id (CARD_NOT_FOUND)'),
        409: jsonContent(ErrorResponse, 'Decks or binders hold it (CARD_IN_USE)'),
        ...denied,
      },
    }),
    async (c) => {
      await deleteManualCard({ db: c.var.deps.db, events: c.var.deps.events, art: c.var.deps.cardArt, log: c.var.deps.log, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  );
