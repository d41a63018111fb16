/**
 * Follows and comments notify (issue 46, item 16): "X followed you" and "X commented on your deck / binder" reach the
 * bell (the list and the live stream) and the e-mail per the recipient's preference, one per event, none for one's own
 * actions; a follow repeated within a day tells nobody again, a deleted comment takes its notification with it.
 */
import { randomUUID } from 'node:crypto';
import type { MeResponse } from '@grandline/core/contracts/account';
import type { NotificationListResponse } from '@grandline/core/contracts/watches';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalEvents } from '../../db/client';
import { binders, decks, notifications, rateLimits, users } from '../../db/schema';
import type { MailMessage } from '../../lib/mail';
import { sseReader } from '../../testing/sse';
import { createAuthTestApp, postJson, signUpVerified, testLog, TEST_PUBLIC_URL } from '../../testing/test-app';
import { sendCommunityEmails } from './community-mail';
import { commentExcerpt, drainCommunityOutboxes, FOLLOW_REPEAT_HOURS } from './community.service';

const events = createLocalEvents();
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const NAMES = ['ana', 'ben', 'cy', 'dee'] as const;
type Name = (typeof NAMES)[number];
const cookies = {} as Record<Name, string>;
const ids = {} as Record<Name, string>;
const email = (who: Name) => `${who}-notify@example.com`;

const call = (method: string, path: string, who: Name, body?: unknown) => ctx.app.request(path, { ...postJson(body ?? {}, { Cookie: cookies[who] }), method });
const follow = (who: Name, whom: Name) => call('PUT', `/api/profiles/${whom}_nt/follow`, who);
const unfollow = (who: Name, whom: Name) => call('DELETE', `/api/profiles/${whom}_nt/follow`, who);
const inbox = async (who: Name) => (await (await ctx.app.request('/api/notifications', { headers: { Cookie: cookies[who] } })).json()) as NotificationListResponse;
const mailTo = (who: Name) => ctx.mail.messages.filter((m) => m.to === email(who));
/** The background delivery of what the last request wrote has finished (e-mail and push outboxes drained). */
const delivered = () => drainCommunityOutboxes({ db: ctx.db, log: testLog, events, mail: { mailer: ctx.mail.mailer, publicUrl: TEST_PUBLIC_URL } });
const stored = (who: Name) => ctx.db.select().from(notifications).where(eq(notifications.userId, ids[who]));

async function item(kind: 'deck' | 'binder', owner: Name, name: string) {
  const id = randomUUID();
  if (kind === 'deck') await ctx.db.insert(decks).values({ id, userId: ids[owner], name, format: 'standard', gameCategory: 'onepiece', isPublic: true });
  else await ctx.db.insert(binders).values({ id, userId: ids[owner], name, category: 'personal', isPublic: true });
  return { id, path: `/api/${kind}s/${id}/comments` };
}

beforeAll(async () => {
  ctx = await createAuthTestApp({ events });
  for (const who of NAMES) {
    cookies[who] = await signUpVerified(ctx, email(who));
    expect((await call('POST', '/api/me/accept-terms', who, { username: `${who}_nt`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true })).status).toBe(200);
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email(who)));
    ids[who] = row!.id;
  }
  expect((await call('PATCH', '/api/me/profile', 'ana', { displayName: 'Ana <Navigator>' })).status).toBe(200);
  expect((await call('PATCH', '/api/me/profile', 'ben', { language: 'pt' })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
  events.close();
});

beforeEach(async () => {
  await ctx.db.delete(rateLimits).where(like(rateLimits.key, 'comment%'));
});

