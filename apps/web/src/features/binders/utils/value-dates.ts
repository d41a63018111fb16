import type { VALUE_HISTORY_RANGES } from '@grandline/core/contracts/prices';
import { formatDay } from '@/lib/format';

/*
 * Days of a value history ('YYYY-MM-DD', UTC calendar days) written in the UI language.
 */

export type ValueRange = (typeof VALUE_HISTORY_RANGES)[number];

/** "23 November 2026" (tooltips). */
export const longDay = (day: string, language?: string) => formatDay(day, { dateStyle: 'long' }, language);

/** A chart tick: "12 Nov" up to 90 days, "Nov 26" over a year. */
export const axisDay = (day: string, range: ValueRange, language?: string) =>
  formatDay(day, range === '365' ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' }, language);

/** Whether a history has anything to draw: some day with a value. */
export const hasHistory = (points: readonly { total: number }[]) => points.some((p) => p.total > 0);

/** The change over the range, first day to last, as cents and a fraction (null when the first day had no value). */
export function rangeChange(points: readonly { total: number }[]): { change: number; ratio: number | null } | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;
  const change = last.total - first.total;
  return { change, ratio: first.total > 0 ? change / first.total : null };
}
