import type { ValidateDeckListResponse } from '@grandline/core/contracts/decks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, postJson } from '../../testing/test-app';
import fixture from './fixtures/tournament-decklists.json';

/**
 * Real published tournament decklists (fixtures/tournament-decklists.json: event, date, source page), judged as the
 * events judged them: legal in Standard and in Extra on the event's day, and refused on the later days the banned
 * list or the rotation changed.
 */
interface Deck {
  id: string;
  event: string;
  date: string;
  source: string;
  leader: string;
  main: [string, number][];
  verdict: { standard: 'legal'; extra: 'legal' };
  later?: { date: string; format: 'standard' | 'extra'; code: string; cards?: string[]; why: string }[];
  /** A known disagreement with the event (a data gap, documented): exactly this error, nothing else. */
  disagreement?: { format: 'standard' | 'extra'; code: string; cards: string[]; why: string };
}
const decks = fixture.decks as unknown as Deck[];

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

const listOf = (deck: Deck) => [`1x${deck.leader}`, ...deck.main.map(([number, n]) => `${n}x${number}`)].join('\n');
const judge = async (deck: Deck, format: string, date: string) => {
  const res = await ctx.app.request('/api/decks/validate', postJson({ list: listOf(deck), format, date }));
  expect(res.status).toBe(200);
  return (await res.json()) as ValidateDeckListResponse;
};

describe('real tournament decklists', () => {
  it('holds at least 20 complete lists from 2023 to 2026, each with its source and date', () => {
    expect(decks.length).toBeGreaterThanOrEqual(20);
    for (const deck of decks) {
      expect(deck.main.reduce((n, [, q]) => n + q, 0), deck.id).toBe(50);
      expect(deck.source, deck.id).toMatch(/^https:\/\//);
      expect(deck.date, deck.id).toMatch(/^20(23|24|25|26)-\d{2}-\d{2}$/);
    }
    expect(new Set(decks.map((d) => d.date.slice(0, 4)))).toEqual(new Set(['2023', '2024', '2025', '2026']));
  });

  it.each(decks.map((d) => [d.id, d] as const))('%s is legal in Standard and Extra on its day', async (_id, deck) => {
    for (const format of ['standard', 'extra'] as const) {
      const verdict = await judge(deck, format, deck.date);
      const known = deck.disagreement?.format === format ? deck.disagreement : null;
      expect({ format, errors: verdict.errors.map((e) => [e.code, e.cards]), lineErrors: verdict.lineErrors }).toEqual({ format, errors: known ? [[known.code, known.cards]] : [], lineErrors: [] });
      expect(verdict).toMatchObject({ valid: deck.verdict[format] === 'legal' && !known, mainCount: 50 });
      expect(verdict.leader?.cardNumber).toBe(deck.leader);
    }
  });

  it.each(decks.filter((d) => d.later).map((d) => [d.id, d] as const))('%s is refused on the later days the rules changed', async (_id, deck) => {
    for (const later of deck.later!) {
      const verdict = await judge(deck, later.format, later.date);
      expect(verdict.valid, later.why).toBe(false);
      const found = verdict.errors.filter((e) => e.code === later.code);
      expect(found.length, later.why).toBeGreaterThan(0);
      if (later.cards) expect(found.map((e) => e.cards), later.why).toContainEqual(later.cards);
    }
  });
});
