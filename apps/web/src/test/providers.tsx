import { STORAGE_KEYS } from '@grandline/core/locales';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { PreferencesProvider } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';

/** Stored preferences a test starts from (the keys the app reads at start). */
export interface StoredPreferences {
  currency?: string;
  marketplace?: string;
  priceType?: string;
}

/**
 * Renders `ui` as the app would: a fresh query client with the app's defaults but no retries (a failure shows at
 * once), and the preferences read from localStorage, set here first.
 */
export function renderWithProviders(ui: ReactElement, prefs: StoredPreferences = {}) {
  localStorage.clear();
  if (prefs.currency) localStorage.setItem(STORAGE_KEYS.currency, prefs.currency);
  if (prefs.marketplace) localStorage.setItem(STORAGE_KEYS.marketplace, prefs.marketplace);
  if (prefs.priceType) localStorage.setItem(STORAGE_KEYS.priceType, prefs.priceType);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>{ui}</PreferencesProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** What a mocked API route answers: a JSON body (200), or a status with an error code. */
export type MockAnswer = unknown | { status: number; code: string };
const isFailure = (answer: unknown): answer is { status: number; code: string } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'code' in answer && Object.keys(answer).length === 2;

/**
 * Mocks fetch under the api-client: `answer` gets each request's URL (path and query) and returns the body. The spy's
 * calls list the URLs asked for.
 */
export function mockApi(answer: (url: URL) => MockAnswer | Promise<MockAnswer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const body = await answer(url);
    if (isFailure(body)) return new Response(JSON.stringify({ error: { code: body.code, message: body.code } }), { status: body.status });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

/** The URLs (path and query) fetch was asked for. */
export const requestedUrls = (spy: ReturnType<typeof mockApi>) => spy.mock.calls.map(([input]) => String(input));
