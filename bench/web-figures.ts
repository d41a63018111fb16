/** What a browser gets of the built web app: the first visit's JavaScript and CSS (gzip), and Lighthouse's scores. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromePath } from './images';
import { base, log, root } from './bench-env';

/** Gzip (level 9) size of a built file of apps/web/dist. */
const distGzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(root, 'apps/web/dist', file)), { level: 9 }).length;

/** The CSS index.html links (gzip). */
export function initialCssGzip(): number {
  const html = fs.readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  return [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].reduce((sum, m) => sum + distGzip(m[1]!), 0);
}

/**
 * The JavaScript a first visit of the home page loads (gzip, level 9, of each built file): every script Chromium
 * fetched from a fresh profile until the network was quiet — the entry, the app's code main.tsx imports after the
 * first paint, the page's own modules and the preloads the server listed. (index.html's entry alone is 2 KB.)
 */
export async function firstVisitJsGzip(): Promise<{ js: number; files: number }> {
  const browser = await chromium.launch({ executablePath: chromePath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const scripts = new Set<string>();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const tab = await context.newPage();
    tab.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().resourceType() === 'script' || pathname.endsWith('.js')) scripts.add(pathname);
    });
    await tab.goto(`${base}/`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1000);
  } finally {
    await browser.close();
  }
  let js = 0;
  for (const file of scripts) if (fs.existsSync(path.join(root, 'apps/web/dist', file))) js += distGzip(file.slice(1));
  return { js, files: scripts.size };
}

/** One Lighthouse run (mobile, simulated throttling); null when Lighthouse could not record the page (e.g. NO_NAVSTART). */
function lighthouseRun(urlPath: string, at: string): { performance: number; accessibility: number } | null {
  const out = path.join(os.tmpdir(), `grandline-lh-${urlPath.replace(/\W+/g, '_') || 'home'}.json`);
  const chrome = chromePath();
  fs.rmSync(out, { force: true });
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        `${at}${urlPath}`,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
    );
  } catch {
    // Lighthouse exits non-zero when it could not record the page (NO_NAVSTART and the like): a run to retry.
    if (!fs.existsSync(out)) return null;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { runtimeError?: { code: string }; categories: Record<string, { score: number | null }> };
  if (report.runtimeError || report.categories.performance?.score == null) return null;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
  };
}

/**
 * Lighthouse's score moves several points between runs on this machine (its simulated throttling multiplies what
 * the two shared cores happen to measure), so each page is measured LIGHTHOUSE_RUNS times (5 by default) and the
 * median is its figure: Lighthouse's variability guide finds the median of five runs about twice as stable as one.
 */
export function lighthouse(urlPath: string, at = base): { performance: number; accessibility: number } {
  const runs: { performance: number; accessibility: number }[] = [];
  const wanted = Math.max(1, Math.min(15, Number(process.env.LIGHTHOUSE_RUNS) || 5));
  for (let attempt = 0; attempt < wanted + 2 && runs.length < wanted; attempt++) {
    const run = lighthouseRun(urlPath, at);
    if (run) runs.push(run);
    else log(`lighthouse ${urlPath}: a run failed to record the page; trying again`);
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  const scores = { performance: median(runs.map((r) => r.performance)), accessibility: median(runs.map((r) => r.accessibility)) };
  log(`lighthouse ${urlPath}: performance ${scores.performance} (runs ${runs.map((r) => r.performance).join(', ')}), accessibility ${scores.accessibility}`);
  return scores;
}
