import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseLock, tryLock } from '../util/lockfile.js';

/**
 * Live completion values, cached in the config directory per profile and organization, one file per kind
 * (`completion/<profile>@<org>/app.json`, mode 0600): a TAB reads a file, never the network.
 */

/** A cached list older than this is still offered, and refreshed in the background. */
export const ttlMs = 5 * 60_000;
/** A refresh that has not finished in this long is taken for dead, and another may start. */
export const refreshStaleMs = 20_000;

/** A value and what it is (zsh and fish show the description beside it). */
export type Candidate = readonly [value: string, description: string];

export interface CacheEntry {
  baseUrl: string;
  fetchedAt: number;
  values: Candidate[];
}

export interface CacheKey {
  configDir: string;
  profile: string;
  orgId: string;
  baseUrl: string;
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_');

export function cacheDir(key: CacheKey): string {
  return join(key.configDir, 'completion', `${safe(key.profile)}@${safe(key.orgId)}`);
}

export function cacheFile(key: CacheKey, kind: string): string {
  return join(cacheDir(key), `${safe(kind)}.json`);
}

/** The cached values of a kind for this service, or undefined (missing, unreadable, another service). */
export function readCache(key: CacheKey, kind: string): CacheEntry | undefined {
  try {
    const entry = JSON.parse(readFileSync(cacheFile(key, kind), 'utf8')) as CacheEntry;
    if (entry.baseUrl !== key.baseUrl || !Array.isArray(entry.values)) return undefined;
    return entry;
  } catch {
    return undefined;
  }
}

/** Written whole (a temporary file renamed), so a TAB never reads half a list. */
export function writeCache(key: CacheKey, kind: string, values: Candidate[], now = Date.now()): void {
  const dir = cacheDir(key);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = cacheFile(key, kind);
  const temporary = `${file}.${process.pid}.tmp`;
  const entry: CacheEntry = { baseUrl: key.baseUrl, fetchedAt: now, values };
  writeFileSync(temporary, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

const lockFile = (key: CacheKey, kind: string) => `${cacheFile(key, kind)}.refresh`;

/**
 * Claims the refresh of a kind: the claim's token, which the refresh (another process) releases it with;
 * undefined when another process is already refreshing it. A claim older than `refreshStaleMs` is taken
 * over, by its age alone (the process that claimed it has exited), and only if it is still that claim.
 */
export function claimRefresh(key: CacheKey, kind: string): string | undefined {
  try {
    mkdirSync(cacheDir(key), { recursive: true, mode: 0o700 });
    return tryLock(lockFile(key, kind), { staleMs: refreshStaleMs, byAgeOnly: true })?.token;
  } catch {
    return undefined;
  }
}

/** Ends the claim `token`; a claim taken over since (the refresh was slow) is another's and stays. */
export function releaseRefresh(key: CacheKey, kind: string, token: string): void {
  try {
    releaseLock(lockFile(key, kind), token);
  } catch {
    // A TAB never fails: an unreleased claim is taken over once it is stale.
  }
}
