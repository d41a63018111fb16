/**
 * Regulation notices (issue 43): when an admin adds a ban, a restriction or a banned pair, and 30 days and 1 day before
 * a Standard rotation, every user whose saved deck it makes illegal on its first day is told once (deck_regulation: in
 * the bell, on the live stream, by e-mail per the alert e-mails switch), naming the deck, the cards and the day.
 */
import type { Card } from '@grandline/core/contracts/cards';
import type { DeckDetail } from '@grandline/core/contracts/decks';
import type { Regulation } from '@grandline/core/contracts/regulations';
import { Notification, type DeckRegulationData, type NotificationListResponse } from '@grandline/core/contracts/watches';
import { DECK_FORMATS } from '@grandline/core/decks/formats';
import { cachedDeckRules } from '@grandline/core/decks/card-rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { createLocalEvents } from '../../db/client';
import { deckRegulationNotices, jobRuns, notifications, users } from '../../db/schema/index';
import { createScheduler } from '../../jobs/scheduler';
import { sseReader } from '../../testing/sse';
import { createAuthTestApp, postJson, signUpVerified, testLog, TEST_PUBLIC_URL } from '../../testing/test-app';
import { insertPublishedLists } from './decks.service';
import { announceRegulation, checkRegulationNotices, drainRegulationNotices, regulationNoticesJob } from './regulation-notice-delivery';
import { clearRegulationsCache } from './regulations.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const events = createLocalEvents();
const who = { ann: '', ben: '', cat: '', dan: '' };
const ids = { ann: '', ben: '', cat: '', dan: '' };
type Name = keyof typeof who;
let admin = '';
const email = (name: Name) => `${name}-regulation@example.com`;

const send = (method: string, path: string, body: unknown, cookie?: string) => ctx.app.request(path, { ...postJson(body, cookie ? { Cookie: cookie } : {}), method });
const deliver = () => drainRegulationNotices({ db: ctx.db, log: testLog, events, mail: { mailer: ctx.mail.mailer, publicUrl: TEST_PUBLIC_URL } });
const mailTo = (name: Name) => ctx.mail.messages.filter((m) => m.to === email(name));

/** The deck_regulation notices of a user, oldest first. */
const noticesOf = async (name: Name) =>
  (await ctx.db.select().from(notifications).where(and(eq(notifications.userId, ids[name]), eq(notifications.kind, 'deck_regulation'))).orderBy(notifications.id)).map(
    (n) => n.data as unknown as DeckRegulationData,
  );

/** Cards of the real library by number (base prints), and the numbers already in a shipped entry (never used here). */
let byNumber: Map<string, Card>;
let regulated: Set<string>;
const LEADER = 'OP09-001'; // Shanks, Red, block 3, no deck-building clause
const OTHER_LEADER = 'OP16-001'; // Portgas.D.Ace, Red, block 5

/** Red one-color Characters of the library, in number order: block 3 or later ('new'), block 2 ('old') or 1 ('gone'). */
function reds(block: 'new' | 'old' | 'gone'): Card[] {
  return [...byNumber.values()]
    .filter((c) => c.cardType === 'Character' && c.colors.length === 1 && c.colors[0] === 'Red' && !regulated.has(c.cardNumber) && !cachedDeckRules(c.cardText).some((r) => r.kind === 'anyNumber'))
    .filter((c) => (block === 'new' ? Number(c.rotationBlock) >= 3 : c.rotationBlock === (block === 'old' ? '2' : '1')))
    .sort((a, b) => a.cardNumber.localeCompare(b.cardNumber));
}

/** 50 main-deck cards: 4 of each of `include`, then 4 of each filler (2 of the last one), 13 numbers in all. */
function fifty(include: readonly string[], fillers: readonly Card[] = reds('new').slice(20)): { cardId: number; quantity: number }[] {
  const numbers = [...include, ...fillers.map((c) => c.cardNumber).filter((n) => !include.includes(n))].slice(0, 13);
  return numbers.map((n, i) => ({ cardId: byNumber.get(n)!.id, quantity: i === 12 ? 2 : 4 }));
}

