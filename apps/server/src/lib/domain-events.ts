import type { Db, DbTx } from '../db/client';

/**
 * What one server feature tells the others inside its own transaction, so that they need not import each other
 * (issue 41: binders and decks would otherwise import profiles, whose pages import them back). A handler runs in the
 * emitter's transaction, before it commits: what it writes commits or rolls back with the change that caused it. The
 * handlers are registered by the composition (`buildApp`), once per process whatever the number of apps built.
 * Cross-process notices (a replica's open streams) are the other seam, `events` in lib/context.ts.
 */
export interface DomainEvents {
  /** A deck became public (created public, or made public). */
  'deck.published': { userId: string; deckId: string };
  /** A binder became public (shared). */
  'binder.shared': { userId: string; binderId: string };
  /** A comment was posted on a deck or a binder. */
  'comment.posted': { userId: string; commentId: string; deckId: string | null; binderId: string | null };
  /**
   * Prints entered the catalogue: the new prints of a package import (not those imported again, nor a package print
   * that replaces one added by hand), or a print an admin added. Emitted AFTER the prints commit (through `db`, not in
   * the writing transaction): what handlers do with them (saved searches evaluated against every new print) is work
   * that grows with the catalogue and must not hold the import's transaction open (docs/search-language.md).
   */
  'catalogue.prints_added': { cardIds: number[] };
}

export type DomainEventKind = keyof DomainEvents;
export type DomainEventHandler<K extends DomainEventKind> = (db: Db | DbTx, event: DomainEvents[K]) => Promise<void>;

/** Handlers by event, each under its owner's name (registering again under a name replaces, never doubles). */
const handlers = new Map<DomainEventKind, Map<string, DomainEventHandler<never>>>();

export function onDomainEvent<K extends DomainEventKind>(kind: K, owner: string, handler: DomainEventHandler<K>): void {
  const byOwner = handlers.get(kind) ?? new Map<string, DomainEventHandler<never>>();
  byOwner.set(owner, handler as DomainEventHandler<never>);
  handlers.set(kind, byOwner);
}

/**
 * Runs the handlers of an event in the caller's transaction, in the order they were registered. An event nobody
 * handles is a wiring mistake (a composition that forgot to register), not a quiet no-op: it throws.
 */
export async function emitDomainEvent<K extends DomainEventKind>(db: Db | DbTx, kind: K, event: DomainEvents[K]): Promise<void> {
  const byOwner = handlers.get(kind);
  if (!byOwner?.size) throw new Error(`No handler for the domain event ${kind}: register the features' handlers (buildApp) first`);
  for (const handler of byOwner.values()) await (handler as DomainEventHandler<K>)(db, event);
}
