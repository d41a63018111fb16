import { Day, META_FORMATS, type MetaFormat, type MetaQuery } from '@grandline/core/contracts/tournaments';

/*
 * What /meta and a leader's page show, as their address holds it: the window (the last 7, 30 or 90 days, or a custom
 * from–to) and the format. `?window=90&format=all`, `?window=custom&from=2025-05-01&to=2025-05-31`. The defaults
 * (30 days, standard: the API's own) are left out of the address.
 */

export const META_WINDOWS = ['7', '30', '90', 'custom'] as const;
export type MetaWindow = (typeof META_WINDOWS)[number];
const DEFAULT_WINDOW: MetaWindow = '30';
const DEFAULT_FORMAT: MetaFormat = 'standard';

export interface MetaView {
  window: MetaWindow;
  format: MetaFormat;
  /** A custom window's days (YYYY-MM-DD); a bound left out is open (the API's default). */
  from?: string;
  to?: string;
}

const isDay = (value: string | null | undefined): value is string => typeof value === 'string' && Day.safeParse(value).success;

/** The view an address asks for; anything unknown or malformed falls back to the default. */
export function metaViewFromParams(params: URLSearchParams): MetaView {
  const asked = params.get('window');
  const window = (META_WINDOWS as readonly string[]).includes(asked ?? '') ? (asked as MetaWindow) : DEFAULT_WINDOW;
  const format = (META_FORMATS as readonly string[]).includes(params.get('format') ?? '') ? (params.get('format') as MetaFormat) : DEFAULT_FORMAT;
  if (window !== 'custom') return { window, format };
  const from = params.get('from');
  const to = params.get('to');
  const view: MetaView = { window, format };
  if (isDay(from)) view.from = from;
  if (isDay(to)) view.to = to;
  // A window given backwards is read the right way round.
  if (view.from && view.to && view.from > view.to) [view.from, view.to] = [view.to, view.from];
  return view;
}

/**
 * The address's parameters for a view, with `keep` (other parameters of the page, such as the chosen list) kept;
 * the defaults are left out so /meta stays /meta.
 */
export function metaParamsOf(view: MetaView, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(keep);
  for (const key of ['window', 'format', 'from', 'to']) params.delete(key);
  if (view.window !== DEFAULT_WINDOW) params.set('window', view.window);
  if (view.format !== DEFAULT_FORMAT) params.set('format', view.format);
  if (view.window === 'custom') {
    if (view.from) params.set('from', view.from);
    if (view.to) params.set('to', view.to);
  }
  return params;
}

/** A day moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Today in UTC, the days tournaments are stored in. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/**
 * What the API is asked for a view. The last 30 days is the API's default window and is asked as such (the deck
 * page's "in the last 30 days" asks the same), so both count the same decks; 7 and 90 days end today, as it does.
 */
export function metaQueryOf(view: MetaView, today: string): MetaQuery {
  const query: MetaQuery = { format: view.format };
  if (view.window === 'custom') {
    if (view.from) query.from = view.from;
    if (view.to) query.to = view.to;
  } else if (view.window !== DEFAULT_WINDOW) {
    query.to = today;
    query.from = addDays(today, -(Number(view.window) - 1));
  }
  return query;
}

/** The link to a leader's page for the same window and format (and, when given, one of its lists). */
export function leaderPath(cardNumber: string, view?: MetaView, list?: string): string {
  const params = view ? metaParamsOf(view) : new URLSearchParams();
  if (list) params.set('list', list);
  const search = params.toString();
  return `/meta/leaders/${encodeURIComponent(cardNumber)}${search ? `?${search}` : ''}`;
}

/** The link to /meta for a view. */
export function metaPath(view?: MetaView): string {
  const search = view ? metaParamsOf(view).toString() : '';
  return `/meta${search ? `?${search}` : ''}`;
}
