import { createRoute } from '@hono/zod-openapi';
import { AdminUserListResponse, AdminUsersQuery, ChangeRoleRequest, UserIdParam } from '@grandline/core/contracts/account';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { requireAdmin } from '../../lib/auth-gate';
import { planChanged } from '../../lib/plan-events';
import { adminDenied as denied, createRouter, jsonContent } from '../../lib/openapi';
import { BillingStatusResponse, SetPlanRequest } from '@grandline/core/contracts/billing';
import { setComplimentaryPlan } from '../billing/billing.service';
import { familyMemberIds } from '../billing/family.service';
import { changeRole, listUsers } from './admin.service';

export const adminRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/users',
      tags: ['admin'],
      summary: 'Users, newest first, searched by e-mail, name or user name',
      middleware: [requireAdmin] as const,
      request: { query: AdminUsersQuery },
      responses: { 200: jsonContent(AdminUserListResponse, 'A page of users'), 400: jsonContent(ErrorResponse, 'Invalid query'), ...denied },
    }),
    async (c) => c.json(await listUsers({ db: c.var.deps.db, ...c.req.valid('query') }), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/admin/users/{id}/role',
      tags: ['admin'],
      summary: "Change a user's role",
      middleware: [requireAdmin] as const,
      request: { params: UserIdParam, body: { content: { 'application/json': { schema: ChangeRoleRequest } }, required: true } },
      responses: { 204: { description: 'Changed' }, 400: jsonContent(ErrorResponse, 'Invalid role'), 404: jsonContent(ErrorResponse, 'No such user'), ...denied },
    }),
    async (c) => {
      await changeRole({ db: c.var.deps.db, actorId: c.var.user.id, userId: c.req.valid('param').id, role: c.req.valid('json').role });
      // The new role holds from the user's very next request, on every replica.
      await c.var.deps.auth?.sessionCache?.invalidateUser(c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/admin/users/{id}/plan',
      tags: ['admin'],
      summary: 'Grant a complimentary plan (hobby or family), or take it back (free); a paid subscription is untouched and the higher plan counts',
      middleware: [requireAdmin] as const,
      request: { params: UserIdParam, body: { content: { 'application/json': { schema: SetPlanRequest } }, required: true } },
      responses: {
        200: jsonContent(BillingStatusResponse, "The user's plan and subscription after the change"),
        400: jsonContent(ErrorResponse, 'Invalid plan'),
        404: jsonContent(ErrorResponse, 'No such user'),
        ...denied,
      },
    }),
    async (c) => {
      const userId = c.req.valid('param').id;
      const status = await setComplimentaryPlan({ db: c.var.deps.db, actorId: c.var.user.id, userId, plan: c.req.valid('json').plan, billing: c.var.deps.config.billing });
      // The new plan holds from the user's very next request on every replica, and their open tabs hear of it.
      await planChanged(c.var.deps, [userId, ...(await familyMemberIds(c.var.deps.db, userId))]);
      return c.json(status, 200);
    },
  );
