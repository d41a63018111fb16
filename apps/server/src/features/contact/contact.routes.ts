import { createRoute } from '@hono/zod-openapi';
import {
  AdminContactMessage,
  AdminContactMessageListResponse,
  AdminContactMessagesQuery,
  ContactMessageIdParam,
  ContactRequest,
  ContactResponse,
  UpdateContactMessageRequest,
} from '@grandline/core/contracts/contact';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { requireAdmin, sessionUser } from '../../lib/auth-gate';
import { clientAddress } from '../../lib/client-address';
import { DEFAULT_SUPPORT_EMAIL } from '../../lib/env';
import { adminDenied as denied, createRouter, jsonContent } from '../../lib/openapi';
import { CONTACT_MAX_PER_ADDRESS, CONTACT_MAX_PER_IP, listContactMessages, sendContactMessage, setContactMessageHandled } from './contact.service';

const invalid = jsonContent(ErrorResponse, 'Invalid query or body (VALIDATION_ERROR)');

/** The contact form (anyone), and its messages in the admin area. */
export const contactRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/contact',
      tags: ['contact'],
      summary: 'Send a message to the team (signed in or not): stored, then mailed to SUPPORT_EMAIL',
      description:
        `At most ${CONTACT_MAX_PER_ADDRESS} messages an hour per e-mail address and ${CONTACT_MAX_PER_IP} per client address. ` +
        'A message whose mail fails is kept (the admin area lists it) and answered like any other.',
      request: { body: { content: { 'application/json': { schema: ContactRequest } }, required: true } },
      responses: {
        201: jsonContent(ContactResponse, 'The message was received'),
        400: invalid,
        413: jsonContent(ErrorResponse, 'The body is too large (PAYLOAD_TOO_LARGE)'),
        429: jsonContent(ErrorResponse, 'Too many messages from this address or e-mail in the last hour (RATE_LIMITED)'),
      },
    }),
    async (c) => {
      const { db, log, mail, config } = c.var.deps;
      const user = await sessionUser(c);
      await sendContactMessage({
        db,
        log,
        mailer: mail?.mailer,
        publicUrl: mail?.publicUrl,
        supportEmail: config.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
        userId: user?.id ?? null,
        ip: clientAddress(c.req.raw, c.env, config.trustProxy),
        data: c.req.valid('json'),
      });
      return c.json({ received: true as const }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/contact-messages',
      tags: ['admin'],
      summary: 'Messages of the contact form, newest first: open (default), handled or all',
      middleware: [requireAdmin] as const,
      request: { query: AdminContactMessagesQuery },
      responses: { 200: jsonContent(AdminContactMessageListResponse, 'A page of messages'), 400: invalid, ...denied },
    }),
    async (c) => c.json(await listContactMessages({ db: c.var.deps.db, ...c.req.valid('query') }), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/admin/contact-messages/{id}',
      tags: ['admin'],
      summary: 'Mark a contact message handled, or open again',
      middleware: [requireAdmin] as const,
      request: { params: ContactMessageIdParam, body: { content: { 'application/json': { schema: UpdateContactMessageRequest } }, required: true } },
      responses: {
        200: jsonContent(AdminContactMessage, 'The message after the change'),
        400: invalid,
        404: jsonContent(ErrorResponse, 'No such message (CONTACT_MESSAGE_NOT_FOUND)'),
        ...denied,
      },
    }),
    async (c) =>
      c.json(await setContactMessageHandled({ db: c.var.deps.db, adminId: c.var.user.id, id: c.req.valid('param').id, handled: c.req.valid('json').handled }), 200),
  );