describe('a follow', () => {
  it('tells the followed user once, live and by e-mail in their language, and nobody else', async () => {
    const stream = await ctx.app.request('/api/notifications/stream', { headers: { Cookie: cookies.ben } });
    const live = sseReader(stream.body!);
    expect(await live.next()).toMatchObject({ event: 'unread', data: '{"unread":0}' });
    const before = ctx.mail.messages.length;
    expect((await follow('ana', 'ben')).status).toBe(200);
    const pushed = await live.next();
    expect(pushed.event).toBe('notification');
    expect(JSON.parse(pushed.data!)).toMatchObject({ kind: 'followed', data: { username: 'ana_nt', displayName: 'Ana <Navigator>' }, readAt: null });
    expect(await live.next()).toMatchObject({ event: 'unread', data: '{"unread":1}' });
    await live.cancel();

    const list = await inbox('ben');
    expect(list.unread).toBe(1);
    expect(list.items.map((n) => n.kind)).toEqual(['followed']);
    // Nothing for the follower.
    expect((await inbox('ana')).items).toEqual([]);

    await delivered();
    const sent = ctx.mail.messages.slice(before);
    expect(sent.map((m) => m.to)).toEqual([email('ben')]);
    expect(sent[0]!.subject).toBe('Ana <Navigator> (@ana_nt) começou a seguir você no Grand Line');
    expect(sent[0]!.text).toContain(`${TEST_PUBLIC_URL}/u/ana_nt`);
    expect(sent[0]!.text).toContain(`${TEST_PUBLIC_URL}/settings?tab=preferences`);
    // The name is text: escaped in the HTML part.
    expect(sent[0]!.html).toContain('Ana &#60;Navigator&#62;');
    expect(sent[0]!.html).not.toContain('<Navigator>');
  });

  it('is told once: following again (after unfollowing) within a day tells nobody, after a day it does', async () => {
    const mails = mailTo('dee').length;
    expect((await follow('cy', 'dee')).status).toBe(200);
    expect((await follow('cy', 'dee')).status).toBe(200);
    expect((await unfollow('cy', 'dee')).status).toBe(200);
    expect((await follow('cy', 'dee')).status).toBe(200);
    expect((await stored('dee')).filter((n) => n.kind === 'followed')).toHaveLength(1);
    await delivered();
    expect(mailTo('dee')).toHaveLength(mails + 1);
    // A day later, a new follow is news again.
    await ctx.db.execute(sql`update notifications set created_at = now() - make_interval(hours => ${FOLLOW_REPEAT_HOURS + 1}) where user_id = ${ids.dee}`);
    expect((await unfollow('cy', 'dee')).status).toBe(200);
    expect((await follow('cy', 'dee')).status).toBe(200);
    expect((await stored('dee')).filter((n) => n.kind === 'followed')).toHaveLength(2);
  });

  it('never notifies oneself: following oneself is refused and writes nothing', async () => {
    const before = (await stored('cy')).length;
    expect((await follow('cy', 'cy')).status).toBe(400);
    expect(await stored('cy')).toHaveLength(before);
  });
});

describe('a comment', () => {
  it("tells the deck's or binder's owner with the item's name, a link and the comment's first words; plain text, cut", async () => {
    const deck = await item('deck', 'cy', 'Red Luffy');
    const binder = await item('binder', 'cy', 'Trades <2026>');
    const before = ctx.mail.messages.length;
    const long = `Nice list & a < b ${'word '.repeat(60)}end`;
    expect((await call('POST', deck.path, 'ana', { text: long })).status).toBe(201);
    expect((await call('POST', binder.path, 'dee', { text: '<b>Want</b> to trade?' })).status).toBe(201);
    const list = await inbox('cy');
    const [onBinder, onDeck] = list.items.filter((n) => n.kind === 'commented');
    expect(onDeck).toMatchObject({ kind: 'commented', data: { username: 'ana_nt', displayName: 'Ana <Navigator>', itemKind: 'deck', itemId: deck.id, itemName: 'Red Luffy', excerpt: commentExcerpt(long) } });
    expect(onDeck!.kind === 'commented' && onDeck!.data.excerpt.endsWith('…')).toBe(true);
    expect(Array.from(onDeck!.kind === 'commented' ? onDeck!.data.excerpt : '').length).toBeLessThanOrEqual(140);
    // Stored comments are plain text (markup removed): so is what the notification repeats.
    expect(onBinder).toMatchObject({ data: { username: 'dee_nt', itemKind: 'binder', itemName: 'Trades <2026>', excerpt: 'Want to trade?' } });

    await delivered();
    const sent = ctx.mail.messages.slice(before);
    expect(sent.map((m) => m.to)).toEqual([email('cy'), email('cy')]);
    const [deckMail, binderMail] = sent as [MailMessage, MailMessage];
    expect(deckMail.subject).toBe('Ana <Navigator> (@ana_nt) commented on your deck “Red Luffy”');
    expect(deckMail.text).toContain('“Nice list & a < b word word');
    expect(deckMail.text).toContain(`${TEST_PUBLIC_URL}/deck/${deck.id}`);
    expect(deckMail.text).not.toContain('end”');
    expect(deckMail.html).toContain('Nice list &#38; a &#60; b');
    expect(binderMail.subject).toBe('@dee_nt commented on your binder “Trades <2026>”');
    expect(binderMail.text).toContain(`${TEST_PUBLIC_URL}/collection/${binder.id}`);
    expect(binderMail.html).toContain('Trades &#60;2026&#62;');
  });

  it('tells nobody of a comment on one’s own deck, and one notification per comment', async () => {
    const deck = await item('deck', 'dee', 'Own deck');
    const before = (await stored('dee')).length;
    expect((await call('POST', deck.path, 'dee', { text: 'Notes to self' })).status).toBe(201);
    expect(await stored('dee')).toHaveLength(before);
    for (const text of ['One', 'Two', 'Three']) expect((await call('POST', deck.path, 'ana', { text })).status).toBe(201);
    const told = (await stored('dee')).filter((n) => n.kind === 'commented');
    expect(told.map((n) => (n.data as { excerpt: string }).excerpt)).toEqual(['One', 'Two', 'Three']);
  });

  it('a deleted comment takes its notification with it', async () => {
    const deck = await item('deck', 'ben', 'Blue Doffy');
    const res = await call('POST', deck.path, 'cy', { text: 'Spam spam spam' });
    const { id } = (await res.json()) as { id: string };
    const about = async () => (await stored('ben')).filter((n) => n.kind === 'commented' && (n.data as { commentId: string }).commentId === id);
    expect(await about()).toHaveLength(1);
    expect((await call('DELETE', `/api/comments/${id}`, 'ben')).status).toBe(204);
    expect(await about()).toHaveLength(0);
  });
});