/** Saves a deck through the API; answers its id (and checks it is legal today when `legal`). */
async function saveDeck(name: Name, deckName: string, cards: { cardId: number; quantity: number }[], { leader = LEADER, format = 'standard', legal = true } = {}) {
  const res = await send('POST', '/api/decks', { name: deckName, format, leaderCardId: byNumber.get(leader)!.id, cards }, who[name]);
  expect(res.status).toBe(201);
  const deck = (await res.json()) as DeckDetail;
  expect(deck.valid).toBe(legal);
  return deck.id;
}

/** A tournament's published list (a deck owned by no user) with these cards. */
async function tournamentList(id: string, cards: { cardId: number; quantity: number }[], format: 'standard' | 'extra' = 'standard') {
  await ctx.db.transaction((tx) => insertPublishedLists(tx, [{ id, name: `Tournament list ${id}`, format, leaderCardId: byNumber.get(LEADER)!.id, cards }]));
}

async function addEntry(body: Record<string, unknown>): Promise<Regulation> {
  const res = await send('POST', '/api/admin/deck-regulations', { source: 'https://en.onepiece-cardgame.com/rules/restriction', ...body }, admin);
  expect(res.status).toBe(201);
  return (await res.json()) as Regulation;
}

const card = (n: string) => ({ cardNumber: n, name: byNumber.get(n)!.name });

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['admin-regulation@example.com'], events });
  admin = await signUpVerified(ctx, 'admin-regulation@example.com');
  for (const name of Object.keys(who) as Name[]) {
    who[name] = await signUpVerified(ctx, email(name));
    await send('POST', '/api/me/accept-terms', { username: `${name}_regulation`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, who[name]);
    ids[name] = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email(name))))[0]!.id;
  }
  const index = await catalogueIndex(ctx.db);
  byNumber = new Map([...index.baseByNumber.values()].filter((c) => c.gameCategory === 'onepiece').map((c) => [c.cardNumber, c]));
  regulated = new Set(DECK_FORMATS.onepiece.standard!.regulations.flatMap((e) => [e.cardNumber, e.pairedWith ?? e.cardNumber]));
  expect(reds('new').length).toBeGreaterThan(40);
  expect(reds('old').length).toBeGreaterThan(10);
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
  events.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`truncate notifications, deck_regulation_notices, deck_cards, decks cascade`);
  await ctx.db.execute(sql`delete from deck_regulations where not shipped`);
  clearRegulationsCache();
  ctx.mail.messages.length = 0;
});

