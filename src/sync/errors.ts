import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { CliError, ConfigError, TransientError } from '../errors.js';
import type { Target } from './target.js';

const text = (error: unknown) => (error instanceof Error ? error.message : String(error));
const codeOf = (error: unknown) => (error as { code?: unknown }).code;

/** The WebAssembly SQLite says "disk I/O error" for a write the disk had no room for: its disk says which. */
function full(path: string): boolean {
  try {
    const fs = statfsSync(dirname(path));
    return fs.bavail * fs.bsize < 64 * 1024;
  } catch {
    return false;
  }
}

/**
 * A database's failure as one line and its exit code: a database that cannot be reached is transient (7: a
 * later run may reach it); refused credentials, a file that cannot be opened or written, a full disk are
 * configuration (3: someone must act). The error's own words follow, for the one who acts.
 */
export function databaseError(target: Target, error: unknown): CliError {
  if (error instanceof CliError) return error;
  const where = target.shown;
  const message = text(error).split('\n')[0]?.slice(0, 200) ?? '';
  const code = codeOf(error);
  if (target.kind === 'postgres') {
    if (
      [
        'ECONNREFUSED',
        'ENOTFOUND',
        'EAI_AGAIN',
        'ETIMEDOUT',
        'ECONNRESET',
        'EHOSTUNREACH',
        'ENOENT',
      ].includes(String(code)) ||
      /timeout|terminated unexpectedly|Connection terminated/i.test(message)
    ) {
      return new TransientError(`cannot reach the database ${where}: ${message}`, { code: 'DB_UNREACHABLE' });
    }
    if (code === '28P01' || code === '28000') {
      return new ConfigError(`the database ${where} refused the credentials: ${message}`, {
        code: 'DB_AUTH',
        hint: 'check the user and password of --to (or PGPASSWORD, ~/.pgpass)',
      });
    }
    if (code === '53100') return new ConfigError(`the database ${where} is out of disk space: ${message}`);
    if (code === '25006' || code === '42501') {
      return new ConfigError(`the database ${where} may not be written: ${message}`, { code: 'DB_READONLY' });
    }
    return new ConfigError(`the database ${where} failed: ${message}`, { code: 'DB_FAILED' });
  }
  if (
    /disk is full|SQLITE_FULL|ENOSPC/i.test(message) ||
    (/disk I\/O error/i.test(message) && full(target.path))
  ) {
    return new ConfigError(`the disk of ${where} is full: nothing of this app was written`, {
      code: 'DB_FULL',
    });
  }
  if (/readonly|read-only|EACCES|EROFS|permission/i.test(message)) {
    return new ConfigError(`${where} may not be written: ${message}`, { code: 'DB_READONLY' });
  }
  if (/not a database|malformed|file is encrypted/i.test(message)) {
    return new ConfigError(`${where} is not a SQLite database secscan can read: ${message}`, {
      code: 'DB_FAILED',
    });
  }
  if (/could not open|unable to open|cantopen/i.test(message)) {
    return new ConfigError(`cannot open ${where}: ${message}`, { code: 'DB_FAILED' });
  }
  return new ConfigError(`the database ${where} failed: ${message}`, { code: 'DB_FAILED' });
}