describe('a deleted deck or binder', () => {
  it('takes the notices of the comments on it with it, and leaves the others', async () => {
    const deck = await item('deck', 'ana', 'Gone deck');
    const binder = await item('binder', 'ana', 'Gone binder');
    const kept = await item('deck', 'ana', 'Kept deck');
    for (const target of [deck, binder, kept]) expect((await call('POST', target.path, 'dee', { text: 'Nice' })).status).toBe(201);
    const about = async (id: string) => (await stored('ana')).filter((n) => n.kind === 'commented' && (n.data as { itemId: string }).itemId === id);
    for (const target of [deck, binder, kept]) expect(await about(target.id)).toHaveLength(1);
    expect((await call('DELETE', `/api/decks/${deck.id}`, 'ana')).status).toBe(204);
    expect((await call('DELETE', `/api/binders/${binder.id}`, 'ana')).status).toBe(204);
    expect(await about(deck.id)).toHaveLength(0);
    expect(await about(binder.id)).toHaveLength(0);
    expect(await about(kept.id)).toHaveLength(1);
  });
});

describe('community e-mails', () => {
  it('are on by default and follow the preference: off, the bell still tells, no e-mail', async () => {
    const me = (await (await ctx.app.request('/api/me', { headers: { Cookie: cookies.dee } })).json()) as MeResponse;
    expect(me.profile.communityEmails).toBe(true);
    const off = (await (await call('PATCH', '/api/me/profile', 'dee', { communityEmails: false })).json()) as MeResponse;
    expect(off.profile).toMatchObject({ communityEmails: false, alertEmails: true });
    await delivered();
    const before = mailTo('dee').length;
    expect((await follow('ben', 'dee')).status).toBe(200);
    const deck = await item('deck', 'dee', 'Quiet deck');
    expect((await call('POST', deck.path, 'ben', { text: 'Hello' })).status).toBe(201);
    await delivered();
    expect(mailTo('dee')).toHaveLength(before);
    const rows = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, ids.dee), eq(notifications.actorId, ids.ben)));
    expect(rows.map((r) => r.kind).sort()).toEqual(['commented', 'followed']);
    // The outbox is done with them: nothing waits to be sent.
    expect(rows.every((r) => r.emailedAt !== null)).toBe(true);
  });

  it('keeps a notification whose e-mail failed for the next try', async () => {
    await delivered();
    await ctx.db.execute(sql`insert into notifications (user_id, actor_id, kind, data) values (${ids.ana}, ${ids.cy}, 'followed', ${JSON.stringify({ username: 'cy_nt', displayName: null })}::jsonb)`);
    const broken = { kind: 'smtp' as const, send: async () => Promise.reject(new Error('SMTP down')) };
    expect(await sendCommunityEmails({ db: ctx.db, mailer: broken, log: testLog, publicUrl: TEST_PUBLIC_URL })).toBe(0);
    expect(await sendCommunityEmails({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, publicUrl: TEST_PUBLIC_URL })).toBe(1);
    expect(mailTo('ana').at(-1)!.subject).toBe('@cy_nt followed you on Grand Line');
    expect(await sendCommunityEmails({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, publicUrl: TEST_PUBLIC_URL })).toBe(0);
  });

  it("a deleted account takes the notifications it caused with it", async () => {
    const before = (await stored('cy')).filter((n) => n.actorId === ids.ana);
    expect(before.length).toBeGreaterThan(0);
    await ctx.db.delete(users).where(eq(users.id, ids.ana));
    expect((await stored('cy')).filter((n) => n.actorId === ids.ana)).toHaveLength(0);
  });
});

describe('the excerpt', () => {
  it('keeps a short comment whole on one line, and cuts a long one at a word with …', () => {
    expect(commentExcerpt('Hello\n\nthere')).toBe('Hello there');
    expect(commentExcerpt('a'.repeat(140))).toBe('a'.repeat(140));
    expect(commentExcerpt('a'.repeat(141))).toBe(`${'a'.repeat(139)}…`);
    expect(commentExcerpt(`${'word '.repeat(40)}`)).toBe(`${'word '.repeat(27).trim()}…`);
    expect(Array.from(commentExcerpt('😀'.repeat(200)))).toHaveLength(140);
  });
});
