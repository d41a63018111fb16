import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Exclusive use of an embedded (PGlite) data directory. PGlite is a single-process database: two processes opening
 * the same files corrupt it or lose writes. The holder writes `pglite.lock` beside the directory with its pid; the
 * lock is released on close and at exit, and a lock left by a crash is recovered: its pid is no longer alive (or is
 * alive but not a Node process, the pid having been reused), or the file is empty and old (a crash while writing it).
 */
export type LockHolder = 'server' | 'command';

export interface LockInfo {
  pid: number;
  holder: LockHolder;
  hostname: string;
  startedAt: string;
  /** What the holder is (e.g. `server on port 3000`, `npm run admin`). */
  label: string;
}

export class DataDirLockedError extends Error {
  constructor(readonly info: LockInfo) {
    super(
      info.holder === 'server'
        ? `The server is running on this data directory — stop it first, or use /admin (server pid ${info.pid})`
        : `Another command is using this data directory (pid ${info.pid}: ${info.label}) — wait for it to finish`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's process.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A reused pid: alive, but not a Node process (checked where /proc exists).
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node/i.test(cmdline);
  } catch {
    return true;
  }
}

function readLock(file: string): LockInfo | 'unreadable' | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const info = JSON.parse(text) as LockInfo;
    return Number.isInteger(info.pid) && info.pid > 0 ? info : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** A lock file that no live process holds. A half-written one counts as stale once it is a few seconds old. */
function isStale(file: string, info: LockInfo | 'unreadable'): boolean {
  if (info === 'unreadable') {
    try {
      return Date.now() - fs.statSync(file).mtimeMs > 5_000;
    } catch {
      return true;
    }
  }
  if (info.hostname !== os.hostname()) return false;
  return info.pid !== process.pid && !isAlive(info.pid);
}

/** Takes the lock of `dataDir` or throws DataDirLockedError naming the process that holds it. */
export function acquireDataDirLock(dataDir: string, holder: LockHolder, label: string): DataDirLock {
  const file = lockFileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const info: LockInfo = { pid: process.pid, holder, hostname: os.hostname(), startedAt: new Date().toISOString(), label };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      try {
        fs.writeSync(fd, JSON.stringify(info));
      } finally {
        fs.closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        const current = readLock(file);
        if (current && current !== 'unreadable' && current.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return { file, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = readLock(file);
    if (current === null) continue; // released meanwhile: try again
    if (!isStale(file, current)) {
      if (current === 'unreadable') throw new DataDirLockedError({ pid: 0, holder: 'command', hostname: os.hostname(), startedAt: '', label: 'starting' });
      throw new DataDirLockedError(current);
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
