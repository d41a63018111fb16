import { randomUUID } from 'node:crypto';
import type { FamilyBindersResponse, FamilyResponse } from '@grandline/core/contracts/family';
import { mayOwnFamily } from '@grandline/core/plans';
import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { binders, familyInvites, familyMembers, profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { lockUserRow, planLimitReached } from '../../lib/plan-gates';
import { readPlanFacts } from '../../lib/plans';

/**
 * Family sharing (issue 16): a user whose own plan is Family invites members by e-mail (at most `maxMembers`,
 * invitations included); the person with that address accepts or declines; a member may leave and the owner may
 * remove them. Members get Hobby while the owner's plan is Family (packages/core `effectivePlan`), and read the
 * binders the family shares (db/ownership.ts `sameFamily`). Every change names the users whose plan it changes, for
 * the caller to announce (lib/plan-events.ts).
 */

const notFound = () => new AppError('FAMILY_INVITE_NOT_FOUND', 404, 'This invitation does not exist or was withdrawn');
const notInFamily = () => new AppError('NOT_IN_FAMILY', 404, 'This person is not in your family');

type Person = { userId: string; username: string | null; name: string };

async function people(db: Db, ids: string[]): Promise<Map<string, Person & { email: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ userId: users.id, username: profiles.username, name: users.name, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** The user's family as they see it (GET /api/family). */
export async function familyOf({ db, userId, maxMembers }: { db: Db; userId: string; maxMembers: number }): Promise<FamilyResponse> {
  const [[me], facts, [membership]] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    readPlanFacts(db, userId),
    db.select().from(familyMembers).where(eq(familyMembers.memberId, userId)),
  ]);
  if (!me) throw new AppError('NOT_FOUND', 404, 'User not found');
  const ownerId = membership?.ownerId ?? userId;
  const [members, invites, received] = await Promise.all([
    db.select().from(familyMembers).where(eq(familyMembers.ownerId, ownerId)).orderBy(familyMembers.joinedAt),
    membership ? Promise.resolve([]) : db.select().from(familyInvites).where(eq(familyInvites.ownerId, userId)).orderBy(familyInvites.createdAt),
    db.select().from(familyInvites).where(eq(familyInvites.email, me.email.toLowerCase())).orderBy(desc(familyInvites.createdAt)),
  ]);
  const who = await people(db, [ownerId, ...members.map((m) => m.memberId), ...received.map((r) => r.ownerId)]);
  const person = (id: string): Person => {
    const p = who.get(id);
    return { userId: id, username: p?.username ?? null, name: p?.name ?? '' };
  };
  const isOwner = !membership && (members.length > 0 || invites.length > 0);
  return {
    role: membership ? 'member' : isOwner ? 'owner' : null,
    canOwn: mayOwnFamily(facts, new Date()),
    maxMembers,
    owner: membership ? person(ownerId) : null,
    members: members.map((m) => ({ ...person(m.memberId), email: membership ? null : (who.get(m.memberId)?.email ?? null), joinedAt: m.joinedAt.toISOString() })),
    invites: invites.map((i) => ({ id: i.id, email: i.email, createdAt: i.createdAt.toISOString() })),
    received: received.map((r) => ({ id: r.id, from: person(r.ownerId), createdAt: r.createdAt.toISOString() })),
  };
}

const INVITE_MAIL = {
  en: {
    subject: (from: string) => `${from} invited you to their Grand Line family`,
    body: (from: string) => `${from} invited you to share their Grand Line Family plan: you get Hobby and see the binders the family shares.\n\nSign in (or create an account with this e-mail address) and accept the invitation here:`,
    ignore: 'If you did not expect this, ignore this e-mail.',
  },
  pt: {
    subject: (from: string) => `${from} convidou você para a família no Grand Line`,
    body: (from: string) => `${from} convidou você para compartilhar o Plano Family do Grand Line: você recebe o Hobby e vê os fichários que a família compartilha.\n\nEntre (ou crie uma conta com este e-mail) e aceite o convite aqui:`,
    ignore: 'Se você não esperava por isso, ignore este e-mail.',
  },
  es: {
    subject: (from: string) => `${from} te invitó a su familia en Grand Line`,
    body: (from: string) => `${from} te invitó a compartir su Plan Family de Grand Line: obtienes Hobby y ves las carpetas que comparte la familia.\n\nInicia sesión (o crea una cuenta con este correo) y acepta la invitación aquí:`,
    ignore: 'Si no esperabas esto, ignora este correo.',
  },
} as const;

