import { queryClient } from '@/lib/query-client';
import { showcaseQueryOptions } from './get-showcase';

/** /: the showcase of leaders starts loading with the page's code (the router runs this beside the lazy module). */
export function landingLoader() {
  void queryClient.prefetchQuery(showcaseQueryOptions());
  return null;
}
