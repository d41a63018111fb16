import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client';
import { connectionNow, subscribeConnection, type Connection } from './reachability';

export type { Connection };

/**
 * 'offline' while the device has no network, 'unreachable' while it has but our server does not answer (the last
 * call failed, or the service worker answered it from its cache), else 'online'.
 */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, connectionNow, () => 'online');
}

/** True unless offline or the server cannot be reached. */
export const useOnline = () => useConnection() === 'online';

/** The server could not be reached at all (no answer): the device is offline, or the server is down. */
export const isNetworkError = (err: unknown): boolean => err instanceof ApiError && err.code === 'NETWORK_ERROR';
