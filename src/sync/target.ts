import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** Where a sync writes: a SQLite file or a PostgreSQL database. */
export type Target =
  { kind: 'sqlite'; path: string; shown: string } | { kind: 'postgres'; url: string; shown: string };

/**
 * secscan's data directory: SECSCAN_DATA_DIR, else $XDG_DATA_HOME/secscan, else ~/.local/share/secscan.
 * The default database is `secscan.db` there.
 */
export function dataDir(env: NodeJS.ProcessEnv): string {
  if (env.SECSCAN_DATA_DIR) return resolve(env.SECSCAN_DATA_DIR);
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'secscan');
  return join(env.HOME || homedir(), '.local', 'share', 'secscan');
}

/** A PostgreSQL URL with its password left out, for messages and sync_runs. */
export function redactDbUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
  }
}

/** `--to`: `sqlite:PATH`, `postgres://...` or `postgresql://...`; none: the data directory's secscan.db. */
export function parseTarget(value: string | undefined, env: NodeJS.ProcessEnv, cwd = process.cwd()): Target {
  if (value === undefined) {
    const path = join(dataDir(env), 'secscan.db');
    return { kind: 'sqlite', path, shown: `sqlite:${path}` };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'sqlite') {
    const rest = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!rest) throw new UsageError('invalid value for --to: sqlite: needs a path (sqlite:./secscan.db)');
    const path = resolve(cwd, rest);
    return { kind: 'sqlite', path, shown: `sqlite:${path}` };
  }
  if (scheme === 'postgres' || scheme === 'postgresql') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(`invalid value for --to: ${JSON.stringify(redactDbUrl(value))} is not a URL`);
    }
    if (!url.hostname && !url.searchParams.get('host')) {
      throw new UsageError('invalid value for --to: the PostgreSQL URL names no host');
    }
    return { kind: 'postgres', url: value, shown: redactDbUrl(value) };
  }
  throw new UsageError(
    `invalid value for --to: ${JSON.stringify(redactDbUrl(value).slice(0, 80))}: use sqlite:PATH or postgres://USER@HOST/DATABASE`,
  );
}
