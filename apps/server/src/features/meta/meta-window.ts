import type { MetaFormat } from '@grandline/core/contracts/tournaments';
import { sql, type SQL } from 'drizzle-orm';
import { tournaments } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/*
 * The window of days the meta reads: `from` and `to` inclusive, UTC calendar days. Without them, the last 30 days
 * ending today (UTC): `to` = today, `from` = today − 29. With only `to`, the 30 days ending then; with only `from`, from
 * then to today. `from` after `to` is a 400. Any length is a valid question (the issue bounds none); only the weekly
 * trend is bounded: it covers the last MAX_TREND_DAYS of the window.
 */

const DEFAULT_WINDOW_DAYS = 30;
/** Ten years: more than the game has existed; bounds the weeks of the trend (about 520). */
const MAX_TREND_DAYS = 3660;

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const utcToday = () => dayOf(Date.now());
export const addDays = (day: string, days: number) => dayOf(dayMs(day) + days * DAY_MS);

export interface Window {
  from: string;
  to: string;
}

/** `from` after `to` (both given): the 400 every read of tournaments answers. */
export function checkOrder(from: string | undefined, to: string | undefined) {
  if (from && to && from > to) throw new AppError('VALIDATION_ERROR', 400, `Invalid window: "from" (${from}) is after "to" (${to})`);
}

/** The window asked for, with the defaults filled in; a 400 when it is reversed. */
export function resolveWindow({ from, to }: { from?: string; to?: string }, today = utcToday()): Window {
  checkOrder(from, to);
  const end = to ?? (from && from > today ? from : today);
  const start = from ?? addDays(end, -(DEFAULT_WINDOW_DAYS - 1));
  return { from: start, to: end };
}

/** The Monday of a day's ISO week. */
export function mondayOf(day: string) {
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(ms - weekday * DAY_MS);
}

/**
 * The Mondays of every ISO week the window touches, oldest first; of a window longer than MAX_TREND_DAYS, the weeks of
 * its last MAX_TREND_DAYS days (the decks of earlier weeks count in every figure but the trend).
 */
export function weeksOf({ from, to }: Window): string[] {
  const trendFrom = dayMs(from) < dayMs(to) - (MAX_TREND_DAYS - 1) * DAY_MS ? addDays(to, -(MAX_TREND_DAYS - 1)) : from;
  const out: string[] = [];
  for (let ms = dayMs(mondayOf(trendFrom)); ms <= dayMs(to); ms += 7 * DAY_MS) out.push(dayOf(ms));
  return out;
}

/** The tournaments of the window and format (`all`: both), as an SQL condition. */
export function inWindow({ from, to }: Partial<Window>, format: MetaFormat): SQL {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${tournaments.day} >= ${from}`);
  if (to) parts.push(sql`${tournaments.day} <= ${to}`);
  if (format !== 'all') parts.push(sql`${tournaments.format} = ${format}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
