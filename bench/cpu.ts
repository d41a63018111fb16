/**
 * Issue 20: server CPU milliseconds per request, endpoint by endpoint — the figure the outside measurement
 * gave (a signed-in request 4–9 ms on the embedded database and 1.5–3.4 ms on PostgreSQL, health 0.08 ms).
 *
 * Each endpoint is loaded on its own (4 connections, loopback; three runs of 2 s, the median kept) and the server
 * process's CPU time (user + system, from /proc/{pid}/stat) is divided by the requests it answered. One server process in every
 * configuration, so its CPU is the whole server's:
 * - the embedded database (the default);
 * - the same with the session cache off (SESSION_CACHE_TTL_MS=0): every request a cache miss, the one-statement read;
 * - PostgreSQL with one worker, when DATABASE_URL is set;
 * - a baseline build, when BENCH_CPU_BASELINE names the root of another built checkout (e.g. the commit before issue
 *   20), on the embedded database — the "before" of the same run.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { createScratchPgDatabase } from '../apps/server/src/testing/scratch-pg';
import { signedInRequests, startBenchServer } from './mixed';

const PORT = 3932;
const CONNECTIONS = 4;
const SECONDS = 2;
/** Measurements per endpoint; the median is reported (the embedded database's garbage collection comes in bursts). */
const REPEATS = 3;

interface CpuColumn {
  label: string;
  /** CPU ms per request, by endpoint name (null: the endpoint answered errors). */
  msPerRequest: Record<string, number | null>;
}

export interface CpuResult {
  connections: number;
  seconds: number;
  repeats?: number;
  columns: CpuColumn[];
}

/** The clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (ms) a process has used so far, user and system. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (in parentheses, may contain spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function column(label: string, serverRoot: string, env: Record<string, string>, log: (msg: string) => void): Promise<CpuColumn> {
  const server = await startBenchServer({ serverRoot, port: PORT, env });
  try {
    const { cookie, requests } = await signedInRequests(server.base, server.dataDir);
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const endpoints = [{ name: 'GET /api/health', method: 'GET' as const, path: '/api/health' }, ...requests];
    const msPerRequest: Record<string, number | null> = {};
    for (const { name, ...request } of endpoints) {
      const options = { url: server.base, connections: CONNECTIONS, headers, requests: [request] };
      await autocannon({ ...options, duration: 1 });
      const samples: number[] = [];
      let failed = false;
      for (let i = 0; i < REPEATS; i++) {
        const before = cpuMs(server.child.pid!);
        const result = await autocannon({ ...options, duration: SECONDS });
        const used = cpuMs(server.child.pid!) - before;
        const answered = result.requests.total;
        if (result.non2xx || result.errors || !answered) failed = true;
        else samples.push(used / answered);
      }
      samples.sort((a, b) => a - b);
      msPerRequest[name] = failed ? null : +samples[Math.floor(samples.length / 2)]!.toFixed(3);
      log(`${label} · ${name}: ${msPerRequest[name] ?? 'errors'} CPU ms/request (median of ${REPEATS} × ${SECONDS} s)`);
    }
    return { label, msPerRequest };
  } finally {
    await server.stop();
  }
}

export async function cpuBenchmark({ root, databaseUrl, baseline, log }: { root: string; databaseUrl?: string; baseline?: string; log: (msg: string) => void }): Promise<CpuResult> {
  const columns: CpuColumn[] = [];
  if (baseline) columns.push(await column(`baseline (${baseline.split('/').at(-1)}), embedded`, baseline, {}, log));
  columns.push(await column('embedded', root, {}, log));
  columns.push(await column('embedded, session cache off', root, { SESSION_CACHE_TTL_MS: '0' }, log));
  if (databaseUrl) {
    const scratch = await createScratchPgDatabase(databaseUrl);
    try {
      columns.push(await column('PostgreSQL, 1 worker', root, { DATABASE_URL: scratch.url, WEB_CONCURRENCY: '1' }, log));
    } finally {
      await scratch.drop();
    }
  }
  return { connections: CONNECTIONS, seconds: SECONDS, repeats: REPEATS, columns };
}

/** The table of a run: one row per endpoint, one column per configuration. */
export function cpuMarkdown(cpu: CpuResult): string[] {
  const names = Object.keys(cpu.columns[0]?.msPerRequest ?? {});
  return [
    `Server CPU ms per request (user + system of the one server process; per endpoint the median of ${cpu.repeats ?? 1} runs of ${cpu.seconds} s, ${cpu.connections} connections; lower is better).`,
    '',
    `| endpoint | ${cpu.columns.map((c) => c.label).join(' | ')} |`,
    `|---|${cpu.columns.map(() => '---:').join('|')}|`,
    ...names.map((name) => `| ${name} | ${cpu.columns.map((c) => c.msPerRequest[name] ?? 'errors').join(' | ')} |`),
  ];
}
