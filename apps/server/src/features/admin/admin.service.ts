import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export type Role = 'user' | 'admin';

export const parseAdminEmails = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);

/** Sets the role of the accounts with these e-mails; returns the e-mails that matched an account. */
export async function setRole({ db, emails, role }: { db: Db; emails: string[]; role: Role }): Promise<string[]> {
  if (!emails.length) return [];
  const lower = emails.map((e) => e.toLowerCase());
  const rows = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(inArray(sql`lower(${users.email})`, lower))
    .returning({ email: users.email });
  return rows.map((r) => r.email);
}

export async function listAdmins(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(sql`${users.role} = 'admin'`).orderBy(users.email);
  return rows.map((r) => r.email);
}
