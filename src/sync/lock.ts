import { closeSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { BusyError } from '../errors.js';
import type { Database } from './db.js';
import type { Target } from './target.js';

/** The lock a sync holds on its database for the whole run; `release` gives it back. */
export interface RunLock {
  release(): Promise<void>;
}

interface Holder {
  pid: number;
  host: string;
  started_at: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function busy(target: Target, holder: string): BusyError {
  return new BusyError(`another secscan sync is writing to ${target.shown} (${holder})`, {
    hint: 'wait for it to finish; this run wrote nothing',
  });
}

/**
 * SQLite: a lock file beside the database, made exclusively (O_EXCL), naming its holder. One whose holder
 * is gone (a run killed outright) is taken over, with the WebAssembly build's own lock directory, which a
 * killed run leaves behind too; one held on another host is refused (its holder cannot be checked).
 */
function lockFile(target: Target & { kind: 'sqlite' }): RunLock {
  const file = `${target.path}.sync-lock`;
  const me: Holder = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      // The WebAssembly SQLite's own lock, left by a run that died: no run but this one uses the file now.
      rmSync(`${target.path}.lock`, { recursive: true, force: true });
      return {
        release: async () => {
          try {
            unlinkSync(file);
          } catch {
            // Gone already.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: Partial<Holder> = {};
    try {
      holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    } catch {
      // Being written, or not ours: judged by its age below.
    }
    const named = `pid ${holder.pid ?? '?'} on ${holder.host ?? '?'}, since ${holder.started_at ?? '?'}`;
    if (typeof holder.pid !== 'number' || holder.host !== hostname() || alive(holder.pid)) {
      if (typeof holder.pid === 'number' || attempt === 2) throw busy(target, named);
      continue;
    }
    rmSync(file, { force: true });
    rmSync(`${target.path}.lock`, { recursive: true, force: true });
  }
  throw busy(target, 'its lock file could not be taken');
}

/**
 * PostgreSQL: a session advisory lock, which the server gives back when the connection ends (a run killed
 * outright included). The running sync is named from its sync_runs row.
 */
async function advisoryLock(db: Database, target: Target): Promise<RunLock> {
  const got = await db.one<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtext('secscan sync')) AS ok");
  if (!got?.ok) {
    const run = await db
      .one<{ run_id: number; pid: number; host: string; started_at: string }>(
        "SELECT run_id, pid, host, started_at FROM sync_runs WHERE status = 'running' ORDER BY run_id DESC",
      )
      .catch(() => undefined);
    throw busy(
      target,
      run
        ? `run ${run.run_id}, pid ${run.pid} on ${run.host}, since ${run.started_at}`
        : 'a session holds its lock',
    );
  }
  return {
    release: async () => {
      await db.run("SELECT pg_advisory_unlock(hashtext('secscan sync'))").catch(() => {});
    },
  };
}

export async function takeLock(target: Target, db?: Database): Promise<RunLock> {
  if (target.kind === 'sqlite') return lockFile(target);
  if (!db) throw new Error('a PostgreSQL lock needs its connection');
  return advisoryLock(db, target);
}
