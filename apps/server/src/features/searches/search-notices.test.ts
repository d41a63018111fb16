/**
 * Saved searches' new-card notices (issue 42): when cards enter the catalogue — an admin's print, the package import —
 * every saved search they match tells its owner once (search_match: in the bell, on the live stream, by e-mail per the
 * alert e-mails switch), naming the search and the new cards; never twice for the same search and print.
 */
import type { Card } from '@grandline/core/contracts/cards';
import type { NotificationListResponse, SearchMatchData } from '@grandline/core/contracts/watches';
import type { SavedSearch } from '@grandline/core/contracts/searches';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalEvents } from '../../db/client';
import { cards, notifications, searchNotices, users } from '../../db/schema/index';
import { emitDomainEvent } from '../../lib/domain-events';
import { sseReader } from '../../testing/sse';
import { createAuthTestApp, postJson, signUpVerified, testLog, TEST_PUBLIC_URL } from '../../testing/test-app';
import { seedCatalogue } from '../cards/catalogue-import';
import { loadPackageCards } from '../cards/catalogue-source';
import { drainSearchNotices } from './search-notice-delivery';
import { recordSearchMatches } from './search-notices';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const events = createLocalEvents();
let admin: string;
const who = { ann: '', ben: '', cat: '' };
const ids = { ann: '', ben: '', cat: '' };
type Name = keyof typeof who;
const email = (name: Name) => `${name}-notices@example.com`;

const send = (method: string, path: string, body: unknown, cookie?: string) => ctx.app.request(path, { ...postJson(body, cookie ? { Cookie: cookie } : {}), method });
const save = async (name: Name, search: string, q: string) => {
  const res = await send('POST', '/api/searches', { name: search, q }, who[name]);
  expect(res.status).toBe(201);
  return (await res.json()) as SavedSearch;
};
const promo = { name: 'Zzyzx Pirate', cardType: 'Character', colors: ['Red'], cost: 3, power: 4000, counter: 1000, blockIcon: '4', rarity: 'P', subtypes: ['Straw Hat Crew'] };
const addCard = async (cardNumber: string, extra: Record<string, unknown> = {}) => {
  const res = await send('POST', '/api/admin/cards/manual', { ...promo, cardNumber, ...extra }, admin);
  expect(res.status).toBe(201);
  return (await res.json()) as Card;
};
const matchesOf = async (name: Name) =>
  (await ctx.db.select().from(notifications).where(and(eq(notifications.userId, ids[name]), eq(notifications.kind, 'search_match'))).orderBy(notifications.id)).map(
    (n) => n.data as unknown as SearchMatchData,
  );
const deliver = () => drainSearchNotices({ db: ctx.db, log: testLog, events, mail: { mailer: ctx.mail.mailer, publicUrl: TEST_PUBLIC_URL } });
const mailTo = (name: Name) => ctx.mail.messages.filter((m) => m.to === email(name));

/** The package's records plus `extra` new ones modelled on OP01-016, each with its own number and name. */
function packageWith(extra: { number: string; name: string }[]) {
  const raw = loadPackageCards() as Record<string, unknown>[];
  const model = raw.find((r) => r.card_number === 'OP01-016' && r.image_name === 'OP01-016')!;
  return [...raw, ...extra.map((e) => ({ ...model, card_number: e.number, image_name: e.number, card_name: e.name }))];
}

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['admin-notices@example.com'], events });
  admin = await signUpVerified(ctx, 'admin-notices@example.com');
  for (const name of Object.keys(who) as Name[]) {
    who[name] = await signUpVerified(ctx, email(name));
    await send('POST', '/api/me/accept-terms', { username: `${name}_notices`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, who[name]);
    ids[name] = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email(name))))[0]!.id;
  }
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
  events.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`truncate saved_searches, search_notices, notifications cascade`);
  ctx.mail.messages.length = 0;
});

