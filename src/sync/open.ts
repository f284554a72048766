import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Database } from './db.js';
import { databaseError } from './errors.js';
import { takeLock, type RunLock } from './lock.js';
import { migrate } from './migrate.js';
import { closeAbandoned } from './runs.js';
import type { Target } from './target.js';

export interface OpenDatabase {
  db: Database;
  lock: RunLock;
  close(): Promise<void>;
}

/**
 * Opens the target for a sync: the run lock first (a second run is refused before it touches anything),
 * then the connection, then the schema brought to this version. Any failure closes what was opened and is
 * one line with its exit code (src/sync/errors.ts).
 */
export async function openTarget(
  target: Target,
  env: NodeJS.ProcessEnv,
  secscanVersion: string,
): Promise<OpenDatabase> {
  let lock: RunLock | undefined;
  let db: Database | undefined;
  try {
    if (target.kind === 'sqlite') {
      mkdirSync(dirname(target.path), { recursive: true, mode: 0o700 });
      lock = await takeLock(target);
      const { openSqlite } = await import('./sqlite.js');
      db = new Database(await openSqlite(target.path, env));
    } else {
      const { openPostgres } = await import('./postgres.js');
      db = new Database(await openPostgres(target.url));
      lock = await takeLock(target, db);
    }
    await migrate(db, secscanVersion);
    // This run holds the lock: a run still `running` was killed.
    await closeAbandoned(db);
  } catch (error) {
    await db?.close().catch(() => {});
    await lock?.release();
    throw databaseError(target, error);
  }
  const opened = db;
  const held = lock;
  return {
    db: opened,
    lock: held,
    close: async () => {
      // The connection first: PostgreSQL gives its lock back with it, and a SQLite file is closed before
      // its lock file goes.
      await opened.close().catch(() => {});
      await held.release();
    },
  };
}
