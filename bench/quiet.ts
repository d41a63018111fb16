/**
 * Lighthouse's browser shares this machine's two cores with the server it measures. Right after a load test or a
 * 10,000-row import, the server can still be busy for a while (garbage collection, the embedded database's
 * checkpoints, the price and statistics jobs a change starts), and that work would be counted as the page's own
 * blocking time. Lighthouse is therefore started once the server has been quiet for a second: under 5% of one core
 * (Linux /proc; elsewhere it does not wait). It waits at most `maxMs`, then measures anyway and says so.
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux's usual builds). */
const TICKS_PER_SECOND = 100;

/** CPU seconds the process (all its threads) has used, or null where /proc is not there. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Resolves when process `pid` used under `share` of one core over one second, or after `maxMs`; tells which. */
export async function waitForQuietProcess(pid: number | undefined, log: (msg: string) => void, { share = 0.05, maxMs = 60_000 } = {}): Promise<boolean> {
  if (!pid || cpuSeconds(pid) === null) return true;
  const started = Date.now();
  for (;;) {
    const before = cpuSeconds(pid);
    const at = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuSeconds(pid);
    if (before === null || after === null) return true;
    const used = (after - before) / ((Date.now() - at) / 1000);
    if (used < share) return true;
    if (Date.now() - started > maxMs) {
      log(`server still busy after ${Math.round(maxMs / 1000)} s (${Math.round(used * 100)}% of a core): measuring anyway`);
      return false;
    }
  }
}
