import { marketplaceOf, type MarketplaceId } from '../marketplaces';
import type { CurrencyCode } from '../money/currencies';

/**
 * Demonstration prices: on a fresh clone with no price source configured, every print has a deterministic price in
 * every market on every day, computed — never stored as history — from its card number and variant. The same print,
 * market and day always give the same figures, on every replica, so a year of history costs nothing to keep.
 * Every answer that carries them says `demo: true` and every screen says "Demo prices — not market data".
 */
export interface DemoPrint {
  cardNumber: string;
  variant: string | null;
  rarity: string;
}

/** Markets with their own demo series (br is the estimate from us, as with real data), in their source currency. */
export const DEMO_MARKETS: readonly { market: MarketplaceId; currency: CurrencyCode; factor: number }[] = (
  [
    { market: 'us', factor: 1 },
    { market: 'market3', factor: 0.88 },
    { market: 'market5', factor: 0.83 },
    { market: 'market4', factor: 6.1 },
  ] as const
).map((m) => ({ ...m, currency: marketplaceOf(m.market)!.sourceCurrency }));

/** How many days back the demo history reaches. */
export const DEMO_HISTORY_DAYS = 365;

/** FNV-1a over the text: a stable 32-bit seed. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) from a seed (mulberry32's mixing step). */
function unit(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Typical US price range of a rarity, in dollars. */
const RARITY_RANGE: Record<string, [number, number]> = {
  C: [0.05, 0.6],
  UC: [0.1, 1],
  R: [0.25, 4],
  SR: [1.5, 30],
  SEC: [15, 160],
  L: [0.4, 12],
  'SP CARD': [25, 300],
  TR: [15, 90],
  P: [1, 20],
};

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of a YYYY-MM-DD day, and back. Day texts are cached: a year of charts asks the same ones. */
export const dayNumberOf = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayTexts = new Map<number, string>();
export function dayOfNumber(n: number): string {
  let text = dayTexts.get(n);
  if (text === undefined) {
    text = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size > 20_000) dayTexts.clear();
    dayTexts.set(n, text);
  }
  return text;
}

interface DemoShape {
  currency: CurrencyCode;
  factor: number;
  seed: number;
  level: number;
  drift: number;
  marketSeed: number;
  lowShare: number;
  highShare: number;
}

function shapeOf(print: DemoPrint, market: MarketplaceId): DemoShape | null {
  const spec = DEMO_MARKETS.find((m) => m.market === market);
  if (!spec) return null;
  const seed = seedOf(`${print.cardNumber}|${print.variant ?? ''}`);
  const [low, high] = RARITY_RANGE[print.rarity.toUpperCase()] ?? [0.2, 5];
  // Log-uniform level within the rarity's range; alternate arts cost 3–15× their base print.
  let level = low * (high / low) ** unit(seed);
  if (print.variant?.startsWith('p')) level *= 3 + 12 * unit(seed ^ 0x9e3779b9);
  return {
    currency: spec.currency,
    factor: spec.factor,
    seed,
    level,
    drift: (unit(seed ^ 0x85ebca6b) - 0.5) * 0.8,
    marketSeed: seedOf(market),
    lowShare: 0.6 + 0.25 * unit(seed ^ 0xc2b2ae35),
    highShare: 1.5 + 2 * unit(seed ^ 0x27d4eb2f),
  };
}

function figuresOn(shape: DemoShape, n: number): { min: number; avg: number; max: number } {
  const { seed } = shape;
  // A slow four-year swing plus two waves, each with the print's own phase; the market adds its own small wave.
  const wave =
    1 +
    shape.drift * Math.sin((2 * Math.PI * (n + (seed % 1461))) / 1461) +
    0.12 * Math.sin((2 * Math.PI * (n + (seed % 97))) / 97) +
    0.05 * Math.sin((2 * Math.PI * (n + ((seed >>> 8) % 29))) / 29) +
    0.03 * Math.sin((2 * Math.PI * (n + (shape.marketSeed % 13))) / 13);
  const avgUnits = Math.max(0.02, shape.level * shape.factor * Math.max(0.3, wave));
  const avg = Math.max(1, Math.round(avgUnits * 100));
  const min = Math.max(1, Math.round(avg * shape.lowShare));
  const max = Math.max(avg, Math.round(avg * shape.highShare));
  return { min, avg, max };
}

/** The demo figures of a print in a market on a day, in cents of the market's demo currency. */
export function demoPrice(print: DemoPrint, market: MarketplaceId, day: string): { currency: string; min: number; avg: number; max: number } | null {
  const shape = shapeOf(print, market);
  return shape ? { currency: shape.currency, ...figuresOn(shape, dayNumberOf(day)) } : null;
}

/** The demo figures of `count` days from `firstDay` on (a chart's range), the print's shape computed once. */
export function demoSeries(print: DemoPrint, market: MarketplaceId, firstDay: string, count: number) {
  const shape = shapeOf(print, market);
  if (!shape) return null;
  const first = dayNumberOf(firstDay);
  const points: { date: string; min: number; avg: number; max: number }[] = [];
  for (let i = 0; i < count; i++) points.push({ date: dayOfNumber(first + i), ...figuresOn(shape, first + i) });
  return { currency: shape.currency, points };
}
