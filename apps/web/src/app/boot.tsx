// First: starts downloading the active language's texts before the router asks for the first page's code.
import { initI18n, initialLanguage } from '@/lib/i18n';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { setHydrating } from '@/lib/use-hydrated';
import { setAssumedTheme } from '@/lib/preferences';
import { preloadForHydration } from '@/lib/preloadable';
import { queryClient } from '@/lib/query-client';
import { sessionQuery, setAuthOptions } from '@/lib/session';
import { SSR_STATE_ID, type SsrState } from '@/lib/ssr-state';
import { renderPreferences, writePreferenceCookie } from '@/lib/storage';
import { setToastNavigator } from '@/lib/toast';
import { nextTurn } from '@/lib/next-turn';
import { replayEarlyInput } from '@/lib/early-input';
import { setAssumedViewportWidth } from '@/lib/use-media-query';
import { createAppRouter } from './router';

/**
 * The state of a page the server drew (entry-server.tsx), when this browser would draw the same: the same stored
 * preferences and language. Otherwise (a cookie older than a change, say) the page is drawn here afresh.
 */
function serverDrawnState(): SsrState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  let state: SsrState;
  try {
    state = JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
  const stored = renderPreferences();
  const keys = new Set([...Object.keys(stored), ...Object.keys(state.storage ?? {})]);
  for (const key of keys) if (stored[key] !== state.storage[key]) return null;
  return state.language === initialLanguage() ? state : null;
}

const drawn = serverDrawnState();
// The cookie follows this browser's stored preferences (written on each change; here for those kept before it).
writePreferenceCookie();

if (drawn) {
  setAssumedViewportWidth(drawn.viewportWidth);
  setAssumedTheme(drawn.theme);
  setHydrating(true);
}
await initI18n();
if (drawn) {
  setAuthOptions(drawn.auth);
  hydrate(queryClient, drawn.queries);
}
// Each step in its own turn (lib/next-turn.ts): together they held a phone's main thread in one long task.
await nextTurn();
const router = await createAppRouter(drawn?.router);
await nextTurn();
// The lazy parts the drawn page shows (its routes' modules, just loaded, have registered theirs).
if (drawn) {
  await preloadForHydration(drawn.viewportWidth, Boolean(queryClient.getQueryData(sessionQuery.queryKey)));
  await nextTurn();
} else {
  // A page drawn here is mostly a signed-in user's (a visitor's pages come drawn by the server): the parts its first
  // frame shows while the session loads (the sidebar's saved searches hold their place) are there for it, as when
  // they were in the shell — nothing moves when they arrive.
  await preloadForHydration(window.innerWidth, true);
}
setToastNavigator((to) => void router.navigate(to));

const container = document.getElementById('root')!;
// How this page was drawn, for the end-to-end tests and anyone looking: hydrated from the server's HTML, or here. From
// here on React hears input itself (public/preferences-init.js stops keeping it for replay).
document.documentElement.dataset.drawn = drawn ? 'server' : 'browser';
/**
 * Marks <html data-hydrated> once the first drawing (hydration or render) has committed: the page answers input. The
 * taps and submits made on the server's drawing before the app started are replayed then (lib/early-input.ts).
 */
function Committed() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    void replayEarlyInput();
  }, []);
  return null;
}
const app = (
  <StrictMode>
    <App router={router} />
    <Committed />
  </StrictMode>
);
if (drawn) {
  // Hydrated as a transition: React yields to the browser every few milliseconds instead of holding the page for
  // the whole tree, and the page the server drew stays interactive-looking meanwhile.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // Rendered at normal priority, like the router's updates (app.tsx): a render that is a transition is thrown away
  // and restarted by every update that arrives while it runs (a query's answer, a lazy chunk), and on a busy
  // device the page could stay on its placeholders for many seconds (ADR 012).
  createRoot(container).render(app);
}
