import type { AdminUser } from '@grandline/core/contracts/account';
import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbEvents } from '../../db/client';
import { SESSIONS_CHANNEL } from '../../lib/session-cache';
import { profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { planFacts, planFactsSql, planFromFacts } from '../../lib/plans';

export type Role = 'user' | 'admin';

export const parseAdminEmails = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);

/**
 * Sets the role of the accounts with these e-mails; returns the e-mails that matched an account. With `notify` (the
 * database's events, as the admin CLI has them), servers on the same database drop those users' cached sessions, so
 * the new role holds from their next request.
 */
export async function setRole({ db, emails, role, notify }: { db: Db; emails: string[]; role: Role; notify?: DbEvents['notify'] }): Promise<string[]> {
  if (!emails.length) return [];
  const lower = emails.map((e) => e.toLowerCase());
  const rows = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(inArray(sql`lower(${users.email})`, lower))
    .returning({ id: users.id, email: users.email });
  if (notify) for (const r of rows) await notify(SESSIONS_CHANNEL, r.id);
  return rows.map((r) => r.email);
}

export async function listAdmins(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(sql`${users.role} = 'admin'`).orderBy(users.email);
  return rows.map((r) => r.email);
}

/** Users for the admin page, newest first, searched by e-mail, name or user name. */
export async function listUsers({ db, q, page, pageSize }: { db: Db; q?: string; page: number; pageSize: number }): Promise<{
  items: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}> {
  const term = q ? `%${q.replace(/[\\%_]/g, (m) => `\\${m}`).toLowerCase()}%` : null;
  const where = term
    ? or(sql`lower(${users.email}) like ${term}`, sql`lower(${users.name}) like ${term}`, sql`lower(${profiles.username}) like ${term}`)
    : undefined;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      username: profiles.username,
      displayName: profiles.displayName,
      role: users.role,
      emailConfirmed: users.emailVerified,
      createdAt: users.createdAt,
      planFacts: planFactsSql(users.id),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ total: _t, createdAt, role, planFacts: facts, ...r }) => ({
      ...r,
      role: role === 'admin' ? 'admin' : 'user',
      createdAt: createdAt.toISOString(),
      plan: planFromFacts(planFacts(facts)),
      complimentaryPlan: facts.complimentary,
    })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

/** Changes one user's role; an admin cannot remove their own admin role (there must stay one). */
export async function changeRole({ db, actorId, userId, role }: { db: Db; actorId: string; userId: string; role: Role }) {
  if (actorId === userId && role !== 'admin') {
    throw new AppError('FORBIDDEN', 403, 'You cannot remove your own admin role');
  }
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
  if (!row) throw new AppError('NOT_FOUND', 404, 'User not found');
}
