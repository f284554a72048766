import {
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Who holds a lock: written into the lock file so a second run can name it. */
export interface LockHolder {
  pid: number;
  host: string;
  since: string;
  command?: string;
  /** Unique to one taking of the lock: which lock file is whose, whatever the pid or the inode. */
  token?: string;
}

export class LockBusyError extends Error {
  constructor(
    readonly path: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`${path} is held${holder ? ` by pid ${holder.pid} on ${holder.host} since ${holder.since}` : ''}`);
  }
}

export interface LockOptions {
  /** How long to wait for a held lock before giving up (0: fail at once). */
  waitMs?: number;
  /** A lock older than this whose holder cannot be checked (another host, no holder) is taken over. */
  staleMs?: number;
  /**
   * Judge a lock by its age alone, not by whether its holder still runs on this host: for a lock taken by
   * one process and released by another it starts (the completion cache's refresh).
   */
  byAgeOnly?: boolean;
  command?: string;
}

/** A lock file as one look saw it: which file (inode, mtime) and what it held, read from that same file. */
interface Seen {
  dev: number;
  ino: number;
  mtimeMs: number;
  holder: LockHolder | undefined;
}

/** The lock file at `path` now, or undefined when there is none. */
function inspect(path: string): Seen | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    let holder: LockHolder | undefined;
    try {
      holder = JSON.parse(readFileSync(fd, 'utf8')) as LockHolder;
    } catch {
      holder = undefined;
    }
    return { dev: stat.dev, ino: stat.ino, mtimeMs: stat.mtimeMs, holder };
  } finally {
    closeSync(fd);
  }
}

/** The same file, not merely one at the same path: a new lock may reuse a removed one's inode number. */
const sameFile = (a: Seen, b: Seen) =>
  a.dev === b.dev && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.holder?.token === b.holder?.token;

/** Whether a process of this host is running (one of another user's counts). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock left by a process that died on this host, or one older than `staleMs` that cannot be checked. */
function stale(seen: Seen, staleMs: number, byAgeOnly: boolean): boolean {
  const { holder } = seen;
  if (!byAgeOnly && holder?.host === hostname() && typeof holder.pid === 'number') return !alive(holder.pid);
  const since = holder ? Date.parse(holder.since) : Number.NaN;
  return Date.now() - (Number.isNaN(since) ? seen.mtimeMs : since) > staleMs;
}

// The global Web Crypto: no node:crypto to load on a TAB (the completion cache's refresh claim).
const newToken = () => `${process.pid}-${globalThis.crypto.randomUUID()}`;

/**
 * Creates the lock file whole, or returns false when one exists: the holder is written to a file of our
 * own, then hard-linked to `path` (which fails if `path` exists), so no one ever reads a lock half written.
 * Where the file system has no hard links, the file is created with O_EXCL and then written.
 */
function create(path: string, holder: LockHolder): boolean {
  const own = `${path}.${holder.token}`;
  writeFileSync(own, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
  } finally {
    rmSync(own, { force: true });
  }
  try {
    writeFileSync(path, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes the lock file at `path` only if it is the one `judged` (same file, same holder): it is first
 * renamed aside to a name of our own, then checked. A lock that is not the one judged (one another process
 * has just taken) goes back, linked to `path` again unless yet another lock is there already.
 */
function removeIfSame(path: string, judged: Seen, token: string): void {
  const aside = `${path}.${token}.removed`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const moved = inspect(aside);
    if (!moved || sameFile(moved, judged)) return;
    try {
      linkSync(aside, path);
    } catch {
      if (!existsSync(path)) renameSync(aside, path);
    }
  } finally {
    rmSync(aside, { force: true });
  }
}

/** How long the removal of a stale lock may hold its own short lock before that is taken for dead. */
const takeoverStaleMs = 30_000;

/**
 * Removes a lock judged stale, if it still is that lock. Removals are serialised by a second lock
 * (`path.takeover`), so two processes that judged the same lock stale cannot both remove "it": the
 * second would remove the lock the first has just taken. Returns without removing when another process is
 * removing it.
 */
function removeStale(path: string, judged: Seen, staleMs: number, byAgeOnly: boolean, token: string): void {
  const takeover = `${path}.takeover`;
  const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token };
  if (!create(takeover, holder)) {
    const other = inspect(takeover);
    if (other && stale(other, takeoverStaleMs, false)) removeIfSame(takeover, other, token);
    return;
  }
  try {
    const now = inspect(path);
    if (now && sameFile(now, judged) && stale(now, staleMs, byAgeOnly)) removeIfSame(path, now, token);
  } finally {
    const mine = inspect(takeover);
    if (mine?.holder?.token === token) removeIfSame(takeover, mine, token);
  }
}

/** Releases a lock taken with `token`: the file goes only if it is still ours. */
function release(path: string, token: string): void {
  const seen = inspect(path);
  if (seen?.holder?.token === token) removeIfSame(path, seen, token);
}

/**
 * One attempt to take the lock `path` (creating it exclusively, so concurrent processes serialise their
 * read-modify-write). A stale lock is removed and the creation tried again; a lock that vanished between
 * the attempt and the look is never removed, only created again. Returns the release, with the lock's
 * token; undefined when the lock is held.
 */
export function tryLock(
  path: string,
  options: Omit<LockOptions, 'waitMs'> = {},
): { release: () => void; token: string } | undefined {
  const { staleMs = 10 * 60_000, byAgeOnly = false } = options;
  const token = newToken();
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    ...(options.command ? { command: options.command } : {}),
    token,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(path, holder)) return { release: () => release(path, token), token };
    const seen = inspect(path);
    if (!seen) continue;
    if (!stale(seen, staleMs, byAgeOnly)) return undefined;
    removeStale(path, seen, staleMs, byAgeOnly, token);
  }
  return undefined;
}

/** Releases a lock by its token, from another process than the one that took it (see `byAgeOnly`). */
export function releaseLock(path: string, token: string): void {
  release(path, token);
}

/** The holder of the lock at `path`, if any. */
export function lockHolder(path: string): LockHolder | undefined {
  return inspect(path)?.holder;
}

/**
 * Takes the lock `path`, waiting up to `waitMs` for its holder to release it. Returns the release
 * function; throws LockBusyError when it is still held after `waitMs`.
 */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<() => void> {
  const { waitMs = 0 } = options;
  const deadline = Date.now() + waitMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const taken = tryLock(path, options);
    if (taken) return taken.release;
    if (Date.now() >= deadline) throw new LockBusyError(path, lockHolder(path));
    await sleep(delay + Math.floor(Math.random() * delay));
  }
}
