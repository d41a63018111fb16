/**
 * BENCH_ONLY=render writes latest.{json,md} again from latest.json: a summary must carry every part's figures, so a
 * second render is the first one (the signed-in /api/me and the mixed PostgreSQL rows were once dropped).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { report, type Measured } from './report';

const saved = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'results/latest.json'), 'utf8')) as Measured;

describe('bench report', () => {
  it('keeps every part through a render of its own summary', () => {
    const measured: Measured = {
      ...saved,
      code: { commit: '0123456789ab', changed: false },
      me: { name: 'signed-in GET /api/me', path: '/api/me', requestsPerSec: 2100, p50Ms: 12, p99Ms: 30, errors: 0, non2xx: 0 },
      mixed: { connections: 16, seconds: 10, workers: '2', requestsPerSec: 900, p50Ms: 14, p99Ms: 41, non2xx: 0, errors: 0 },
      tournaments: {
        tournaments: 200,
        standings: 64,
        requests: 405,
        ingestMs: 12_000,
        ingest: { status: 'succeeded', tournaments: 200, standings: 12_800, skipped: 0, unmatched: 0, failed: 0 },
        againMs: 40,
        storedLists: 12_800,
      },
      phone: {
        throttle: 4,
        runs: 5,
        binderRows: 2000,
        deckCards: 50,
        headings: [{ page: '/dashboard', runsMs: [900, 1000, 1100, 1200, 1300], medianMs: 1100, fcpMs: [300, 310, 320, 330, 340], spinnerRuns: 5, spinnerFrames: 40, timeline: 'none@8 placeholder@300 heading@1100' }],
        interactions: [{ interaction: 'card library: grid → list', runsMs: [16, 16, 300, 310, 320], medianMs: 300, underThreshold: 2 }],
        shifts: [
          { page: '/dashboard', width: 390, throttle: 4, runs: [0, 0.031, 0.031, 0.04, 0], median: 0.031, worst: ['0.0400@812: div.flex'] },
          { page: '/dashboard', width: 1366, throttle: 1, runs: [0, 0, 0, 0, 0], median: 0, worst: [] },
        ],
        firstVisit: [{ path: '/cards', files: 54, gzipKB: 236.8, scripts: [{ file: '/assets/react.js', gzipKB: 65.9 }] }],
        lighthouse: [{ page: '/dashboard', performance: 80, accessibility: 100 }],
        durationS: 400,
      },
    };
    const first = report(measured);
    expect(first.md).toContain('signed-in GET /api/me / health throughput');
    expect(first.md).toContain('mixed signed-in load');
    expect(first.md).toContain('commit `0123456789ab`');
    expect(first.md).toContain('Limitless ingest, 200 tournaments × 64 standings');
    expect(first.md).toContain('| signed-in heading, /dashboard (4× CPU, median of 5) | 1100 ms');
    expect(first.md).toContain('INP, card library: grid → list');
    expect(first.md).toContain('| layout shift, /dashboard at 390 px (phone, 4× CPU, median of 5) | 0.031 (runs 0, 0.031, 0.031, 0.04, 0) | ≤ 0.02 | MISS |');
    expect(first.md).toContain('| layout shift, /dashboard at 1366 px (desktop, unthrottled, median of 5) | 0 (runs 0, 0, 0, 0, 0) | ≤ 0.02 | pass |');
    const again = report(first.summary as unknown as Measured);
    expect(again.md).toBe(first.md);
    expect(again.summary).toEqual(first.summary);
  });
});