describe('an admin adds a banned card', () => {
  it('tells each owner whose saved deck it makes illegal, once, in the bell and on the live stream; nobody else', async () => {
    const [x] = reds('new').map((c) => c.cardNumber);
    const annDeck = await saveDeck('ann', 'Red Shanks', fifty([x!]));
    await saveDeck('ben', 'Red Shanks without it', fifty([]));
    await tournamentList('regulation-t1', fifty([x!]));
    const stream = await ctx.app.request('/api/notifications/stream', { headers: { Cookie: who.ann } });
    const live = sseReader(stream.body!);
    expect(await live.next()).toMatchObject({ event: 'unread', data: '{"unread":0}' });

    const entry = await addEntry({ kind: 'banned', cardNumber: x, from: '2027-01-15' });
    const expected: DeckRegulationData = { deckId: annDeck, deckName: 'Red Shanks', day: '2027-01-15', reason: 'banned', cards: [card(x!)], total: 1 };
    const pushed = await live.next();
    expect(pushed.event).toBe('notification');
    expect(JSON.parse(pushed.data!)).toMatchObject({ kind: 'deck_regulation', data: expected, readAt: null });
    expect(await live.next()).toMatchObject({ event: 'unread', data: '{"unread":1}' });
    await live.cancel();

    expect(await noticesOf('ann')).toEqual([expected]);
    expect(await noticesOf('ben')).toEqual([]);
    // The tournament's list (a deck owned by nobody) is not read: one deck told in all.
    expect(await ctx.db.select().from(deckRegulationNotices)).toMatchObject([{ deckId: annDeck, notice: `entry:${entry.id}` }]);
    const bell = (await (await ctx.app.request('/api/notifications', { headers: { Cookie: who.ann } })).json()) as NotificationListResponse;
    expect(bell.items.map((n) => Notification.parse(n).kind)).toEqual(['deck_regulation']);

    // Announced again — the same entry sent twice (refused), its announcement repeated, the daily check — nobody twice.
    expect((await send('POST', '/api/admin/deck-regulations', { kind: 'banned', cardNumber: x, from: '2027-01-15', source: 'https://example.com/' }, admin)).status).toBe(409);
    expect(await announceRegulation({ db: ctx.db, log: testLog, events }, entry.id, '2026-12-01')).toBe(0);
    expect(await checkRegulationNotices({ db: ctx.db, day: '2026-12-01' })).toEqual({ rotationNotices: 0, entryNotices: 0 });
    expect(await noticesOf('ann')).toHaveLength(1);

    // A deck saved after the announcement, before the first day: the daily check tells it (and only it).
    const later = await saveDeck('ann', 'Red Shanks II', fifty([x!]));
    expect(await checkRegulationNotices({ db: ctx.db, day: '2026-12-01' })).toEqual({ rotationNotices: 0, entryNotices: 1 });
    expect((await noticesOf('ann')).map((n) => n.deckId)).toEqual([annDeck, later]);
    // From the first day on, the daily check no longer looks for decks (the editor shows the ban).
    await saveDeck('ann', 'Red Shanks III', fifty([x!]));
    expect(await checkRegulationNotices({ db: ctx.db, day: '2027-01-16' })).toEqual({ rotationNotices: 0, entryNotices: 0 });
  });

  it('bans a Leader: the decks it leads are told', async () => {
    const ace = await saveDeck('cat', 'Ace', fifty([]), { leader: OTHER_LEADER });
    await saveDeck('ben', 'Shanks', fifty([]));
    await addEntry({ kind: 'banned', cardNumber: OTHER_LEADER, from: '2027-02-01' });
    expect(await noticesOf('cat')).toEqual([{ deckId: ace, deckName: 'Ace', day: '2027-02-01', reason: 'banned', cards: [card(OTHER_LEADER)], total: 1 }]);
    expect(await noticesOf('ben')).toEqual([]);
  });
});

describe('restricted cards and banned pairs', () => {
  it('tells the decks that play more than 1 copy of a restricted card, and those that hold both cards of a pair', async () => {
    const [y, p, q] = reds('new').map((c) => c.cardNumber);
    const fourY = await saveDeck('ann', 'Four', fifty([y!]));
    const oneY = fifty([]).slice(0, 12);
    oneY.push({ cardId: byNumber.get(y!)!.id, quantity: 1 }, { cardId: reds('new')[40]!.id, quantity: 1 });
    await saveDeck('ben', 'One', oneY);
    await addEntry({ kind: 'restricted', cardNumber: y, from: '2027-02-01' });
    expect(await noticesOf('ann')).toEqual([{ deckId: fourY, deckName: 'Four', day: '2027-02-01', reason: 'restricted', cards: [card(y!)], total: 1 }]);
    expect(await noticesOf('ben')).toEqual([]);

    const both = await saveDeck('cat', 'Both', fifty([p!, q!]));
    await saveDeck('dan', 'Only one', fifty([p!]));
    await addEntry({ kind: 'pair', cardNumber: p, pairedWith: q, from: '2027-02-01' });
    expect(await noticesOf('cat')).toEqual([{ deckId: both, deckName: 'Both', day: '2027-02-01', reason: 'pair', cards: [card(p!), card(q!)], total: 2 }]);
    expect(await noticesOf('dan')).toEqual([]);

    // A pair with the Leader: the Leader counts.
    const led = await saveDeck('dan', 'Led', fifty([q!]));
    await addEntry({ kind: 'pair', cardNumber: LEADER, pairedWith: q, from: '2027-03-01' });
    expect((await noticesOf('dan')).map((n) => [n.deckId, n.cards.map((c) => c.cardNumber)])).toEqual([[led, [LEADER, q!].sort()]]);
    expect((await noticesOf('cat')).map((n) => n.reason)).toEqual(['pair', 'pair']);
  });
});

