/** What a browser gets of the built web app: the first visit's JavaScript and CSS (gzip), and Lighthouse's scores. */
import { execFileSync, spawn } from 'node:child_process';
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
 * The JavaScript a first visit of a page (the home page by default) loads (gzip, level 9, of each built file): every
 * script Chromium fetched from a fresh profile until the network was quiet — the entry, the app's code main.tsx imports
 * after the first paint, the page's own modules and the preloads the server listed. (index.html's entry alone is 2 KB.)
 * `scripts` lists them, largest first, so the next person sees what loads.
 */
export async function firstVisitJsGzip(urlPath = '/'): Promise<{ js: number; files: number; scripts: { file: string; gzipKB: number }[] }> {
  const browser = await chromium.launch({ executablePath: chromePath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const fetched = new Set<string>();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const tab = await context.newPage();
    tab.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().resourceType() === 'script' || pathname.endsWith('.js')) fetched.add(pathname);
    });
    await tab.goto(`${base}${urlPath}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1000);
  } finally {
    await browser.close();
  }
  const scripts = [...fetched]
    .filter((file) => fs.existsSync(path.join(root, 'apps/web/dist', file)))
    .map((file) => ({ file, bytes: distGzip(file.slice(1)) }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    js: scripts.reduce((sum, s) => sum + s.bytes, 0),
    files: fetched.size,
    scripts: scripts.map((s) => ({ file: s.file, gzipKB: +(s.bytes / 1024).toFixed(1) })),
  };
}

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * One Lighthouse run (mobile, simulated throttling); null when Lighthouse could not record the page (e.g. NO_NAVSTART).
 * `chromePort`: a Chrome already running with the session cookie (lighthouseSignedIn), its profile kept as it is.
 */
function lighthouseRun(urlPath: string, at: string, chromePort?: number): { performance: number; accessibility: number } | null {
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
        ...(chromePort ? [`--port=${chromePort}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]),
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
    );
  } catch {
    // Lighthouse exits non-zero when it could not record the page (NO_NAVSTART and the like): a run to retry.
    if (!fs.existsSync(out)) return null;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { runtimeError?: { code: string }; finalDisplayedUrl?: string; categories: Record<string, { score: number | null }> };
  if (report.runtimeError || report.categories.performance?.score == null) return null;
  // A signed-in page that ended elsewhere (the sign-in page: the cookie was not taken) measured another page.
  const ended = new URL(report.finalDisplayedUrl ?? `${at}${urlPath}`).pathname;
  if (chromePort && ended !== new URL(`${at}${urlPath}`).pathname) {
    log(`lighthouse ${urlPath}: the run ended on ${ended}, not counted`);
    return null;
  }
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
  const wanted = lighthouseRuns();
  for (let attempt = 0; attempt < wanted + 2 && runs.length < wanted; attempt++) {
    const run = lighthouseRun(urlPath, at);
    if (run) runs.push(run);
    else log(`lighthouse ${urlPath}: a run failed to record the page; trying again`);
  }
  return lighthouseMedian(urlPath, runs);
}

const lighthouseRuns = () => Math.max(1, Math.min(15, Number(process.env.LIGHTHOUSE_RUNS) || 5));

function lighthouseMedian(urlPath: string, runs: { performance: number; accessibility: number }[]) {
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  const scores = { performance: median(runs.map((r) => r.performance)), accessibility: median(runs.map((r) => r.accessibility)) };
  log(`lighthouse ${urlPath}: performance ${scores.performance} (runs ${runs.map((r) => r.performance).join(', ')}), accessibility ${scores.accessibility}`);
  return scores;
}

/**
 * Lighthouse on a signed-in page (median of LIGHTHOUSE_RUNS): each run starts Chromium on a fresh profile (empty cache
 * and storage, as Lighthouse's own reset leaves them) with the session cookie in its cookie jar, and Lighthouse drives
 * it (--port, --disable-storage-reset: its reset would clear the cookie). Lighthouse's --extra-headers does not serve:
 * the app's API calls went out without the Cookie header and the pages ended on /auth.
 */
export async function lighthouseSignedIn(urlPath: string, cookie: string, at = base): Promise<{ performance: number; accessibility: number }> {
  const runs: { performance: number; accessibility: number }[] = [];
  const wanted = lighthouseRuns();
  for (let attempt = 0; attempt < wanted + 2 && runs.length < wanted; attempt++) {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-lh-profile-'));
    // Its own process group, so the browser and every process it started end together.
    const chrome = spawn(chromePath(), [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore', detached: true });
    try {
      const portFile = path.join(profile, 'DevToolsActivePort');
      for (let waited = 0; !fs.existsSync(portFile) || !fs.readFileSync(portFile, 'utf8').includes('\n'); waited += 50) {
        if (waited > 20_000) throw new Error('Chromium did not open its DevTools port');
        await new Promise((r) => setTimeout(r, 50));
      }
      const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const cookies = cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: at }));
      await browser.contexts()[0]!.addCookies(cookies);
      await browser.close();
      const run = lighthouseRun(urlPath, at, port);
      if (run) runs.push(run);
      else log(`lighthouse ${urlPath} (signed in): a run failed to record the page; trying again`);
    } finally {
      const exited = new Promise((r) => (chrome.exitCode === null ? chrome.once('exit', r) : r(null)));
      process.kill(-chrome.pid!, 'SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  }
  return lighthouseMedian(`${urlPath} (signed in)`, runs);
}
