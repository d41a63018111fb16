/**
 * What the shell knows about the visitor. Accounts arrive with the accounts feature; until then every
 * visitor is anonymous and the entries that need an account are shown locked.
 */
export interface SessionInfo {
  signedIn: boolean;
  isAdmin: boolean;
  /** Whether this server offers sign-in at all. */
  authAvailable: boolean;
}

export const useSession = (): SessionInfo => ({ signedIn: false, isAdmin: false, authAvailable: false });