describe('what an entry changes for a deck', () => {
  it('names only the entry’s cards to a deck already illegal for another reason', async () => {
    const [x] = reds('new').map((c) => c.cardNumber);
    const short = await saveDeck('cat', 'Forty cards', fifty([x!]).slice(0, 10), { legal: false });
    await addEntry({ kind: 'banned', cardNumber: x, from: '2027-01-15' });
    expect(await noticesOf('cat')).toEqual([{ deckId: short, deckName: 'Forty cards', day: '2027-01-15', reason: 'banned', cards: [card(x!)], total: 1 }]);
  });

  it('tells nobody of a card already banned that day, of an ended or past entry; an entry moved later is told anew', async () => {
    const [x, old, now] = reds('new').map((c) => c.cardNumber);
    const deck = await saveDeck('ann', 'Deck', fifty([x!, old!]));
    const first = await addEntry({ kind: 'banned', cardNumber: x, from: '2027-01-10' });
    // A second entry for the same card while the first holds: nothing changes for the deck.
    await addEntry({ kind: 'banned', cardNumber: x, from: '2027-02-01' });
    expect((await noticesOf('ann')).map((n) => n.day)).toEqual(['2027-01-10']);
    // The first entry ended before the second begins: lifting tells nobody, but the daily check tells the new day.
    expect((await send('POST', `/api/admin/deck-regulations/${first.id}/end`, { until: '2027-01-20' }, admin)).status).toBe(200);
    expect((await noticesOf('ann')).map((n) => n.day)).toEqual(['2027-01-10']);
    expect(await checkRegulationNotices({ db: ctx.db, day: '2026-12-01' })).toEqual({ rotationNotices: 0, entryNotices: 1 });
    expect((await noticesOf('ann')).map((n) => [n.deckId, n.day])).toEqual([
      [deck, '2027-01-10'],
      [deck, '2027-02-01'],
    ]);
    // An entry of a period already over tells nobody; one already in force is told with its first day.
    await addEntry({ kind: 'banned', cardNumber: old, from: '2024-01-01', until: '2024-02-01' });
    expect(await noticesOf('ann')).toHaveLength(2);
    const current = await saveDeck('ben', 'Current', fifty([now!]));
    await addEntry({ kind: 'banned', cardNumber: now, from: '2025-01-01' });
    expect(await noticesOf('ben')).toEqual([{ deckId: current, deckName: 'Current', day: '2025-01-01', reason: 'banned', cards: [card(now!)], total: 1 }]);
  });

  it('each of two entries of the same day names only its own card', async () => {
    const [a, b] = reds('new').map((c) => c.cardNumber);
    await saveDeck('ann', 'Two', fifty([a!, b!]));
    await addEntry({ kind: 'banned', cardNumber: a, from: '2027-01-15' });
    await addEntry({ kind: 'banned', cardNumber: b, from: '2027-01-15' });
    expect((await noticesOf('ann')).map((n) => n.cards.map((c) => c.cardNumber))).toEqual([[a], [b]]);
  });

  it('a deleted deck takes its notices with it', async () => {
    const [x] = reds('new').map((c) => c.cardNumber);
    const deck = await saveDeck('ann', 'Gone', fifty([x!]));
    await addEntry({ kind: 'banned', cardNumber: x, from: '2027-01-15' });
    expect(await noticesOf('ann')).toHaveLength(1);
    expect((await send('DELETE', `/api/decks/${deck}`, undefined, who.ann)).status).toBe(204);
    expect(await noticesOf('ann')).toEqual([]);
    expect(await ctx.db.$count(deckRegulationNotices)).toBe(0);
  });
});

