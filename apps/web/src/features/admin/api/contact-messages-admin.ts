import type { AdminContactMessage, AdminContactMessageListResponse, AdminContactMessagesQuery } from '@grandline/core/contracts/contact';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';

/** The contact form's messages in the admin area: under the user scope, so they are dropped at sign-out. */
const contactMessageKeys = {
  all: [USER_SCOPE, 'admin-contact-messages'] as const,
  list: (query: AdminContactMessagesQuery) => [...contactMessageKeys.all, query] as const,
};

const contactMessagesQuery = (query: AdminContactMessagesQuery) =>
  queryOptions({
    queryKey: contactMessageKeys.list(query),
    queryFn: ({ signal }) => apiGet<AdminContactMessageListResponse>('/admin/contact-messages', query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** A page of messages, newest first: open, handled or all. */
export const useContactMessages = (query: AdminContactMessagesQuery) => useQuery(contactMessagesQuery(query));

/** Marks a message handled or open again; every list is read again after (the message moves between filters). */
export function useSetContactMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => apiSend<AdminContactMessage>('PATCH', `/admin/contact-messages/${encodeURIComponent(id)}`, { handled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
