import {
  TOURNAMENT_RUN_STALE_MS,
  type TournamentAdminItem,
  type TournamentAdminResponse,
  type TournamentFormat,
  type TournamentRun,
  type TournamentRunResponse,
  type TournamentUploadRequest,
  type TournamentUploadResponse,
} from '@grandline/core/contracts/tournaments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';
import { RUN_POLL_MS } from './price-admin-keys';

/** The admin's tournament screen: under the user scope, so it is dropped at sign-out. */
const tournamentAdminKey = [USER_SCOPE, 'admin-tournaments'] as const;

/** A run going (not one a stopped process left `running`). */
export const isRunning = (run: Pick<TournamentRun, 'status' | 'startedAt'>) => run.status === 'running' && Date.now() - Date.parse(run.startedAt) < TOURNAMENT_RUN_STALE_MS;

/** Asked every 5 s while a run is going, or while `watching` (a run was just asked for and has not shown yet). */
const tournamentAdminQuery = (watching: boolean) =>
  queryOptions({
    queryKey: tournamentAdminKey,
    queryFn: ({ signal }) => apiGet<TournamentAdminResponse>('/admin/tournaments', undefined, { signal }),
    refetchInterval: (query) => (watching || query.state.data?.runs.some(isRunning) ? RUN_POLL_MS : false),
  });

/** The sources configured on the server, the last runs, the numbers the library lacks and the newest tournaments. */
export const useTournamentAdmin = (watching: boolean) => useQuery(tournamentAdminQuery(watching));

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tournamentAdminKey });
}

/** "Run now": the server starts the source's job and answers at once (202); the runs show how it goes. */
export function useRunTournamentSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (source: TournamentRunResponse['source']) => apiSend<TournamentRunResponse>('POST', '/admin/tournaments/run', { source }),
    onSettled: refresh,
  });
}

/** One tournament's two documents, as JSON. */
export function useUploadTournament() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (documents: TournamentUploadRequest) => apiSend<TournamentUploadResponse>('POST', '/admin/tournaments/upload', documents),
    onSuccess: refresh,
  });
}

/** An admin's correction of a tournament's format (its lists follow). */
export function useCorrectTournamentFormat() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, format }: { id: string; format: TournamentFormat }) => apiSend<TournamentAdminItem>('PATCH', `/admin/tournaments/${encodeURIComponent(id)}`, { format }),
    onSuccess: refresh,
  });
}
