import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Who holds a lock: written into the lock file so a second run can name it. */
export interface LockHolder {
  pid: number;
  host: string;
  since: string;
  command?: string;
}

export class LockBusyError extends Error {
  constructor(
    readonly path: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`${path} is held${holder ? ` by pid ${holder.pid} on ${holder.host} since ${holder.since}` : ''}`);
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock left by a process that died on this host (or an unreadable one older than `staleMs`). */
function stale(path: string, staleMs: number): boolean {
  const holder = readHolder(path);
  if (holder?.host === hostname()) return !alive(holder.pid);
  if (!holder) {
    try {
      return Date.now() - statSync(path).mtimeMs > staleMs;
    } catch {
      return true;
    }
  }
  return Date.now() - Date.parse(holder.since) > staleMs;
}

export interface LockOptions {
  /** How long to wait for a held lock before giving up (0: fail at once). */
  waitMs?: number;
  /** A lock older than this whose holder cannot be checked is taken over. */
  staleMs?: number;
  command?: string;
}

/**
 * Takes an exclusive lock by creating `path` (O_EXCL), so concurrent processes serialise their
 * read-modify-write. Returns the release function; throws LockBusyError when still held after `waitMs`.
 */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<() => void> {
  const { waitMs = 0, staleMs = 10 * 60_000 } = options;
  const deadline = Date.now() + waitMs;
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    ...(options.command ? { command: options.command } : {}),
  };
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(holder));
      } finally {
        closeSync(fd);
      }
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (stale(path, staleMs)) {
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() >= deadline) throw new LockBusyError(path, readHolder(path));
      await sleep(delay + Math.floor(Math.random() * delay));
    }
  }
}
