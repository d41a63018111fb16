import type { Comment, CommentListResponse, ReportedCommentListResponse } from '@grandline/core/contracts/comments';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/session';

/** What comments are on: a deck (/deck/{id}) or a binder (/collection/{id}). */
export type CommentItemKind = 'deck' | 'binder';

/**
 * Lists carry the viewer's rights (canDelete, reportedByMe), so they live under the user's scope: a sign-in or
 * sign-out drops them and they are asked for again as the new viewer.
 */
const commentKeys = {
  all: () => [USER_SCOPE, 'comments'] as const,
  list: (kind: CommentItemKind, id: string) => [USER_SCOPE, 'comments', kind, id] as const,
  reported: () => [USER_SCOPE, 'admin-reported-comments'] as const,
  reportedPage: (page: number, pageSize: number) => [USER_SCOPE, 'admin-reported-comments', page, pageSize] as const,
};

const itemPath = (kind: CommentItemKind, id: string) => `/${kind === 'deck' ? 'decks' : 'binders'}/${encodeURIComponent(id)}/comments`;

/** Newest first, 20 a page; "Load more" asks for the next (older) page. */
const commentsQuery = (kind: CommentItemKind, id: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(kind, id),
    queryFn: ({ signal, pageParam }) => apiGet<CommentListResponse>(itemPath(kind, id), { cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export const useComments = (kind: CommentItemKind, id: string) => useInfiniteQuery(commentsQuery(kind, id));

const commentsApi = {
  post: (kind: CommentItemKind, id: string, text: string) => apiSend<Comment>('POST', itemPath(kind, id), { text }),
  remove: (commentId: string) => apiSend<void>('DELETE', `/comments/${encodeURIComponent(commentId)}`),
  report: (commentId: string, reason: string) => apiSend<void>('POST', `/comments/${encodeURIComponent(commentId)}/report`, reason ? { reason } : {}),
  dismissReports: (commentId: string) => apiSend<void>('DELETE', `/admin/comments/${encodeURIComponent(commentId)}/reports`),
};

/** Every change of a comment reads the lists (and the admin's reported list) again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: commentKeys.all() }).then(() => queryClient.invalidateQueries({ queryKey: commentKeys.reported() }));
}

export function usePostComment(kind: CommentItemKind, id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (text: string) => commentsApi.post(kind, id, text), onSuccess: refresh });
}

export function useDeleteComment() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: commentsApi.remove, onSuccess: refresh });
}

export function useReportComment() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ commentId, reason }: { commentId: string; reason: string }) => commentsApi.report(commentId, reason), onSuccess: refresh });
}

/** The admin area's reported comments, the most recently reported first. */
const reportedCommentsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: commentKeys.reportedPage(page, pageSize),
    queryFn: ({ signal }) => apiGet<ReportedCommentListResponse>('/admin/comments/reported', { page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useReportedComments = (page: number, pageSize: number) => useQuery(reportedCommentsQuery(page, pageSize));

export function useDismissReports() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: commentsApi.dismissReports, onSuccess: refresh });
}
