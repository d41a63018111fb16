import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { deckCards, decks, tournamentListGaps, tournaments, tournamentStandings } from '../../db/schema/index';
import { createTestDatabase } from '../../testing/test-app';
import { storeTournament } from './ingest.service';

/** The format notes' own sample (fixtures/limitless-sample, copied from the shared format notes: an invented two-player tournament). */
const sampleDir = path.resolve(__dirname, 'fixtures/limitless-sample');
const read = (p: string) => JSON.parse(readFileSync(path.join(sampleDir, p), 'utf8')) as unknown;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
}, 60_000);
afterAll(async () => {
  await database.close();
});

describe('storing a tournament', () => {
  it('keeps placed standings with a list as public decks owned by no user, skips the rest, and stores nothing twice', async () => {
    const id = '0123456789abcdef01234567';
    const details = read(`tournaments/${id}/details`);
    const standings = read(`tournaments/${id}/standings`);
    const first = await storeTournament(database.db, 'import', details, standings);
    expect(first).toEqual({ tournaments: 1, standings: 1, skipped: 1, unmatched: 0 });
    const [row] = await database.db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row).toMatchObject({ name: 'Example Weekly #1', day: '2026-09-01', players: 2, format: 'standard', source: 'import' });
    const [standing] = await database.db.select().from(tournamentStandings).where(eq(tournamentStandings.tournamentId, id));
    expect(standing).toMatchObject({ placing: 1, wins: 1, losses: 0, ties: 0, leaderNumber: 'OP01-001', leaderName: 'Roronoa Zoro' });
    const [deck] = await database.db.select().from(decks).where(eq(decks.id, standing!.deckId));
    expect(deck).toMatchObject({ userId: null, isPublic: true, showOnProfile: false, format: 'standard' });
    const rows = await database.db.select().from(deckCards).where(eq(deckCards.deckId, deck!.id));
    expect(rows.reduce((n, r) => n + r.quantity, 0)).toBe(50);
    // No player's name, id or country anywhere in what was stored.
    const stored = JSON.stringify([row, standing, deck]);
    for (const personal of ['Invented Player A', 'inventeda', '"BR"']) expect(stored).not.toContain(personal);
    expect(await storeTournament(database.db, 'limitless', details, standings)).toEqual({ tournaments: 0, standings: 0, skipped: 1, unmatched: 0 });
  });

  it('keeps the numbers the library lacks as gaps, and reads full card numbers', async () => {
    const standings = [
      { placing: 1, record: { wins: 3, losses: 1, ties: 1 }, decklist: { leader: { set: 'OP05', number: '060', name: 'Monkey.D.Luffy' }, character: [{ count: 4, set: '', number: 'op05-067', name: 'Zoro-Juurou' }, { count: 2, set: 'ZZ99', number: '999', name: 'Unknown' }] } },
    ];
    const counts = await storeTournament(database.db, 'upload', { id: 'gap-test', name: 'Extra Regulation Cup', date: '2026-10-03T10:00:00Z', players: 8 }, standings);
    expect(counts).toEqual({ tournaments: 1, standings: 1, skipped: 0, unmatched: 1 });
    const [row] = await database.db.select().from(tournaments).where(eq(tournaments.id, 'gap-test'));
    expect(row!.format).toBe('extra');
    expect(await database.db.select().from(tournamentListGaps).where(eq(tournamentListGaps.tournamentId, 'gap-test'))).toEqual([
      { tournamentId: 'gap-test', placing: 1, cardNumber: 'ZZ99-999', name: 'Unknown', quantity: 2, section: 'character' },
    ]);
  });

  it('refuses a document that is not a tournament, with the reason', async () => {
    await expect(storeTournament(database.db, 'upload', { name: 'x' }, [])).rejects.toThrow(/not a tournament: id/);
    await expect(storeTournament(database.db, 'upload', { id: 'a', name: 'x', date: '2026-01-01' }, {})).rejects.toThrow(/standings are not a list/);
  });
});
