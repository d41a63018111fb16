import type { AuthOptionsResponse } from '@grandline/core/contracts/account';
import type { LanguageCode, Theme } from '@grandline/core/locales';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What the server drew a page with (entry-server.tsx), sent beside it as JSON in
 * `<script type="application/json" id="ssr-state">`: the browser hydrates only when it would draw the same.
 */
export interface SsrState {
  /** The render preferences read from the cookie (storage.ts RENDER_PREFERENCE_KEYS). */
  storage: Record<string, string>;
  language: LanguageCode;
  theme: Theme;
  /** The width the page was laid out for: a phone's or a desktop's, guessed from the request. */
  viewportWidth: number;
  auth: AuthOptionsResponse | null;
  queries: DehydratedState;
  router: HydrationState;
}

export const SSR_STATE_ID = 'ssr-state';

/** The width a server-drawn page assumes: 390 for phones, 1280 otherwise. */
export const viewportWidthFor = (mobile: boolean) => (mobile ? 390 : 1280);