describe('e-mail', () => {
  it('e-mails each notice in the user’s language with the deck’s link, unless alert e-mails are off', async () => {
    await send('PATCH', '/api/me/profile', { language: 'pt' }, who.ann);
    await send('PATCH', '/api/me/profile', { language: 'es' }, who.cat);
    await send('PATCH', '/api/me/profile', { alertEmails: false }, who.ben);
    // Community e-mails are another switch: turning them off does not stop these.
    await send('PATCH', '/api/me/profile', { communityEmails: false }, who.dan);
    const [x] = reds('new').map((c) => c.cardNumber);
    const named = `${byNumber.get(x!)!.name} (${x})`;
    const decks = {
      ann: await saveDeck('ann', 'Vermelho', fifty([x!])),
      ben: await saveDeck('ben', 'Quiet', fifty([x!])),
      cat: await saveDeck('cat', 'Rojo <b>', fifty([x!])),
      dan: await saveDeck('dan', 'Red', fifty([x!])),
    };
    await addEntry({ kind: 'banned', cardNumber: x, from: '2027-01-15' });
    await deliver();
    expect(mailTo('ann').map((m) => m.subject)).toEqual([`Seu deck “Vermelho”: ${named} está banida a partir de 15 de janeiro de 2027`]);
    expect(mailTo('ann')[0]!.text).toContain(`${TEST_PUBLIC_URL}/deck/${decks.ann}`);
    expect(mailTo('ben')).toEqual([]);
    const [toCat] = mailTo('cat');
    expect(toCat!.subject).toBe(`Tu mazo «Rojo <b>»: ${named} está prohibida desde el 15 de enero de 2027`);
    expect(toCat!.html).toContain('Rojo &#60;b&#62;');
    expect(toCat!.html).not.toContain('<b>');
    const [toDan] = mailTo('dan');
    expect(toDan!.subject).toBe(`Your deck “Red”: ${named} is banned from January 15, 2027`);
    expect(toDan!.text).toContain(`${named} is banned from January 15, 2027. Your deck “Red” plays it: it will not be legal from that day.`);
    expect(toDan!.text).toContain(`${TEST_PUBLIC_URL}/settings?tab=preferences`);
    // Each sent once: the outbox is done with them.
    await deliver();
    expect(ctx.mail.messages).toHaveLength(3);
  });
});

