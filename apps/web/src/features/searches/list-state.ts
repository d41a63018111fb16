import { STORAGE_KEYS } from '@grandline/core/locales';
import { useCallback, useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';

/**
 * Whether the sidebar's saved searches are open, and how many rows they last showed. Kept in storage (and in the
 * render-preferences cookie, lib/storage.ts), so every page, the server's drawing included, opens with the list at
 * its height: while the list loads, that many placeholder rows hold its place and nothing below the library entry
 * moves. Shared by the sidebar, the phone menu and the save dialog (which opens the list on the search it saved).
 */
interface ListState {
  open: boolean;
  /** Rows shown the last time the list loaded (0: the empty-state hint). */
  count: number;
}

/** The most rows reserved while loading: a longer list grows once, as a list that long is rare. */
const MAX_RESERVED = 20;

/** "open:3" / "closed:3"; anything else is a closed list of unknown length. */
function readListState(value: string | null): ListState {
  const match = /^(open|closed):(\d{1,3})$/.exec(value ?? '');
  return match ? { open: match[1] === 'open', count: Math.min(MAX_RESERVED, Number(match[2])) } : { open: false, count: 0 };
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => storage.get(STORAGE_KEYS.savedSearches) ?? '';

/** Stores the list's state (only when it changed: each write also rewrites the cookie) and tells every reader. */
function setListState(next: ListState) {
  const value = `${next.open ? 'open' : 'closed'}:${Math.max(0, Math.min(MAX_RESERVED, next.count))}`;
  if (value === snapshot()) return;
  storage.set(STORAGE_KEYS.savedSearches, value);
  for (const listener of listeners) listener();
}

/** The list's state, and a setter for its parts. */
export function useListState(): [ListState, (patch: Partial<ListState>) => void] {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  const state = readListState(value);
  const update = useCallback((patch: Partial<ListState>) => setListState({ ...readListState(snapshot()), ...patch }), []);
  return [state, update];
}
