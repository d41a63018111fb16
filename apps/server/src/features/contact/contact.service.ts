import { randomUUID } from 'node:crypto';
import type { AdminContactMessage, AdminContactMessageListResponse, ContactMailStatus, ContactMessageFilter, ContactRequest } from '@grandline/core/contracts/contact';
import { aliasedTable, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail';
import { consumeRateLimit } from '../../lib/rate-limit';

/** Messages one e-mail address may send in an hour (counted in lower case). */
export const CONTACT_MAX_PER_ADDRESS = 3;
/** Messages one client address (IP) may send in an hour, whatever e-mail they give. */
export const CONTACT_MAX_PER_IP = 10;
const CONTACT_WINDOW_SECONDS = 60 * 60;
/**
 * How long the sender waits for the mail adapter: a slow SMTP server does not hold the answer (the message is stored
 * already; its mail status is set when the sending ends).
 */
const CONTACT_MAIL_WAIT_MS = 8_000;

const tooMany = () => new AppError('RATE_LIMITED', 429, 'You have sent several messages recently. Please try again in an hour.');

/**
 * A message of the contact form: the honeypot's are dropped (answered alike); then the per-IP and per-address limits
 * (429); then the message is stored, and only then mailed to SUPPORT_EMAIL with Reply-To the sender. A mail that fails
 * leaves the message stored with mail status 'failed' and the answer a success: the admin area lists it.
 */
export async function sendContactMessage({
  db,
  log,
  mailer,
  supportEmail,
  publicUrl,
  userId,
  ip,
  data,
}: {
  db: Db;
  log: Logger;
  mailer?: Mailer;
  supportEmail: string;
  publicUrl?: string;
  userId: string | null;
  ip: string | undefined;
  data: ContactRequest;
}): Promise<{ stored: false } | { stored: true; id: string; mailStatus: ContactMailStatus }> {
  if (data.website?.trim()) {
    log.info({ ip }, 'contact message dropped (honeypot filled)');
    return { stored: false };
  }
  if (ip && !(await consumeRateLimit(db, `contact-ip:${ip}`, CONTACT_MAX_PER_IP, CONTACT_WINDOW_SECONDS))) throw tooMany();
  if (!(await consumeRateLimit(db, `contact-email:${data.email.toLowerCase()}`, CONTACT_MAX_PER_ADDRESS, CONTACT_WINDOW_SECONDS))) throw tooMany();

  const id = randomUUID();
  const createdAt = new Date();
  await db.insert(contactMessages).values({
    id,
    userId,
    name: data.name,
    email: data.email,
    subject: data.subject,
    message: data.message,
    locale: data.locale ?? null,
    createdAt,
  });

  const setStatus = (mailStatus: ContactMailStatus) => db.update(contactMessages).set({ mailStatus }).where(eq(contactMessages.id, id));
  if (!mailer) {
    log.warn({ id }, 'contact message stored, not mailed: no mailer configured');
    await setStatus('failed');
    return { stored: true, id, mailStatus: 'failed' };
  }
  const delivery = mailer
    .send(contactMail({ id, supportEmail, publicUrl, userId, createdAt, data }))
    .then(
      () => 'sent' as const,
      (err: unknown) => {
        log.error({ err, id }, 'contact message stored, but its mail to SUPPORT_EMAIL failed');
        return 'failed' as const;
      },
    )
    .then(async (status) => {
      await setStatus(status);
      return status;
    })
    .catch((err: unknown) => {
      log.error({ err, id }, 'could not record the mail status of a contact message');
      return 'pending' as const;
    });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), CONTACT_MAIL_WAIT_MS);
  });
  const mailStatus = await Promise.race([delivery, waited]);
  clearTimeout(timer);
  return { stored: true, id, mailStatus };
}

/** The mail to SUPPORT_EMAIL: plain text, the sender in Reply-To, a link to the admin list. */
function contactMail({
  id,
  supportEmail,
  publicUrl,
  userId,
  createdAt,
  data,
}: {
  id: string;
  supportEmail: string;
  publicUrl?: string;
  userId: string | null;
  createdAt: Date;
  data: ContactRequest;
}) {
  const lines = [
    `A message came through the contact form${publicUrl ? ` (all messages: ${publicUrl}/admin?tab=messages)` : ''}.`,
    '',
    `From: ${data.name} <${data.email}>`,
    `Account: ${userId ?? 'not signed in'}`,
    `Language: ${data.locale ?? 'unknown'}`,
    `Sent: ${createdAt.toISOString()}`,
    `Reference: ${id}`,
    `Subject: ${data.subject}`,
    '',
    data.message,
    '',
    '-- ',
    'Reply to this e-mail to answer the sender.',
  ];
  return {
    to: supportEmail,
    subject: `[Contact] ${data.subject}`,
    text: lines.join('\n'),
    replyTo: { name: data.name, address: data.email },
  };
}

const handler = aliasedTable(users, 'handler');

const filterOf = (status: ContactMessageFilter) =>
  status === 'open' ? isNull(contactMessages.handledAt) : status === 'handled' ? isNotNull(contactMessages.handledAt) : undefined;

const MESSAGE_COLUMNS = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  locale: contactMessages.locale,
  userId: contactMessages.userId,
  username: profiles.username,
  mailStatus: contactMessages.mailStatus,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  handledBy: handler.name,
};

type MessageRow = Omit<AdminContactMessage, 'createdAt' | 'handledAt' | 'mailStatus'> & { createdAt: Date; handledAt: Date | null; mailStatus: string };

const toMessage = (row: MessageRow): AdminContactMessage => ({
  ...row,
  mailStatus: row.mailStatus === 'sent' || row.mailStatus === 'failed' ? row.mailStatus : 'pending',
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** The admin's view of messages: the sender's user name (if they were signed in) and the handling admin's name. */
const selectMessages = (db: Db) =>
  db
    .select(MESSAGE_COLUMNS)
    .from(contactMessages)
    .leftJoin(profiles, eq(profiles.id, contactMessages.userId))
    .leftJoin(handler, eq(handler.id, contactMessages.handledBy));

/** Contact messages for the admin area, newest first, open or handled or all; `open` counts those still to handle. */
export async function listContactMessages({
  db,
  status,
  page,
  pageSize,
}: {
  db: Db;
  status: ContactMessageFilter;
  page: number;
  pageSize: number;
}): Promise<AdminContactMessageListResponse> {
  const [rows, [totals]] = await Promise.all([
    selectMessages(db)
      .where(filterOf(status))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        all: count(),
        open: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(Number),
      })
      .from(contactMessages),
  ]);
  const all = totals?.all ?? 0;
  const open = totals?.open ?? 0;
  return {
    items: rows.map(toMessage),
    total: status === 'open' ? open : status === 'handled' ? all - open : all,
    open,
    page,
    pageSize,
  };
}

/** Marks a message handled (by this admin, now) or open again; 404 CONTACT_MESSAGE_NOT_FOUND when there is none. */
export async function setContactMessageHandled({ db, adminId, id, handled }: { db: Db; adminId: string; id: string; handled: boolean }): Promise<AdminContactMessage> {
  const updated = await db
    .update(contactMessages)
    .set(handled ? { handledAt: sql`coalesce(${contactMessages.handledAt}, now())`, handledBy: sql`coalesce(${contactMessages.handledBy}, ${adminId})` } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!updated.length) throw new AppError('CONTACT_MESSAGE_NOT_FOUND', 404, "This message doesn't exist");
  const [row] = await selectMessages(db).where(eq(contactMessages.id, id));
  return toMessage(row!);
}
