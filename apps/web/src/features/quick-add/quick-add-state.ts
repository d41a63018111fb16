import type { BinderSummary } from '@grandline/core/contracts/binders';
import type { DeckSummary } from '@grandline/core/contracts/decks';

/**
 * Quick-add mode (spec §2: "targets a chosen deck or binder"): which target the signed-in user picked
 * in this tab, and what was added to it since. Pure functions; the store keeps the state in session storage.
 */

/** Binders that take cards one by one; the wishlist is its own target (it is created on first use). */
type QuickAddBinderCategory = 'personal' | 'trade';

export type QuickAddTarget =
  | { kind: 'deck'; id: string; name: string }
  | { kind: 'binder'; id: string; name: string; category: QuickAddBinderCategory }
  | { kind: 'wishlist' };

export interface QuickAddState {
  /** The user who picked the target: another user signing in in the same tab does not inherit it. */
  userId: string;
  target: QuickAddTarget;
  /** Copies added since the target was picked. */
  added: number;
  /** Copies added per card id (print) since the target was picked. */
  perCard: Record<string, number>;
}

const MAX_TEXT = 200;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_TEXT;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseTarget(value: unknown): QuickAddTarget | null {
  if (!isRecord(value)) return null;
  switch (value.kind) {
    case 'deck':
      return isText(value.id) && isText(value.name) ? { kind: 'deck', id: value.id, name: value.name } : null;
    case 'binder':
      return isText(value.id) && isText(value.name) && (value.category === 'personal' || value.category === 'trade')
        ? { kind: 'binder', id: value.id, name: value.name, category: value.category }
        : null;
    case 'wishlist':
      return { kind: 'wishlist' };
    default:
      return null;
  }
}

/** The stored state, or null when there is none or it is not one we wrote (edited by hand, older shape). */
export function parseQuickAddState(raw: string | null): QuickAddState | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isText(value.userId) || !isCount(value.added) || !isRecord(value.perCard)) return null;
  const target = parseTarget(value.target);
  if (!target) return null;
  const perCard: Record<string, number> = {};
  for (const [id, n] of Object.entries(value.perCard)) if (/^\d+$/.test(id) && isCount(n) && n > 0) perCard[id] = n;
  return { userId: value.userId, target, added: value.added, perCard };
}

/** One key per target, for radio values and comparisons. */
export const targetKey = (target: QuickAddTarget) => (target.kind === 'wishlist' ? 'wishlist' : `${target.kind}:${target.id}`);

/** Picking a target: counting starts again, unless it is the target already in use. */
export function startQuickAdd(previous: QuickAddState | null, userId: string, target: QuickAddTarget): QuickAddState {
  if (previous && previous.userId === userId && targetKey(previous.target) === targetKey(target)) return { ...previous, target };
  return { userId, target, added: 0, perCard: {} };
}

export function recordAdded(state: QuickAddState, cardId: number, copies = 1): QuickAddState {
  const key = String(cardId);
  return { ...state, added: state.added + copies, perCard: { ...state.perCard, [key]: (state.perCard[key] ?? 0) + copies } };
}

/**
 * The target as the user's current decks and binders describe it: renamed (a new object), unchanged (the
 * same object), or null when it is gone (deleted, or a binder turned into another category).
 */
export function reconcileTarget(
  target: QuickAddTarget,
  lists: { decks?: readonly Pick<DeckSummary, 'id' | 'name'>[]; binders?: readonly Pick<BinderSummary, 'id' | 'name' | 'category'>[] },
): QuickAddTarget | null {
  if (target.kind === 'deck') {
    if (!lists.decks) return target;
    const deck = lists.decks.find((d) => d.id === target.id);
    if (!deck) return null;
    return deck.name === target.name ? target : { ...target, name: deck.name };
  }
  if (target.kind === 'binder') {
    if (!lists.binders) return target;
    const binder = lists.binders.find((b) => b.id === target.id);
    if (!binder || (binder.category !== 'personal' && binder.category !== 'trade')) return null;
    return binder.name === target.name && binder.category === target.category ? target : { ...target, name: binder.name, category: binder.category };
  }
  return target;
}