describe('an admin adds a print', () => {
  it('tells the owner of each saved search it matches, once, in the bell and on the live stream', async () => {
    const annSearch = await save('ann', 'Red Zzyzx', 'zzyzx c:red cost<=3');
    await save('ben', 'Blue Zzyzx', 'zzyzx c:blue');
    const stream = await ctx.app.request('/api/notifications/stream', { headers: { Cookie: who.ann } });
    const live = sseReader(stream.body!);
    expect(await live.next()).toMatchObject({ event: 'unread', data: '{"unread":0}' });

    const card = await addCard('P-990');
    const pushed = await live.next();
    expect(pushed.event).toBe('notification');
    const expected: SearchMatchData = {
      searchId: annSearch.id,
      searchName: 'Red Zzyzx',
      q: 'zzyzx c:red cost<=3',
      cards: [{ cardId: card.id, cardNumber: 'P-990', name: 'Zzyzx Pirate', variant: null }],
      total: 1,
    };
    expect(JSON.parse(pushed.data!)).toMatchObject({ kind: 'search_match', data: expected, readAt: null });
    expect(await live.next()).toMatchObject({ event: 'unread', data: '{"unread":1}' });
    await live.cancel();

    // Exactly one, for ann; none for ben, whose search does not match; the bell lists it.
    expect(await matchesOf('ann')).toEqual([expected]);
    expect(await matchesOf('ben')).toEqual([]);
    const bell = (await (await ctx.app.request('/api/notifications', { headers: { Cookie: who.ann } })).json()) as NotificationListResponse;
    expect(bell.items.map((n) => n.kind)).toEqual(['search_match']);

    // The same number again is refused; the same print announced again tells nobody again.
    expect((await send('POST', '/api/admin/cards/manual', { ...promo, cardNumber: 'P-990' }, admin)).status).toBe(409);
    await emitDomainEvent(ctx.db, 'catalogue.prints_added', { cardIds: [card.id] });
    expect(await matchesOf('ann')).toHaveLength(1);
    // A package import run again (nothing new in it) tells nobody.
    await seedCatalogue({ db: ctx.db, log: testLog, raw: loadPackageCards(), force: true });
    expect(await matchesOf('ann')).toHaveLength(1);
    expect(await ctx.db.$count(searchNotices)).toBe(1);
  });

  it("answers the user's terms on a new print honestly: no copies, not wished, no price yet; legality on today", async () => {
    await save('ann', 'Not owned', 'zzyzx -is:owned -is:wishlist owned=0');
    await save('ben', 'Priced', 'zzyzx price>=0');
    await save('cat', 'Extra-legal', 'zzyzx legal:extra');
    await addCard('P-989', { name: 'Zzyzx Navy', colors: ['Blue'] });
    expect((await matchesOf('ann')).map((d) => d.searchName)).toEqual(['Not owned']);
    expect(await matchesOf('ben')).toEqual([]);
    expect((await matchesOf('cat')).map((d) => d.cards.map((c) => c.cardNumber))).toEqual([['P-989']]);
  });

  it('e-mails the notice in the user’s language, with the library link of the search, unless alert e-mails are off', async () => {
    await send('PATCH', '/api/me/profile', { language: 'pt' }, who.cat);
    await send('PATCH', '/api/me/profile', { alertEmails: false }, who.ben);
    // Community e-mails are another switch: turning them off does not stop these.
    await send('PATCH', '/api/me/profile', { communityEmails: false }, who.ann);
    for (const name of ['ann', 'ben', 'cat'] as const) await save(name, `${name}'s <pirates>`, 'zzyzx o:"[rush]" or t:"zzyzx crew"');
    await addCard('P-988', { name: 'Zzyzx Rusher', subtypes: ['Zzyzx Crew'] });
    await deliver();
    const [toAnn] = mailTo('ann');
    expect(toAnn?.subject).toBe('New cards match your saved search “ann\'s <pirates>”');
    expect(toAnn?.text).toContain('Zzyzx Rusher (P-988)');
    expect(toAnn?.text).toContain(`${TEST_PUBLIC_URL}/cards?q=${encodeURIComponent('zzyzx o:"[rush]" or t:"zzyzx crew"')}`);
    expect(toAnn?.html).toContain('ann&#39;s &#60;pirates&#62;');
    expect(toAnn?.html).not.toContain('<pirates>');
    expect(mailTo('ben')).toEqual([]);
    expect(mailTo('cat').map((m) => m.subject)).toEqual(['Novas cartas correspondem à sua busca salva “cat\'s <pirates>”']);
    // Each sent once: the outbox is done with them.
    await deliver();
    expect(ctx.mail.messages).toHaveLength(2);
    expect(await ctx.db.$count(notifications, sql`kind = 'search_match' and (emailed_at is null or pushed_at is null)`)).toBe(0);
  });
});

