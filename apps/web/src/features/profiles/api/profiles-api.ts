import type { MeResponse } from '@grandline/core/contracts/account';
import type { FeedResponse, FollowListResponse, FollowStateResponse, PublicProfileResponse } from '@grandline/core/contracts/profiles';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend, apiUpload } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';

export const profileKeys = {
  all: () => ['profiles'] as const,
  /** Lower-cased: /u/Bob and /u/bob are one profile. */
  profile: (username: string) => ['profiles', username.toLowerCase()] as const,
  follows: (username: string, side: 'followers' | 'following') => ['profiles', username.toLowerCase(), side] as const,
  feed: () => [USER_SCOPE, 'feed'] as const,
};

const path = (username: string) => `/profiles/${encodeURIComponent(username)}`;

export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.profile(username),
    queryFn: ({ signal }) => apiGet<PublicProfileResponse>(path(username), undefined, { signal }),
    staleTime: 60_000,
  });

export const followListQuery = (username: string, side: 'followers' | 'following') =>
  infiniteQueryOptions({
    queryKey: profileKeys.follows(username, side),
    queryFn: ({ signal, pageParam }) => apiGet<FollowListResponse>(`${path(username)}/${side}`, { cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const feedQuery = () =>
  infiniteQueryOptions({
    queryKey: profileKeys.feed(),
    queryFn: ({ signal, pageParam }) => apiGet<FeedResponse>('/feed', { cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });

export const profilesApi = {
  follow: (username: string) => apiSend<FollowStateResponse>('PUT', `${path(username)}/follow`),
  unfollow: (username: string) => apiSend<FollowStateResponse>('DELETE', `${path(username)}/follow`),
  uploadAvatar: (file: Blob) => apiUpload<MeResponse>('/me/avatar', file, { method: 'PUT' }),
  removeAvatar: () => apiSend<MeResponse>('DELETE', '/me/avatar'),
};
