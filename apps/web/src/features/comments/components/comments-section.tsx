import { lazy, Suspense, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { CommentItemKind } from '@/features/comments/api/comments-api';
import { loadNamespaces } from '@/lib/i18n';
import { useHydrated } from '@/lib/use-hydrated';
import { useNearScreen } from '@/lib/use-near-screen';

/**
 * The panel's code and texts load together, and only when the section comes near the screen: a visitor's first render
 * of a public deck or binder (drawn by the server, then hydrated) carries none of it.
 */
const CommentsPanel = lazy(() => Promise.all([import('./comments-panel'), loadNamespaces(['comments', 'account'])]).then(([m]) => ({ default: m.CommentsPanel })));

/** How far below the screen the section starts loading. */
const AHEAD = '600px 0px';

function Placeholder() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-24" />
      <Skeleton className="h-16" />
    </div>
  );
}

/**
 * Comments under a public deck or binder. Until the page is hydrated and the section is near the screen, a
 * placeholder of fixed height holds its place (the server's drawing and the hydration are the same); then the panel
 * (list, form, dialogs) loads and asks for the comments, in the browser only.
 */
export function CommentsSection({ kind, id }: { kind: CommentItemKind; id: string }) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const shown = useNearScreen(ref, { ahead: AHEAD, enabled: hydrated });
  return (
    <div ref={ref} className="mt-10 min-h-64 border-t border-border pt-6" data-testid="comments-section">
      {shown ? (
        <Suspense fallback={<Placeholder />}>
          <CommentsPanel kind={kind} id={id} />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </div>
  );
}