/** The invitation's e-mail, in the inviter's language: who invites, and where to accept (Settings → Subscription). */
function inviteMail(to: string, from: string, lang: 'en' | 'pt' | 'es', publicUrl: string) {
  const texts = INVITE_MAIL[lang];
  return { to, subject: texts.subject(from), text: `${texts.body(from)}\n${publicUrl}/settings?tab=subscription\n\n${texts.ignore}` };
}

/** POST /api/family/invites: invites an e-mail address; the same address again is the same invitation. Answers the users whose plan changed (none). */
export async function inviteToFamily({
  db,
  userId,
  email,
  maxMembers,
  mail,
}: {
  db: Db;
  userId: string;
  email: string;
  maxMembers: number;
  mail?: { mailer: Mailer; publicUrl: string; lang: 'en' | 'pt' | 'es' };
}): Promise<{ created: boolean; address: string; ownerName: string }> {
  const address = email.trim().toLowerCase();
  const facts = await readPlanFacts(db, userId);
  if (!mayOwnFamily(facts, new Date())) throw planLimitReached('family');
  const result = await db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const [owner] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    if (owner!.email.toLowerCase() === address) throw new AppError('VALIDATION_ERROR', 400, 'You cannot invite yourself', [{ path: 'email', message: 'You cannot invite yourself' }]);
    const [membership] = await tx.select().from(familyMembers).where(eq(familyMembers.memberId, userId));
    if (membership) throw new AppError('ALREADY_IN_FAMILY', 409, 'You are a member of another family: leave it before you invite people to yours');
    const [already] = await tx
      .select({ id: users.id })
      .from(familyMembers)
      .innerJoin(users, eq(users.id, familyMembers.memberId))
      .where(and(eq(familyMembers.ownerId, userId), sql`lower(${users.email}) = ${address}`));
    if (already) throw new AppError('ALREADY_IN_FAMILY', 409, 'This person is already in your family');
    const [existing] = await tx.select({ id: familyInvites.id }).from(familyInvites).where(and(eq(familyInvites.ownerId, userId), eq(familyInvites.email, address)));
    if (existing) return { created: false, ownerName: owner!.name };
    const [members] = await tx.select({ n: count() }).from(familyMembers).where(eq(familyMembers.ownerId, userId));
    const [pending] = await tx.select({ n: count() }).from(familyInvites).where(eq(familyInvites.ownerId, userId));
    if (Number(members?.n ?? 0) + Number(pending?.n ?? 0) >= maxMembers) throw new AppError('FAMILY_FULL', 409, `A family has at most ${maxMembers} members besides its owner`, undefined, { limit: maxMembers });
    await tx.insert(familyInvites).values({ id: randomUUID(), ownerId: userId, email: address });
    return { created: true, ownerName: owner!.name };
  });
  if (result.created && mail) await mail.mailer.send(inviteMail(address, result.ownerName, mail.lang, mail.publicUrl));
  return { created: result.created, address, ownerName: result.ownerName };
}

