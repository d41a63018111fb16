/** The bench's settings (environment variables) and its log line, shared by run.ts and the modules it runs. */
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const port = Number(process.env.BENCH_PORT ?? 3900);
export const base = `http://127.0.0.1:${port}`;
export const duration = Number(process.env.BENCH_DURATION ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const skipLighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1';

export function log(msg: string) {
  process.stdout.write(`[bench] ${msg}\n`);
}

/** The value at fraction `p` (0–1) of sorted figures, rounded to `digits` decimals. */
export const percentile = (sorted: readonly number[], p: number, digits = 1) => +sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(digits);
