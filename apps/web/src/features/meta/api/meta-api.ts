import type {
  BuildableQuery,
  BuildableResponse,
  MetaLeaderDetail,
  MetaLeadersResponse,
  MetaQuery,
  TournamentDetail,
  TournamentListQuery,
  TournamentListResponse,
} from '@grandline/core/contracts/tournaments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';

/** What the web asks of the list of tournaments (the contract's input, its coerced numbers as numbers). */
export type TournamentsParams = Omit<TournamentListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number };
/** What the web asks of the buildable lists. */
export type BuildableParams = Omit<BuildableQuery, 'limit'> & { limit?: number };

/** Tournament results change once a day at most (the fetch job): fresh for 5 minutes. */
const META_TIMES = { staleTime: 5 * 60_000, gcTime: 15 * 60_000 };

const metaKeys = {
  all: ['meta'] as const,
  leaders: (query: MetaQuery) => ['meta', 'leaders', query] as const,
  leader: (cardNumber: string, query: MetaQuery) => ['meta', 'leader', cardNumber, query] as const,
  tournaments: (query: TournamentsParams) => ['meta', 'tournaments', query] as const,
  tournament: (id: string) => ['meta', 'tournament', id] as const,
  buildable: (query: BuildableParams) => [USER_SCOPE, 'meta', 'buildable', query] as const,
};

/** GET /api/meta/leaders: each leader's decks, share, record and weekly trend in the window. */
export const metaLeadersQuery = (query: MetaQuery) =>
  queryOptions({
    queryKey: metaKeys.leaders(query),
    queryFn: ({ signal }) => apiGet<MetaLeadersResponse>('/meta/leaders', { ...query }, { signal }),
    placeholderData: keepPreviousData,
    ...META_TIMES,
  });

/** GET /api/meta/leaders/{cardNumber}: the leader's consensus list and its lists by placing. */
export const leaderQuery = (cardNumber: string, query: MetaQuery) =>
  queryOptions({
    queryKey: metaKeys.leader(cardNumber, query),
    queryFn: ({ signal }) => apiGet<MetaLeaderDetail>(`/meta/leaders/${encodeURIComponent(cardNumber)}`, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    ...META_TIMES,
  });

/** GET /api/tournaments: newest first. */
export const tournamentsQuery = (query: TournamentsParams) =>
  queryOptions({
    queryKey: metaKeys.tournaments(query),
    queryFn: ({ signal }) => apiGet<TournamentListResponse>('/tournaments', { ...query }, { signal }),
    placeholderData: keepPreviousData,
    ...META_TIMES,
  });

/** Whether any tournament was ever stored: none on a fresh install, whose page then says what to configure. */
export const anyTournamentQuery = () => tournamentsQuery({ format: 'all', pageSize: 1 });

/** GET /api/tournaments/{id}: the tournament and its standings (no player is named: the data has no names). */
export const tournamentQuery = (id: string) =>
  queryOptions({
    queryKey: metaKeys.tournament(id),
    queryFn: ({ signal }) => apiGet<TournamentDetail>(`/tournaments/${encodeURIComponent(id)}`, undefined, { signal }),
    ...META_TIMES,
  });

/** GET /api/meta/buildable (signed in): the best-placed lists, cheapest to finish from the user's binders first. */
export const buildableQuery = (query: BuildableParams) =>
  queryOptions({
    queryKey: metaKeys.buildable(query),
    queryFn: ({ signal }) => apiGet<BuildableResponse>('/meta/buildable', { ...query }, { signal }),
    staleTime: 60_000,
  });

export const useMetaLeaders = (query: MetaQuery) => useQuery(metaLeadersQuery(query));
export const useLeader = (cardNumber: string, query: MetaQuery) => useQuery(leaderQuery(cardNumber, query));
export const useTournaments = (query: TournamentsParams) => useQuery(tournamentsQuery(query));
export const useTournament = (id: string) => useQuery(tournamentQuery(id));
export const useBuildable = (query: BuildableParams, enabled = true) => useQuery({ ...buildableQuery(query), enabled });
