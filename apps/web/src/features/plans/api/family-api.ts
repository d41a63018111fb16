import type { FamilyBindersResponse, FamilyResponse } from '@grandline/core/contracts/family';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { USER_SCOPE, useSession } from '@/lib/session';
import { billingKeys } from './billing-api';

const familyKeys = {
  all: () => [USER_SCOPE, 'family'] as const,
  family: () => [USER_SCOPE, 'family', 'detail'] as const,
  binders: () => [USER_SCOPE, 'family', 'binders'] as const,
};

/** The user's family (GET /api/family): role, owner, members, invitations sent and received. */
const familyQuery = () => queryOptions({ queryKey: familyKeys.family(), queryFn: ({ signal }) => apiGet<FamilyResponse>('/family', undefined, { signal }), staleTime: 30_000 });

export function useFamily() {
  const { signedIn } = useSession();
  return useQuery({ ...familyQuery(), enabled: signedIn });
}

/** The binders the rest of the family shares (GET /api/family/binders). */
export const useFamilyBinders = (enabled: boolean) =>
  useQuery({ queryKey: familyKeys.binders(), queryFn: ({ signal }) => apiGet<FamilyBindersResponse>('/family/binders', undefined, { signal }), enabled, staleTime: 30_000 });

/** A change answers the family as it now is; the plan may have changed with it (joining, leaving). */
async function changed(next: Promise<FamilyResponse>) {
  const family = await next;
  queryClient.setQueryData(familyKeys.family(), family);
  void queryClient.invalidateQueries({ queryKey: familyKeys.binders() });
  void queryClient.invalidateQueries({ queryKey: billingKeys.status() });
  return family;
}

export const familyApi = {
  invite: (email: string) => changed(apiSend<FamilyResponse>('POST', '/family/invites', { email })),
  accept: (id: string) => changed(apiSend<FamilyResponse>('POST', `/family/invites/${encodeURIComponent(id)}/accept`)),
  deleteInvite: (id: string) => changed(apiSend<FamilyResponse>('DELETE', `/family/invites/${encodeURIComponent(id)}`)),
  remove: (userId: string) => changed(apiSend<FamilyResponse>('DELETE', `/family/members/${encodeURIComponent(userId)}`)),
};
