import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { emitDomainEvent, onDomainEvent } from './domain-events';

// Each test file has its own module registry (vitest isolates files), so these handlers reach no other test.
const db = {} as Db;

describe('domain events', () => {
  it('refuses an event nobody handles, so a composition that forgot to register fails loudly', async () => {
    await expect(emitDomainEvent(db, 'binder.shared', { userId: 'u', binderId: 'b' })).rejects.toThrow(/No handler for the domain event binder.shared/);
  });

  it('runs every owner\'s handler in registration order with the caller\'s database, and registering again replaces', async () => {
    const calls: string[] = [];
    onDomainEvent('deck.published', 'feed', async (writer, e) => void calls.push(`feed ${e.deckId} ${writer === db}`));
    onDomainEvent('deck.published', 'stats', async (_writer, e) => void calls.push(`stats ${e.userId}`));
    onDomainEvent('deck.published', 'feed', async (_writer, e) => void calls.push(`feed again ${e.deckId}`));
    await emitDomainEvent(db, 'deck.published', { userId: 'u1', deckId: 'd1' });
    expect(calls).toEqual(['feed again d1', 'stats u1']);
  });

  it('lets a handler\'s failure reach the emitter, whose transaction then rolls back', async () => {
    onDomainEvent('comment.posted', 'feed', async () => {
      throw new Error('feed write failed');
    });
    await expect(emitDomainEvent(db, 'comment.posted', { userId: 'u', commentId: 'c', deckId: 'd', binderId: null })).rejects.toThrow('feed write failed');
  });
});