describe('a Standard rotation (a fake one: 2027-04-01, blocks below 3 leave)', () => {
  const rotations = [...DECK_FORMATS.onepiece.standard!.rotations, { effective: '2027-04-01', minBlock: 3 }];
  let day = '';
  const scheduler = () => createScheduler({ database: ctx.database, log: testLog, jobs: [regulationNoticesJob({ day: () => day, rotations })] });

  it('tells the decks it makes illegal 30 days and 1 day ahead, once each, through the daily job', async () => {
    const old = reds('old').map((c) => c.cardNumber);
    const annDeck = await saveDeck('ann', 'Old reds', fifty([old[0]!, old[1]!]));
    const fixed = await saveDeck('ann', 'Fixed later', fifty([old[2]!]));
    await saveDeck('ben', 'New reds', fifty([]));
    await saveDeck('cat', 'Extra', fifty([old[0]!]), { format: 'extra' });
    await tournamentList('regulation-t2', fifty([old[0]!]));
    const jobs = scheduler();
    const run = async (on: string) => {
      day = on;
      const result = await jobs.runNow('regulation-notices');
      expect(result.status).toBe('succeeded');
      return (result as { counts: Record<string, number> }).counts.rotationNotices;
    };

    expect(await run('2027-03-01')).toBe(0); // 31 days ahead
    expect(await run('2027-03-02')).toBe(2); // 30 days ahead
    const annNotices = await noticesOf('ann');
    expect(annNotices[0]).toEqual({
      deckId: annDeck,
      deckName: 'Old reds',
      day: '2027-04-01',
      reason: 'rotation',
      cards: [card(old[0]!), card(old[1]!)],
      total: 2,
      daysBefore: 30,
      minBlock: 3,
    });
    expect(annNotices.map((n) => n.deckId)).toEqual([annDeck, fixed]);
    // A deck saved since is told by the next run, with the days that are left; the others are not told again.
    const since = await saveDeck('dan', 'Saved since', fifty([old[3]!]));
    // The deck fixed meanwhile is not told again the day before.
    expect((await send('PUT', `/api/decks/${fixed}/cards`, { cards: fifty([]) }, who.ann)).status).toBe(200);
    expect(await run('2027-03-30')).toBe(1); // 2 days ahead
    expect(await noticesOf('dan')).toMatchObject([{ deckId: since, daysBefore: 2, cards: [card(old[3]!)] }]);
    expect(await run('2027-03-31')).toBe(2); // 1 day ahead
    expect(await run('2027-04-01')).toBe(0); // the day itself
    expect(await run('2027-03-02')).toBe(0); // 30 days ahead, again
    expect((await noticesOf('ann')).map((n) => [n.deckName, n.daysBefore])).toEqual([
      ['Old reds', 30],
      ['Fixed later', 30],
      ['Old reds', 1],
    ]);
    expect((await noticesOf('dan')).map((n) => n.daysBefore)).toEqual([2, 1]);
    expect(await noticesOf('ben')).toEqual([]);
    expect(await noticesOf('cat')).toEqual([]);
    expect(await ctx.db.$count(deckRegulationNotices, sql`${deckRegulationNotices.notice} like 'rotation:2027-04-01:%'`)).toBe(5);
    const runs = await ctx.db.select().from(jobRuns).where(eq(jobRuns.job, 'regulation-notices'));
    expect(runs.map((r) => r.status)).toEqual(Array(6).fill('succeeded'));
    await jobs.stop();
  });

  it('e-mails the rotation notice with the days left and the cards', async () => {
    await send('PATCH', '/api/me/profile', { language: 'es' }, who.cat);
    const old = reds('old').map((c) => c.cardNumber);
    await saveDeck('cat', 'Viejo', fifty([old[0]!]));
    // Already out of Standard by a block-1 card (the April 2026 rotation): told only of what this rotation takes.
    const [gone] = reds('gone').map((c) => c.cardNumber);
    await saveDeck('dan', 'Old', fifty([old[0]!, gone!]), { legal: false });
    expect(await checkRegulationNotices({ db: ctx.db, day: '2027-03-02', rotations })).toEqual({ rotationNotices: 2, entryNotices: 0 });
    expect(await checkRegulationNotices({ db: ctx.db, day: '2027-03-31', rotations })).toEqual({ rotationNotices: 2, entryNotices: 0 });
    await deliver();
    const line = `${byNumber.get(old[0]!)!.name} (${old[0]})`;
    expect(mailTo('cat').map((m) => m.subject)).toEqual(['Tu mazo «Viejo»: el Estándar rota el 1 de abril de 2027', 'Tu mazo «Viejo»: el Estándar rota el 1 de abril de 2027']);
    expect(mailTo('cat')[0]!.text).toContain('El Estándar rota el 1 de abril de 2027 (dentro de 30 días): las cartas de bloques inferiores a 3 salen del formato.');
    expect(mailTo('cat')[0]!.text).toContain(`- ${line}`);
    expect(mailTo('dan').map((m) => m.text.split('\n')[0])).toEqual([
      'Standard rotates on April 1, 2027 (in 30 days): cards of blocks below 3 leave the format. Your deck “Old” plays 1 of them, so it will not be legal in Standard from that day:',
      'Standard rotates on April 1, 2027 (tomorrow): cards of blocks below 3 leave the format. Your deck “Old” plays 1 of them, so it will not be legal in Standard from that day:',
    ]);
  });
});
