/** Web storage that never throws (private mode, disabled storage, quota). */
function safeStorage(area: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string) {
      try {
        area().setItem(key, value);
      } catch {
        /* ignored: the value simply is not kept */
      }
    },
    remove(key: string) {
      try {
        area().removeItem(key);
      } catch {
        /* ignored */
      }
    },
  };
}

/** Session storage (this tab only, gone when it closes), same contract as `storage`. */
export const sessionStore = safeStorage(() => window.sessionStorage);

/** Local storage that never throws (private mode, disabled storage, quota). */
export const storage = safeStorage(() => window.localStorage);