describe('the package import', () => {
  it('tells each matching search once, naming 20 of its new prints with the total, and never the prints imported again', async () => {
    await save('ann', 'Qwerty', 'qwertyuiop');
    await save('ben', 'Red cheap', 'c:red cost<=1');
    const fresh = Array.from({ length: 25 }, (_, i) => ({ number: `P-9${String(i).padStart(2, '0')}`, name: `Qwertyuiop ${i}` }));
    const report = await seedCatalogue({ db: ctx.db, log: testLog, raw: packageWith(fresh), force: true });
    expect(report?.inserted).toBe(25);
    const [notice, ...more] = await matchesOf('ann');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ searchName: 'Qwerty', q: 'qwertyuiop', total: 25 });
    expect(notice!.cards).toHaveLength(20);
    expect(notice!.cards[0]).toMatchObject({ cardNumber: 'P-900', name: 'Qwertyuiop 0' });
    // Modelled on OP01-016 (red, cost 1): the new prints match ben's search, the package's own red cost-1 prints did not notify.
    expect((await matchesOf('ben')).map((d) => d.total)).toEqual([25]);

    // The same package again, and once more with a 26th print: only the new one is told.
    await seedCatalogue({ db: ctx.db, log: testLog, raw: packageWith(fresh), force: true });
    expect(await matchesOf('ann')).toHaveLength(1);
    await seedCatalogue({ db: ctx.db, log: testLog, raw: packageWith([...fresh, { number: 'P-950', name: 'Qwertyuiop 25' }]), force: true });
    const notices = await matchesOf('ann');
    expect(notices.map((d) => [d.total, d.cards.map((c) => c.cardNumber)])).toEqual([
      [25, fresh.slice(0, 20).map((f) => f.number)],
      [1, ['P-950']],
    ]);
  });

  it('does not tell again about a print added by hand when the package brings its number', async () => {
    await save('ann', 'Zzyzx', 'zzyzx');
    const card = await addCard('P-980', { name: 'Zzyzx Captain' });
    expect((await matchesOf('ann')).map((d) => d.cards[0]!.cardId)).toEqual([card.id]);
    const report = await seedCatalogue({ db: ctx.db, log: testLog, raw: packageWith([{ number: 'P-980', name: 'Zzyzx Captain' }]), force: true });
    expect(report?.mergedManual).toEqual(['P-980']);
    const [pkg] = await ctx.db.select({ id: cards.id, manual: cards.manual }).from(cards).where(eq(cards.cardNumber, 'P-980'));
    expect(pkg).toMatchObject({ manual: false });
    expect(await matchesOf('ann')).toHaveLength(1);
  });
});

describe('the work one announcement may cost', () => {
  it('is bounded: past the evaluations or the pairs allowed, the newest searches are passed over and the others told', async () => {
    const printIds = [];
    for (const n of [970, 971, 972]) printIds.push((await addCard(`P-${n}`, { name: `Budget Qzx ${n}` })).id);
    await save('ann', 'Oldest', 'qzx');
    await save('ben', 'Middle', 'qzx');
    await save('cat', 'Newest', 'qzx c:red');
    // Three prints: 6 pairs let two searches of three prints each be told, not the third.
    const told = await recordSearchMatches({ db: ctx.db, cardIds: printIds, log: testLog, limits: { evaluations: 1_000, pairs: 7 } });
    expect(told.map((w) => w.userId).sort()).toEqual([ids.ann, ids.ben].sort());
    expect((await matchesOf('ann')).map((d) => d.total)).toEqual([3]);
    expect(await matchesOf('cat')).toEqual([]);
    // Three evaluations (three prints): one distinct query, the oldest ("qzx", ann's and ben's), not cat's; nothing new for them.
    expect(await recordSearchMatches({ db: ctx.db, cardIds: printIds, log: testLog, limits: { evaluations: 3, pairs: 1_000 } })).toEqual([]);
    expect(await matchesOf('cat')).toEqual([]);
    // With room, cat's search is told, and the others are not told again.
    expect((await recordSearchMatches({ db: ctx.db, cardIds: printIds, log: testLog })).map((w) => w.userId)).toEqual([ids.cat]);
  });
});
