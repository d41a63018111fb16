import type { MatchRecord, MetaLeader } from '@grandline/core/contracts/tournaments';
import { formatNumber, formatPercent } from '@/lib/format';

/** A match record as players write it: wins-losses-ties, "5-1-0". */
export const recordText = (record: MatchRecord, language?: string) =>
  [record.wins, record.losses, record.ties].map((n) => formatNumber(n, language)).join('-');

/** A leader's wins, losses and ties as one record. */
export const leaderRecord = (leader: Pick<MetaLeader, 'wins' | 'losses' | 'ties'>): MatchRecord => ({ wins: leader.wins, losses: leader.losses, ties: leader.ties });

/** A share or a win rate as a percentage ("12.5%"); "—" when there is none (a leader without games). */
export const percentText = (ratio: number | null | undefined, language?: string) =>
  ratio === null || ratio === undefined ? '—' : formatPercent(ratio, language, { maximumFractionDigits: 1 });

/**
 * A trend line's points in a box of `width` × `height` (SVG's y grows downwards): one point per week, evenly spaced,
 * scaled to the largest value (at least `floor`, so a leader at 2 % does not draw as high as one at 40 %). One week
 * is drawn as a flat line across the box; none as nothing.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number, floor = 0): string {
  if (values.length === 0) return '';
  const top = Math.max(floor, ...values);
  const pad = 1.5;
  const y = (v: number) => (top > 0 ? pad + (height - 2 * pad) * (1 - v / top) : height - pad);
  const round = (n: number) => Math.round(n * 10) / 10;
  if (values.length === 1) return `0,${round(y(values[0]!))} ${width},${round(y(values[0]!))}`;
  const step = width / (values.length - 1);
  return values.map((v, i) => `${round(i * step)},${round(y(v))}`).join(' ');
}

/** Whether a trend rises, falls or stays flat: its last week against the mean of the weeks before it. */
export function trendDirection(values: readonly number[]): 'up' | 'down' | 'flat' {
  if (values.length < 2) return 'flat';
  const last = values.at(-1)!;
  const before = values.slice(0, -1);
  const mean = before.reduce((a, b) => a + b, 0) / before.length;
  const margin = Math.max(0.01, mean * 0.15);
  return last > mean + margin ? 'up' : last < mean - margin ? 'down' : 'flat';
}

/** The set part of a card number, as shops name a set: "OP01-001" → "OP01", "P-001" → "P". */
export const setCodeOf = (cardNumber: string) => cardNumber.split('-')[0] ?? cardNumber;

/**
 * A leader's label on the axis: its name, with its number when another leader of the chart has the same name (two
 * Monkey.D.Luffy), cut to fit, with no break (the axis would wrap "Donquixote Doflamingo" onto a second line).
 */
export function axisLabel(leader: { name: string; cardNumber: string }, sameName: boolean, max: number): string {
  const full = sameName ? `${leader.name} ${leader.cardNumber}` : leader.name;
  const cut = full.length > max ? `${full.slice(0, max - 1).trimEnd()}…` : full;
  return cut.replaceAll(' ', '\u00a0');
}
