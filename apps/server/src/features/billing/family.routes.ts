import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { FamilyBindersResponse, FamilyIdParam, FamilyInviteRequest, FamilyMemberParam, FamilyResponse } from '@grandline/core/contracts/family';
import { requireAcceptedTerms, requireUser } from '../../lib/auth-gate';
import type { AppEnv } from '../../lib/context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { planChanged } from '../../lib/plan-events';
import { mailLanguage } from '../auth/auth-mail';
import { acceptInvite, deleteInvite, familyBinders, familyOf, inviteToFamily, removeMember } from './family.service';
import { pushFamilyInvite } from '../push/push.service';

const signedOut = jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'");
const gate = { 401: signedOut, 403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)') };

/** The signed-in user's family as they see it now: the answer of every route here. */
const familyNow = (c: Context<AppEnv>) => familyOf({ db: c.var.deps.db, userId: c.var.user.id, maxMembers: c.var.deps.config.familyMaxMembers });

/** Family sharing (issue 16; family.service.ts). Every answer that changes something is the family as the user now sees it. */
export const familyRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/family',
      tags: ['billing'],
      summary: "The user's family: their role, the owner (for a member), the members, pending invitations sent and received",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(FamilyResponse, 'The family'), 401: signedOut },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await familyNow(c), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/family/invites',
      tags: ['billing'],
      summary: 'Invite someone by e-mail (the owner’s plan must be Family); the same address again is the same invitation',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: FamilyInviteRequest } }, required: true } },
      responses: {
        200: jsonContent(FamilyResponse, 'The family with the invitation'),
        400: jsonContent(ErrorResponse, 'A bad address, or your own'),
        401: signedOut,
        403: jsonContent(ErrorResponse, "Terms not accepted (TOS_REQUIRED), or the user's own plan is not Family (PLAN_LIMIT)"),
        409: jsonContent(ErrorResponse, 'The family is full (FAMILY_FULL), or the person is already in it, or the user is a member of another family (ALREADY_IN_FAMILY)'),
      },
    }),
    async (c) => {
      const { db, config, mail, push, log } = c.var.deps;
      const invite = await inviteToFamily({ db, userId: c.var.user.id, email: c.req.valid('json').email, maxMembers: config.familyMaxMembers, mail: mail && { ...mail, lang: mailLanguage(c.req.raw.headers) } });
      // The invited person's devices hear of it too (when the address is an account's); the answer does not wait.
      if (invite.created && push) void pushFamilyInvite({ db, config: push, log }, invite.address, invite.ownerName).catch((err: unknown) => log.warn({ err }, 'family invitation push failed'));
      return c.json(await familyNow(c), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/family/invites/{id}/accept',
      tags: ['billing'],
      summary: 'Accept an invitation sent to your e-mail address: you join the family (Hobby while its owner is on Family)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: FamilyIdParam },
      responses: {
        200: jsonContent(FamilyResponse, 'The family joined'),
        404: jsonContent(ErrorResponse, 'No such invitation for you (FAMILY_INVITE_NOT_FOUND)'),
        409: jsonContent(ErrorResponse, 'Already in a family, or owner of one with members (ALREADY_IN_FAMILY)'),
        ...gate,
      },
    }),
    async (c) => {
      await planChanged(c.var.deps, await acceptInvite({ db: c.var.deps.db, userId: c.var.user.id, id: c.req.valid('param').id }));
      return c.json(await familyNow(c), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/family/invites/{id}',
      tags: ['billing'],
      summary: 'Withdraw an invitation (its owner) or decline it (the person invited)',
      middleware: [requireUser] as const,
      request: { params: FamilyIdParam },
      responses: { 200: jsonContent(FamilyResponse, 'The family after the change'), 401: signedOut, 404: jsonContent(ErrorResponse, 'No such invitation of yours (FAMILY_INVITE_NOT_FOUND)') },
    }),
    async (c) => {
      await deleteInvite({ db: c.var.deps.db, userId: c.var.user.id, id: c.req.valid('param').id });
      return c.json(await familyNow(c), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/family/members/{userId}',
      tags: ['billing'],
      summary: 'Leave the family (your own id) or, as its owner, remove a member: they drop to their own plan (Free without one)',
      middleware: [requireUser] as const,
      request: { params: FamilyMemberParam },
      responses: { 200: jsonContent(FamilyResponse, 'The family after the change'), 401: signedOut, 404: jsonContent(ErrorResponse, 'Not a member of your family (NOT_IN_FAMILY)') },
    }),
    async (c) => {
      await planChanged(c.var.deps, await removeMember({ db: c.var.deps.db, userId: c.var.user.id, memberId: c.req.valid('param').userId }));
      return c.json(await familyNow(c), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/family/binders',
      tags: ['billing', 'binders'],
      summary: 'The binders the people of your family (you included) share with it',
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(FamilyBindersResponse, 'Shared binders, most recently changed first'), 401: signedOut },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await familyBinders({ db: c.var.deps.db, userId: c.var.user.id }), 200);
    },
  );