/** POST /api/family/invites/{id}/accept: the invited person joins; answers the users whose plan changed. */
export async function acceptInvite({ db, userId, id }: { db: Db; userId: string; id: string }): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const [invite] = await tx.select().from(familyInvites).where(and(eq(familyInvites.id, id), eq(familyInvites.email, me!.email.toLowerCase())));
    if (!invite) throw notFound();
    const [membership] = await tx.select().from(familyMembers).where(eq(familyMembers.memberId, userId));
    if (membership) throw new AppError('ALREADY_IN_FAMILY', 409, 'You are already in a family: leave it before you join another');
    const [own] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(familyMembers).where(eq(familyMembers.ownerId, userId));
    if (own!.n > 0) throw new AppError('ALREADY_IN_FAMILY', 409, 'You have your own family: remove its members before you join another');
    // The owner's own membership elsewhere would make a chain: not allowed.
    const [ownerIsMember] = await tx.select().from(familyMembers).where(eq(familyMembers.memberId, invite.ownerId));
    if (ownerIsMember) throw notFound();
    await tx.insert(familyMembers).values({ memberId: userId, ownerId: invite.ownerId });
    await tx.delete(familyInvites).where(eq(familyInvites.id, id));
    // An owner's own pending invitations go: a member cannot own a family.
    await tx.delete(familyInvites).where(eq(familyInvites.ownerId, userId));
    return [userId];
  });
}

/** DELETE /api/family/invites/{id}: the owner withdraws it, or the invited person declines it. */
export async function deleteInvite({ db, userId, id }: { db: Db; userId: string; id: string }) {
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const gone = await db
    .delete(familyInvites)
    .where(and(eq(familyInvites.id, id), or(eq(familyInvites.ownerId, userId), eq(familyInvites.email, me!.email.toLowerCase()))))
    .returning({ id: familyInvites.id });
  if (!gone.length) throw notFound();
}

/** DELETE /api/family/members/{userId}: a member leaves (their own id), or the owner removes one; answers who lost the family's plan. */
export async function removeMember({ db, userId, memberId }: { db: Db; userId: string; memberId: string }): Promise<string[]> {
  const gone = await db
    .delete(familyMembers)
    .where(and(eq(familyMembers.memberId, memberId), memberId === userId ? sql`true` : eq(familyMembers.ownerId, userId)))
    .returning({ memberId: familyMembers.memberId });
  if (!gone.length) throw notInFamily();
  return [memberId];
}

/** The members of a family owner's family (to announce a change of the owner's plan to them). */
export async function familyMemberIds(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db.select({ id: familyMembers.memberId }).from(familyMembers).where(eq(familyMembers.ownerId, ownerId));
  return rows.map((r) => r.id);
}

/** GET /api/family/binders: the binders the people of the user's family (the user included) share with it, most recently changed first. */
export async function familyBinders({ db, userId }: { db: Db; userId: string }): Promise<FamilyBindersResponse> {
  const [membership] = await db.select({ ownerId: familyMembers.ownerId }).from(familyMembers).where(eq(familyMembers.memberId, userId));
  const ownerId = membership?.ownerId ?? userId;
  const others = (await familyMemberIds(db, ownerId)).filter((id) => id !== userId);
  // Outside a family there is nothing shared; inside, one's own shared binders are listed with the others'.
  if (!membership && !others.length) return { items: [] };
  const family = [...new Set([ownerId, userId, ...others])];
  const rows = await db
    .select({
      id: binders.id,
      name: binders.name,
      category: binders.category,
      updatedAt: binders.updatedAt,
      ownerId: binders.userId,
      cardCount: sql<number>`coalesce((select sum(bc.quantity) from binder_cards bc where bc.binder_id = binders.id), 0)`.mapWith(Number),
    })
    .from(binders)
    .where(and(inArray(binders.userId, family), eq(binders.familyShared, true), ne(binders.category, 'wishlist')))
    .orderBy(desc(binders.updatedAt))
    .limit(500);
  const who = await people(db, [...new Set(rows.map((r) => r.ownerId))]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      category: r.category,
      cardCount: r.cardCount,
      updatedAt: r.updatedAt.toISOString(),
      owner: { userId: r.ownerId, username: who.get(r.ownerId)?.username ?? null, name: who.get(r.ownerId)?.name ?? '' },
    })),
  };
}
