import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { createTestDatabase } from '../testing/test-app';
import type { Database } from './client';
import { isOwner, mayChange, mayRead, ownedItems } from './ownership';
import { hasPgErrorCode, isUniqueViolation } from './pg-errors';
import { decks, users } from './schema/index';

const owner = { id: 'user-owner' };
const other = { id: 'user-other' };

describe('the rules', () => {
  const privateItem = { userId: owner.id, isPublic: false };
  const publicItem = { userId: owner.id, isPublic: true };
  const noPublicColumn = { userId: owner.id };

  it('lets the owner read and change a private item', () => {
    expect(isOwner(owner, privateItem)).toBe(true);
    expect(mayRead(owner, privateItem)).toBe(true);
    expect(mayChange(owner, privateItem)).toBe(true);
  });

  it('lets anyone, signed in or not, read a public item, and only its owner change it', () => {
    for (const viewer of [other, null]) {
      expect(mayRead(viewer, publicItem)).toBe(true);
      expect(mayChange(viewer, publicItem)).toBe(false);
    }
    expect(mayChange(owner, publicItem)).toBe(true);
  });

  it('refuses everyone else a private item, and an item that cannot be public', () => {
    for (const viewer of [other, null]) {
      for (const item of [privateItem, noPublicColumn, { ...privateItem, isPublic: null }]) {
        expect(isOwner(viewer, item)).toBe(false);
        expect(mayRead(viewer, item)).toBe(false);
        expect(mayChange(viewer, item)).toBe(false);
      }
    }
  });
});

describe('ownedItems on a table', () => {
  let database: Database;
  const notFound = () => new AppError('DECK_NOT_FOUND', 404, "This deck doesn't exist or is private");
  const access = ownedItems(decks, notFound);
  const deck = (id: string, isPublic: boolean) => ({ id, userId: owner.id, name: id, format: 'standard', gameCategory: 'onepiece', isPublic });

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values([
      { id: owner.id, name: 'Owner', email: 'owner@example.com' },
      { id: other.id, name: 'Other', email: 'other@example.com' },
    ]);
    await database.db.insert(decks).values([deck('private-deck', false), deck('public-deck', true)]);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The error a call failed with, or null. */
  const failure = async (call: Promise<unknown>) => call.then(() => null, (err: unknown) => err);
  /** A refusal is exactly the not-found error of a missing item: same code, status and message. */
  const expectNotFound = async (call: Promise<unknown>) => {
    const err = await failure(call);
    expect(err).toBeInstanceOf(AppError);
    const { code, status, message } = err as AppError;
    expect({ code, status, message }).toEqual({ code: 'DECK_NOT_FOUND', status: 404, message: "This deck doesn't exist or is private" });
  };

  it('reads: the owner any item, others the public one; a private item answers as a missing one', async () => {
    expect((await access.readable(database.db, owner, 'private-deck')).id).toBe('private-deck');
    expect((await access.readable(database.db, other, 'public-deck')).id).toBe('public-deck');
    expect((await access.readable(database.db, null, 'public-deck')).userId).toBe(owner.id);
    await expectNotFound(access.readable(database.db, other, 'private-deck'));
    await expectNotFound(access.readable(database.db, null, 'private-deck'));
    await expectNotFound(access.readable(database.db, owner, 'missing-deck'));
  });

  it('changes: only the owner, even of a public item', async () => {
    expect((await access.changeable(database.db, owner, 'public-deck')).id).toBe('public-deck');
    await expectNotFound(access.changeable(database.db, other, 'public-deck'));
    await expectNotFound(access.changeable(database.db, other, 'private-deck'));
    await expectNotFound(access.changeable(database.db, owner, 'missing-deck'));
  });

  it('checks inside a transaction too', async () => {
    await database.db.transaction(async (tx) => {
      expect((await access.changeable(tx, owner, 'private-deck')).id).toBe('private-deck');
      await expectNotFound(access.readable(tx, other, 'private-deck'));
    });
  });

  it('ownedBy matches the owner’s row only', async () => {
    const renamed = (user: { id: string }) =>
      database.db.update(decks).set({ name: 'Renamed' }).where(access.ownedBy(user, 'public-deck')).returning({ id: decks.id });
    expect(await renamed(other)).toEqual([]);
    expect(await renamed(owner)).toEqual([{ id: 'public-deck' }]);
  });

  it('removes for the owner only; a second removal answers not found', async () => {
    await database.db.insert(decks).values(deck('doomed-deck', true));
    await expectNotFound(access.remove(database.db, other, 'doomed-deck'));
    expect(await database.db.select({ id: decks.id }).from(decks).where(eq(decks.id, 'doomed-deck'))).toHaveLength(1);
    await access.remove(database.db, owner, 'doomed-deck');
    expect(await database.db.select({ id: decks.id }).from(decks).where(eq(decks.id, 'doomed-deck'))).toHaveLength(0);
    await expectNotFound(access.remove(database.db, owner, 'doomed-deck'));
  });

  it('tells a unique violation from the database apart from other errors', async () => {
    const duplicate = await failure(database.db.insert(users).values({ id: 'user-3', name: 'Copy', email: 'owner@example.com' }));
    expect(isUniqueViolation(duplicate)).toBe(true);
    const missingOwner = await failure(database.db.insert(decks).values({ ...deck('orphan-deck', false), userId: 'nobody' }));
    expect(hasPgErrorCode(missingOwner, '23503')).toBe(true);
    expect(isUniqueViolation(missingOwner)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
  });
});
