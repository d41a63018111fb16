import { STORAGE_KEYS } from '@grandline/core/locales';
import { useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session';
import { sessionStore } from '@/lib/storage';
import { parseQuickAddState, recordAdded, startQuickAdd, targetKey, type QuickAddState, type QuickAddTarget } from '@/features/quick-add/quick-add-state';

/**
 * The quick-add state of this tab, in session storage (it survives navigation and reloads, not the tab),
 * shared by every component that shows it through one external store.
 */
let current: QuickAddState | null | undefined;
const listeners = new Set<() => void>();

function read(): QuickAddState | null {
  if (current === undefined) current = parseQuickAddState(sessionStore.get(STORAGE_KEYS.quickAdd));
  return current;
}

function write(next: QuickAddState | null) {
  current = next;
  if (next) sessionStore.set(STORAGE_KEYS.quickAdd, JSON.stringify(next));
  else sessionStore.remove(STORAGE_KEYS.quickAdd);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const quickAddStore = {
  get: read,
  start(userId: string, target: QuickAddTarget) {
    write(startQuickAdd(read(), userId, target));
  },
  /** The same target under its current name (a rename elsewhere); the counts are kept. */
  retarget(target: QuickAddTarget) {
    const state = read();
    if (state) write({ ...state, target });
  },
  /** Counts an add made to `target`; ignored when the target was changed or left meanwhile. */
  added(target: QuickAddTarget, cardId: number, copies = 1) {
    const state = read();
    if (state && targetKey(state.target) === targetKey(target)) write(recordAdded(state, cardId, copies));
  },
  exit() {
    write(null);
  },
};

export interface QuickAdd {
  /** The active quick-add state of the signed-in user, or null (off, signed out, or picked by another user). */
  state: QuickAddState | null;
  /** Whether this visitor may use quick-add at all (signed in, terms accepted). */
  available: boolean;
  start: (target: QuickAddTarget) => void;
  exit: () => void;
}

export function useQuickAdd(): QuickAdd {
  const { me, termsAccepted } = useSession();
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const userId = me?.user.id ?? null;
  const available = Boolean(userId) && termsAccepted;
  return {
    state: available && stored?.userId === userId ? stored : null,
    available,
    start: (target) => {
      if (userId) quickAddStore.start(userId, target);
    },
    exit: quickAddStore.exit,
  };
}
