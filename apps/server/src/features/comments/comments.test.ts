/**
 * Comments (issue 18): on public decks and binders, 1 to 1,000 characters of plain text ('Invalid comment' otherwise),
 * stored and served as sent (hostile markup included, as inert JSON), deleted by their author, the item's owner or an
 * administrator, rate-limited, and as invisible as their item when it is private. Reports reach the admin list.
 */
import { randomUUID } from 'node:crypto';
import type { Comment, CommentListResponse, ReportedCommentListResponse } from '@grandline/core/contracts/comments';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, binders, commentReports, comments, decks, familyMembers, rateLimits } from '../../db/schema';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const ADMIN_EMAIL = 'admin-comments@example.com';
const NAMES = ['owner', 'alice', 'bob', 'carol', 'admin', 'kin'] as const;
type Name = (typeof NAMES)[number] | 'newcomer';
const cookies = {} as Record<Name, string>;
const ids = {} as Record<Name, string>;

const headers = (who?: Name, json = false): Record<string, string> => ({
  Origin: TEST_PUBLIC_URL,
  ...(json ? { 'Content-Type': 'application/json' } : {}),
  ...(who ? { Cookie: cookies[who] } : {}),
});
const get = (path: string, who?: Name) => ctx.app.request(path, { headers: headers(who) });
const post = (path: string, body: unknown, who?: Name) => ctx.app.request(path, { method: 'POST', headers: headers(who, true), body: JSON.stringify(body) });
const del = (path: string, who?: Name) => ctx.app.request(path, { method: 'DELETE', headers: headers(who) });

async function json<T>(res: Response, status: number): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const comment = async (path: string, text: string, who: Name) => json<Comment>(await post(`${path}/comments`, { text }, who), 201);
const list = async (path: string, who?: Name, query = '') => json<CommentListResponse>(await get(`${path}/comments${query}`, who), 200);

async function makeDeck(owner: Name, isPublic: boolean) {
  const id = randomUUID();
  await ctx.db.insert(decks).values({ id, userId: ids[owner], name: `Deck of ${owner}`, format: 'standard', gameCategory: 'onepiece', isPublic });
  return `/api/decks/${id}`;
}
async function makeBinder(owner: Name, isPublic: boolean, familyShared = false) {
  const id = randomUUID();
  await ctx.db.insert(binders).values({ id, userId: ids[owner], name: `Binder of ${owner}`, category: 'personal', isPublic, familyShared });
  return `/api/binders/${id}`;
}
const idOf = (path: string) => path.split('/').pop()!;

/** The comment allowances start afresh (tests that post many comments are not about them). */
const resetLimits = () => ctx.db.delete(rateLimits).where(like(rateLimits.key, 'comment%'));

beforeAll(async () => {
  ctx = await createAuthTestApp({ adminEmails: [ADMIN_EMAIL] });
  for (const name of NAMES) {
    const email = name === 'admin' ? ADMIN_EMAIL : `${name}-comments@example.com`;
    cookies[name] = await signUpVerified(ctx, email);
    const res = await ctx.app.request('/api/me/accept-terms', { ...postJson({ username: `${name}_cm`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: cookies[name] }), method: 'POST' });
    expect(res.status).toBe(200);
    ids[name] = ((await (await get('/api/me', name)).json()) as { user: { id: string } }).user.id;
  }
  cookies.newcomer = await signUpVerified(ctx, 'newcomer-comments@example.com');
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
});

beforeEach(resetLimits);

