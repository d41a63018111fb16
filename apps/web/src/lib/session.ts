import type { AuthOptionsResponse, MeResponse, SessionResponse } from '@grandline/core/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryClient } from './query-client';

export const sessionKeys = {
  session: ['session'] as const,
};

/** Queries holding the signed-in user's own data start with this key; they are dropped when the user changes. */
export const USER_SCOPE = 'user';

/** The sign-in options come with the first session answer (one request at start-up) and do not change. */
let authOptions: AuthOptionsResponse | null = null;

/** What the server knew when it drew the page (entry-server.tsx → boot.tsx), for the hydrated first render. */
export const getAuthOptions = () => authOptions;
export function setAuthOptions(options: AuthOptionsResponse | null) {
  authOptions = options;
}

export const fetchSession = async (signal?: AbortSignal) => {
  const answer = await apiGet<SessionResponse>('/session', undefined, { signal });
  authOptions = answer.auth;
  return answer.session;
};

/** Checked again when the tab gets focus, so an expired or ended session shows without a reload. */
export const sessionQuery = { queryKey: sessionKeys.session, queryFn: () => fetchSession(), staleTime: 60_000, refetchOnWindowFocus: true } as const;

/** What the shell knows about the visitor. */
export interface SessionInfo {
  /** The first answer has not arrived yet. */
  loading: boolean;
  me: MeResponse | null;
  signedIn: boolean;
  isAdmin: boolean;
  termsAccepted: boolean;
  /** Whether this server offers sign-in at all. */
  authAvailable: boolean;
  providers: AuthOptionsResponse['providers'];
}

export function useSession(): SessionInfo {
  const session = useQuery(sessionQuery);
  const me = session.data ?? null;
  return {
    loading: session.isPending,
    me,
    signedIn: Boolean(me),
    isAdmin: me?.user.role === 'admin',
    termsAccepted: me?.consent.tosAccepted ?? false,
    authAvailable: authOptions?.enabled ?? false,
    providers: authOptions?.providers ?? [],
  };
}

/** The session, fetched once and shared (route loaders and guards). */
export const ensureSession = () => queryClient.ensureQueryData(sessionQuery);

/** Set when the user signs out on purpose (they go home, not to the sign-in screen); cleared by a sign-in. */
let signedOutByUser = false;
export const wasSignedOutByUser = () => signedOutByUser;

export type SessionEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'SIGNED_OUT';

/**
 * Session events of spec §4 on our cookie sessions:
 * - SIGNED_OUT clears the user, the cached consent and every query of the user's own data;
 * - SIGNED_IN / INITIAL_SESSION / TOKEN_REFRESHED fetch the session again (forced); when the user changed,
 *   the previous user's data is dropped;
 * - USER_UPDATED takes the user the server just answered.
 */
export async function sessionEvent(event: SessionEvent, updated?: MeResponse | null): Promise<MeResponse | null> {
  if (event === 'SIGNED_OUT') signedOutByUser = true;
  if (event === 'SIGNED_IN') signedOutByUser = false;
  const next = await applySessionEvent(event, updated);
  // Other tabs of this site follow: they fetch the session again (a sign-out there clears their data).
  if (event !== 'TOKEN_REFRESHED') channel?.postMessage(event);
  return next;
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('grandline-session');
if (channel) {
  channel.onmessage = (message: MessageEvent<SessionEvent>) => {
    void applySessionEvent(message.data === 'SIGNED_OUT' ? 'SIGNED_OUT' : 'TOKEN_REFRESHED').catch(() => undefined);
  };
}

async function applySessionEvent(event: SessionEvent, updated?: MeResponse | null): Promise<MeResponse | null> {
  const previous = queryClient.getQueryData<MeResponse | null>(sessionKeys.session) ?? null;
  if (event === 'SIGNED_OUT') {
    queryClient.setQueryData(sessionKeys.session, null);
    queryClient.removeQueries({ queryKey: [USER_SCOPE] });
    return null;
  }
  let next: MeResponse | null;
  if (event === 'USER_UPDATED' && updated !== undefined) {
    next = updated;
    queryClient.setQueryData(sessionKeys.session, next);
  } else {
    next = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  }
  if (previous?.user.id !== next?.user.id) queryClient.removeQueries({ queryKey: [USER_SCOPE] });
  return next;
}