describe('the text of a comment', () => {
  it("refuses an empty, blank or too long comment, or one with control characters, with 400 'Invalid comment'", async () => {
    const deck = await makeDeck('owner', true);
    const refused = ['', '   ', '\n\t \n', 'x'.repeat(1001), '😀'.repeat(1001), 'bell \u0007', 'nul \u0000 here', 'escape \u001b[31m', 'c1 \u0085', 'del \u007f', 'lone \ud800 surrogate'];
    for (const text of refused) {
      const body = await json<{ error: { code: string; message: string } }>(await post(`${deck}/comments`, { text }, 'alice'), 400);
      expect(body.error, JSON.stringify(text.slice(0, 20))).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid comment' });
    }
    for (const body of [{}, { text: 42 }, { text: null }, { text: ['a'] }]) {
      expect(await json(await post(`${deck}/comments`, body, 'alice'), 400)).toMatchObject({ error: { message: 'Invalid comment' } });
    }
    expect((await list(deck)).total).toBe(0);
  });

  it('takes 1 and 1,000 characters (an emoji counts once), trims the ends and keeps line breaks and tabs', async () => {
    const deck = await makeDeck('owner', true);
    expect((await comment(deck, 'x', 'alice')).text).toBe('x');
    expect((await comment(deck, 'y'.repeat(1000), 'alice')).text).toHaveLength(1000);
    expect((await comment(deck, '😀'.repeat(1000), 'alice')).text).toBe('😀'.repeat(1000));
    expect((await comment(deck, '  first line\n\tsecond line\r\nthird  \n', 'alice')).text).toBe('first line\n\tsecond line\nthird');
    // The 1,001st character past the trimmed ends does not count.
    expect((await comment(deck, ` ${'z'.repeat(1000)} `, 'alice')).text).toBe('z'.repeat(1000));
    expect((await list(deck)).total).toBe(5);
  });

  // What hostile text is stored as: its plain text (markup removed, as a bio's), or nothing, refused as 'Invalid comment'.
  const PAYLOADS: [sent: string, stored: string | null][] = [
    ['<script>alert(1)</script>', null],
    ['<img src=x onerror=alert(1)>', null],
    ['"><svg onload=alert(1)>', '">'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['</textarea><script>alert(document.cookie)</script>', null],
    ["{{constructor.constructor('alert(1)')()}}", "{{constructor.constructor('alert(1)')()}}"],
    ['${alert(1)}', '${alert(1)}'],
    ['<a href="javascript:alert(1)">click</a>', 'click'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', null],
    ["'; DROP TABLE comments; --", "'; DROP TABLE comments; --"],
    // Escaped markup is markup once a client decodes it: it goes too, however many times it was escaped.
    ['&lt;script&gt;alert(1)&lt;/script&gt;', null],
    ['&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;', 'bold'],
    ['gnp.exe\u202Etxt — right-to-left override', 'gnp.exe\u202Etxt — right-to-left override'],
    ['\u200B\u200Dzero\uFEFFwidth', '\u200B\u200Dzero\uFEFFwidth'],
    ['<style>*{display:none}</style>', null],
    ['<!-- comment --><![CDATA[x]]>', null],
    // Text that only looks like markup stays as written.
    ['Luffy <3 Zoro, and 2 < 3 > 1', 'Luffy <3 Zoro, and 2 < 3 > 1'],
    ['<b>Great</b> deck &amp; <i>list</i>', 'Great deck & list'],
  ];

  it('stores plain text: markup removed (as a bio), nothing left refused, served back as JSON only', async () => {
    const binder = await makeBinder('owner', true);
    const kept: string[] = [];
    // Several authors: eighteen comments are past one user's ten in ten minutes.
    for (const [i, [text, stored]] of PAYLOADS.entries()) {
      const res = await post(`${binder}/comments`, { text }, (['alice', 'bob', 'carol'] as const)[i % 3]);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      if (stored === null) {
        expect((await json<{ error: { message: string } }>(res, 400)).error.message, text).toBe('Invalid comment');
        continue;
      }
      expect((await json<Comment>(res, 201)).text, text).toBe(stored);
      kept.push(stored);
    }
    const res = await get(`${binder}/comments?limit=100`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const page = JSON.parse(await res.text()) as CommentListResponse;
    expect(page.items.map((c) => c.text).sort()).toEqual([...kept].sort());
    const stored = await ctx.db.select({ text: comments.text }).from(comments).where(eq(comments.binderId, idOf(binder)));
    expect(stored.map((r) => r.text).sort()).toEqual([...kept].sort());
    // No stored text holds a tag a client could render.
    for (const { text } of stored) expect(text).not.toMatch(/<[a-z!/?]/i);
    // Asked for HTML, the API still answers JSON.
    const asHtml = await ctx.app.request(`${binder}/comments`, { headers: { Accept: 'text/html' } });
    expect(asHtml.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('lists of comments', () => {
  it('lists newest first in keyset pages with the total, public author fields only and the viewer’s rights', async () => {
    const deck = await makeDeck('owner', true);
    const posted: string[] = [];
    for (let i = 0; i < 7; i++) posted.push((await comment(deck, `comment ${i}`, i % 2 ? 'bob' : 'alice')).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(deck, 'bob', `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(7);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((c) => c.id));
      for (const c of page.items) {
        expect(Object.keys(c.author).sort()).toEqual(['avatarUrl', 'countryCode', 'displayName', 'username']);
        expect(c.isMine).toBe(c.author.username === 'bob_cm');
        // Bob deletes his own only; he reports the others.
        expect(c.canDelete).toBe(c.isMine);
        expect(c.reportedByMe).toBe(false);
      }
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...posted].reverse());
    expect(pages).toBe(3);
    // The owner of the deck and an administrator may delete every comment; a visitor none.
    expect((await list(deck, 'owner')).items.every((c) => c.canDelete)).toBe(true);
    expect((await list(deck, 'admin')).items.every((c) => c.canDelete)).toBe(true);
    const anonymous = await list(deck);
    expect(anonymous.items.every((c) => !c.canDelete && !c.isMine && !c.reportedByMe)).toBe(true);
    const raw = await (await get(`${deck}/comments`)).text();
    expect(raw).not.toMatch(/@example\.com/);
    expect(raw).not.toContain(ids.alice);
  });

  it('refuses a cursor it did not write (400), and limits outside 1–100', async () => {
    const deck = await makeDeck('owner', true);
    const forged = [Buffer.from('-100000-01-01T00:00:00.000Z|x').toString('base64url'), Buffer.from('2024-01-01T00:00:00.000Z|a\u0000b').toString('base64url'), 'not-a-cursor', '%%%'];
    for (const cursor of forged) expect((await get(`${deck}/comments?cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
    for (const limit of ['0', '101', 'x']) expect((await get(`${deck}/comments?limit=${limit}`)).status).toBe(400);
  });

  it('records the comment as activity in the same write; deleting the comment removes it', async () => {
    const deck = await makeDeck('owner', true);
    const { id } = await comment(deck, 'worth a feed line', 'carol');
    const rows = await ctx.db.select().from(activities).where(eq(activities.commentId, id));
    expect(rows).toMatchObject([{ kind: 'comment_posted', userId: ids.carol, deckId: idOf(deck), binderId: null }]);
    expect((await del(`/api/comments/${id}`, 'carol')).status).toBe(204);
    expect(await ctx.db.select().from(activities).where(eq(activities.commentId, id))).toEqual([]);
  });
});

describe('private items', () => {
  it('answers reading or posting on a private deck or binder with the item’s own 404, to everyone but the owner’s reads', async () => {
    for (const [path, code] of [
      [await makeDeck('owner', false), 'DECK_NOT_FOUND'],
      [await makeBinder('owner', false), 'BINDER_NOT_FOUND'],
    ] as const) {
      for (const who of [undefined, 'bob', 'admin'] as const) {
        expect(await json(await get(`${path}/comments`, who), 404)).toMatchObject({ error: { code } });
      }
      // Even its owner cannot comment on a private item; they can read what was said while it was public.
      for (const who of ['bob', 'owner'] as const) expect(await json(await post(`${path}/comments`, { text: 'hello' }, who), 404)).toMatchObject({ error: { code } });
      expect((await list(path, 'owner')).total).toBe(0);
    }
    // A missing item looks the same.
    expect(await json(await get(`/api/decks/${randomUUID()}/comments`), 404)).toMatchObject({ error: { code: 'DECK_NOT_FOUND' } });
    expect(await json(await post(`/api/binders/${randomUUID()}/comments`, { text: 'x' }, 'bob'), 404)).toMatchObject({ error: { code: 'BINDER_NOT_FOUND' } });
    expect((await get('/api/binders/not-a-uuid/comments')).status).toBe(400);
  });

  it('lets the family read the comments of a binder shared with it, not comment on it while it is private', async () => {
    await ctx.db.insert(familyMembers).values({ memberId: ids.kin, ownerId: ids.owner });
    const binder = await makeBinder('owner', false, true);
    expect((await list(binder, 'kin')).total).toBe(0);
    expect(await json(await post(`${binder}/comments`, { text: 'nice' }, 'kin'), 404)).toMatchObject({ error: { code: 'BINDER_NOT_FOUND' } });
    expect((await get(`${binder}/comments`, 'bob')).status).toBe(404);
  });

  it('hides the comments of an item made private: 404 to read, delete or report them, while their author may still delete', async () => {
    const deck = await makeDeck('owner', true);
    const mine = await comment(deck, 'said while public', 'alice');
    const other = await comment(deck, 'also said', 'bob');
    await ctx.db.update(decks).set({ isPublic: false }).where(eq(decks.id, idOf(deck)));
    expect((await get(`${deck}/comments`, 'alice')).status).toBe(404);
    expect(await json(await del(`/api/comments/${other.id}`, 'alice'), 404)).toMatchObject({ error: { code: 'COMMENT_NOT_FOUND' } });
    expect(await json(await post(`/api/comments/${other.id}/report`, {}, 'alice'), 404)).toMatchObject({ error: { code: 'COMMENT_NOT_FOUND' } });
    expect((await list(deck, 'owner')).total).toBe(2);
    expect((await del(`/api/comments/${mine.id}`, 'alice')).status).toBe(204);
    expect((await list(deck, 'owner')).total).toBe(1);
  });
});

describe('deleting a comment', () => {
  it('lets its author, the item’s owner and an administrator delete it; 403 for other readers, 404 once gone', async () => {
    const binder = await makeBinder('owner', true);
    const byAuthor = await comment(binder, 'one', 'alice');
    const byOwner = await comment(binder, 'two', 'alice');
    const byAdmin = await comment(binder, 'three', 'alice');
    expect(await json(await del(`/api/comments/${byAuthor.id}`, 'bob'), 403)).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await del(`/api/comments/${byAuthor.id}`)).status).toBe(401);
    expect(await json(await del(`/api/comments/${byAuthor.id}`, 'newcomer'), 403)).toMatchObject({ error: { code: 'TOS_REQUIRED' } });
    expect((await del(`/api/comments/${byAuthor.id}`, 'alice')).status).toBe(204);
    expect((await del(`/api/comments/${byOwner.id}`, 'owner')).status).toBe(204);
    expect((await del(`/api/comments/${byAdmin.id}`, 'admin')).status).toBe(204);
    expect((await list(binder)).total).toBe(0);
    expect(await json(await del(`/api/comments/${byAuthor.id}`, 'alice'), 404)).toMatchObject({ error: { code: 'COMMENT_NOT_FOUND' } });
    expect((await del('/api/comments/not-a-uuid', 'alice')).status).toBe(400);
  });

  it('lets the owner of one item delete comments there only', async () => {
    const bobsDeck = await makeDeck('bob', true);
    const onBobs = await comment(bobsDeck, 'on bob’s deck', 'alice');
    expect((await del(`/api/comments/${onBobs.id}`, 'owner')).status).toBe(403);
    expect((await del(`/api/comments/${onBobs.id}`, 'bob')).status).toBe(204);
  });
});

describe('posting', () => {
  it('needs a session (401) and accepted terms (403)', async () => {
    const deck = await makeDeck('owner', true);
    expect((await post(`${deck}/comments`, { text: 'hi' })).status).toBe(401);
    expect(await json(await post(`${deck}/comments`, { text: 'hi' }, 'newcomer'), 403)).toMatchObject({ error: { code: 'TOS_REQUIRED' } });
  });

  it('allows 10 comments in 10 minutes per user, then 429; others are not held back', async () => {
    const deck = await makeDeck('owner', true);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(`${deck}/comments`, { text: `quick ${i}` }, 'carol')).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(await json(await post(`${deck}/comments`, { text: 'once more' }, 'carol'), 429)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await post(`${deck}/comments`, { text: 'me too' }, 'bob')).status).toBe(201);
    expect((await list(deck)).total).toBe(11);
  });

  it('allows 100 comments a day per user', async () => {
    const deck = await makeDeck('owner', true);
    // 99 already today, spread so that the 10-minute window has room.
    await ctx.db.insert(rateLimits).values({ id: randomUUID(), key: `comment-day:${ids.carol}`, count: 99, lastRequest: Date.now() - 60 * 60 * 1000 });
    expect((await post(`${deck}/comments`, { text: 'the 100th' }, 'carol')).status).toBe(201);
    expect((await post(`${deck}/comments`, { text: 'the 101st' }, 'carol')).status).toBe(429);
  });
});

describe('reports', () => {
  it('reports once per user with an optional reason, never one’s own comment, and shows it to the reporter', async () => {
    const deck = await makeDeck('owner', true);
    const target = await comment(deck, 'rude words', 'alice');
    expect(await json(await post(`/api/comments/${target.id}/report`, {}, 'alice'), 400)).toMatchObject({ error: { code: 'CANNOT_REPORT_OWN_COMMENT' } });
    // Without a body at all, and again with a reason: one report, the first.
    expect((await ctx.app.request(`/api/comments/${target.id}/report`, { method: 'POST', headers: headers('bob') })).status).toBe(204);
    expect((await post(`/api/comments/${target.id}/report`, { reason: 'second thoughts' }, 'bob')).status).toBe(204);
    expect((await post(`/api/comments/${target.id}/report`, { reason: '  Insults  ' }, 'carol')).status).toBe(204);
    const rows = await ctx.db.select().from(commentReports).where(eq(commentReports.commentId, target.id));
    expect(rows.map((r) => [r.reporterId, r.reason]).sort()).toEqual(
      [
        [ids.bob, null],
        [ids.carol, 'Insults'],
      ].sort(),
    );
    expect((await list(deck, 'bob')).items[0]).toMatchObject({ id: target.id, reportedByMe: true });
    expect((await list(deck, 'owner')).items[0]).toMatchObject({ id: target.id, reportedByMe: false });
    const tooLong = await json<{ error: { message: string } }>(await post(`/api/comments/${target.id}/report`, { reason: 'r'.repeat(501) }, 'owner'), 400);
    expect(tooLong.error.message).toBe('Reason must be at most 500 characters');
    expect((await post(`/api/comments/${target.id}/report`, {})).status).toBe(401);
    expect((await post(`/api/comments/${randomUUID()}/report`, {}, 'bob')).status).toBe(404);
  });

  it('allows 20 reports an hour per user', async () => {
    const deck = await makeDeck('owner', true);
    const target = await comment(deck, 'reported a lot', 'alice');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post(`/api/comments/${target.id}/report`, {}, 'owner')).status);
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('lists reported comments to administrators, the latest reported first, and dismisses their reports', async () => {
    await ctx.db.delete(commentReports);
    const deck = await makeDeck('owner', true);
    const binder = await makeBinder('bob', true);
    const first = await comment(deck, 'first <b>bad</b>', 'alice');
    const second = await comment(binder, 'second bad', 'carol');
    await comment(deck, 'fine', 'alice');
    expect((await post(`/api/comments/${first.id}/report`, { reason: 'Spam' }, 'bob')).status).toBe(204);
    expect((await post(`/api/comments/${second.id}/report`, {}, 'alice')).status).toBe(204);
    expect((await post(`/api/comments/${first.id}/report`, { reason: 'Rude' }, 'carol')).status).toBe(204);

    expect((await get('/api/admin/comments/reported', 'bob')).status).toBe(403);
    expect((await get('/api/admin/comments/reported')).status).toBe(401);
    const page = await json<ReportedCommentListResponse>(await get('/api/admin/comments/reported', 'admin'), 200);
    expect(page).toMatchObject({ total: 2, page: 1 });
    expect(page.items.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(page.items[0]).toMatchObject({
      text: 'first bad',
      author: { username: 'alice_cm' },
      item: { kind: 'deck', id: idOf(deck), name: 'Deck of owner', isPublic: true },
      reportCount: 2,
      reports: [
        { reporter: 'carol_cm', reason: 'Rude' },
        { reporter: 'bob_cm', reason: 'Spam' },
      ],
    });
    expect(page.items[1]).toMatchObject({ item: { kind: 'binder', id: idOf(binder) }, reportCount: 1, reports: [{ reporter: 'alice_cm', reason: null }] });
    const second1 = await json<ReportedCommentListResponse>(await get('/api/admin/comments/reported?page=2&pageSize=1', 'admin'), 200);
    expect(second1.items.map((c) => c.id)).toEqual([second.id]);

    expect((await del(`/api/admin/comments/${first.id}/reports`, 'bob')).status).toBe(403);
    expect((await del(`/api/admin/comments/${first.id}/reports`, 'admin')).status).toBe(204);
    expect((await del(`/api/admin/comments/${randomUUID()}/reports`, 'admin')).status).toBe(404);
    const after = await json<ReportedCommentListResponse>(await get('/api/admin/comments/reported', 'admin'), 200);
    expect(after.items.map((c) => c.id)).toEqual([second.id]);
    // The dismissed comment is still there; deleting the reported one takes its reports along.
    expect((await list(deck)).total).toBe(2);
    expect((await del(`/api/comments/${second.id}`, 'admin')).status).toBe(204);
    expect((await json<ReportedCommentListResponse>(await get('/api/admin/comments/reported', 'admin'), 200)).total).toBe(0);
    expect(await ctx.db.select().from(commentReports).where(and(eq(commentReports.commentId, second.id)))).toEqual([]);
  });
});
