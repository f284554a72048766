import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { checksumLine, writeFileAtomic } from '../../../util/durable.js';
import type { OrgBackup } from '@secscan/api/schemas/org-data';
import { BusyError, ConfigError, notFoundError, UsageError } from '../../../errors.js';

/**
 * A backup directory: the backups, each with NAME.sha256 beside it, a manifest of those secscan downloaded
 * (`--keep` prunes only these) and the lock of the run writing into it.
 */
export const manifestName = '.secscan-backups.json';
export const lockName = '.secscan-backups.lock';

export interface StoredBackup {
  file: string;
  backup_id: string;
  created_at?: string | undefined;
  bytes: number;
  sha256: string;
  downloaded_at: string;
}

/** The backup asked for, or the latest completed one; one that cannot be downloaded is not found (exit 5). */
export function pick(backups: readonly OrgBackup[], id: string | undefined): OrgBackup {
  if (id !== undefined) {
    const backup = backups.find((b) => b.backup_id === id);
    if (!backup) throw notFoundError(`no backup has the id ${id}`, 'see `secscan backups list`');
    if (backup.status !== 'completed') {
      const state = backup.status === 'running' ? 'is still running' : `is ${backup.status}, not completed`;
      throw notFoundError(
        `backup ${id} ${state}: there is nothing to download`,
        'see `secscan backups list`',
      );
    }
    return backup;
  }
  const latest = [...backups]
    .filter((b) => b.status === 'completed')
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''))[0];
  if (!latest) {
    throw notFoundError('the organization has no completed backup yet', 'see `secscan backups list`');
  }
  return latest;
}

/**
 * Takes the directory's lock; another run holding it is a busy error (exit 9) naming that run. A lock
 * left by a run that died on this host is taken over.
 */
export async function lockDir(dir: string): Promise<() => void> {
  const { acquireLock, LockBusyError } = await import('../../../util/lockfile.js');
  try {
    return await acquireLock(join(dir, lockName), { command: 'secscan backups download' });
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    const holder = error.holder;
    throw new BusyError(
      `another secscan backups download is writing into ${dir}${holder ? ` (pid ${holder.pid} on ${holder.host}, since ${holder.since})` : ''}`,
      { hint: `wait for it to finish; a lock left by a run that died is taken over (${error.path})` },
    );
  }
}

/** `backup-20260831T020145Z-<id>.tar.gz`: names sort by the backup's time. */
export function fileNameFor(backup: OrgBackup): string {
  const ms = Date.parse(backup.created_at ?? '');
  const stamp = Number.isNaN(ms) ? '' : `${new Date(ms).toISOString().replace(/[-:]|\.\d+/g, '')}-`;
  const id = backup.backup_id.replace(/[^A-Za-z0-9._-]/g, '_');
  return `backup-${stamp}${id}.tar.gz`;
}

/** The directory of `--dir`, created (mode 0700) when missing; a usage error when it cannot be written. */
export async function prepareDir(dir: string, flag: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new UsageError(
      `invalid value for ${flag}: cannot create ${dir} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  const info = await stat(dir);
  if (!info.isDirectory()) throw new UsageError(`invalid value for ${flag}: ${dir} is not a directory`);
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new UsageError(`invalid value for ${flag}: ${dir} is not writable`);
  }
}

/** The downloads recorded in `dir`; undefined when the manifest is there but unreadable. */
export async function readManifest(dir: string): Promise<StoredBackup[] | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, manifestName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    return undefined;
  }
  try {
    const data = JSON.parse(text) as { backups?: unknown };
    if (!Array.isArray(data.backups)) return undefined;
    // Only plain names: a manifest edited to point elsewhere never makes secscan delete outside `dir`.
    return (data.backups as StoredBackup[]).filter(
      (b) => typeof b?.file === 'string' && b.file === basename(b.file) && !b.file.startsWith('.'),
    );
  } catch {
    return undefined;
  }
}

async function writeManifest(dir: string, backups: StoredBackup[]): Promise<void> {
  await writeFileAtomic(join(dir, manifestName), `${JSON.stringify({ version: 1, backups }, null, 2)}\n`);
}

/** Adds (or replaces) the entry of a download. */
export async function recordDownload(
  dir: string,
  entry: StoredBackup,
  known: StoredBackup[],
): Promise<StoredBackup[]> {
  const backups = [...known.filter((b) => b.file !== entry.file), entry];
  await writeManifest(dir, backups);
  return backups;
}

const newestFirst = (a: StoredBackup, b: StoredBackup) =>
  (b.created_at ?? b.downloaded_at).localeCompare(a.created_at ?? a.downloaded_at);

/**
 * Keeps the `keep` newest backups secscan downloaded into `dir` (never the one just written) and deletes
 * the others with their checksum files. Returns the paths deleted.
 */
export async function prune(
  dir: string,
  known: StoredBackup[],
  keep: number,
  current: string,
): Promise<string[]> {
  const sorted = [...known].sort(newestFirst);
  const kept = new Set([current, ...sorted.slice(0, keep).map((b) => b.file)]);
  const removed: string[] = [];
  const gone = new Set<string>();
  for (const b of sorted) {
    if (kept.has(b.file)) continue;
    const path = join(dir, b.file);
    try {
      await rm(path, { force: true });
      gone.add(b.file);
      await rm(`${path}.sha256`, { force: true });
    } catch (error) {
      // Stopped part-way: the manifest keeps what is still there, and the error says what was done.
      if (gone.size)
        await writeManifest(
          dir,
          sorted.filter((k) => !gone.has(k.file)),
        );
      throw new PruneError(removed, path, error);
    }
    removed.push(path);
  }
  if (removed.length)
    await writeManifest(
      dir,
      sorted.filter((b) => kept.has(b.file)),
    );
  return removed;
}

/** `.backup-20260831T020145Z-<id>.tar.gz.part` and its record `.part.json`: a partial download's files. */
const partialName = /^\.(backup-\d{8}T\d{6}Z-[A-Za-z0-9._-]+\.tar\.gz)\.part(\.json)?$/;

/**
 * Removes what killed runs left of the downloads of backups OLDER than `current` (a file name of
 * `fileNameFor`: names sort by the backup's time): their `.part` and its record. The next run downloads the
 * latest backup, so they would never be resumed and only fill the disk. Partials of the current backup or of
 * newer ones are kept (a run asked for an older backup with --id); files of other names are never touched.
 * Called with the directory's lock held, once `current` is complete. Returns the paths removed and their
 * bytes; a partial that cannot be removed is left for the next run (`onError` is told).
 */
export async function pruneStalePartials(
  dir: string,
  current: string,
  onError: (path: string, error: unknown) => void,
): Promise<{ removed: string[]; bytes: number }> {
  const removed: string[] = [];
  let bytes = 0;
  // A backup without a time (no created_at) has a name that does not sort by time: nothing is older.
  if (!partialName.test(`.${current}.part`)) return { removed, bytes };
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    onError(dir, error);
    return { removed, bytes };
  }
  for (const name of names.sort()) {
    const m = partialName.exec(name);
    if (!m || !((m[1] as string) < current)) continue;
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (!info.isFile()) continue;
      await rm(path, { force: true });
      removed.push(path);
      if (!m[2]) bytes += info.size;
    } catch (error) {
      onError(path, error);
    }
  }
  return { removed, bytes };
}

/** --keep could not remove a backup: those removed before it, and why it stopped. */
export class PruneError extends ConfigError {
  constructor(
    readonly removed: readonly string[],
    readonly path: string,
    error: unknown,
  ) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    super(
      `--keep: cannot remove ${path} (${code})${removed.length ? `, after removing ${removed.join(', ')}` : ''}`,
      {
        cause: error,
        hint: 'remove it by hand (or give secscan the right to); the next run prunes what is still there',
      },
    );
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A file already there, checked as `sha256sum -c` would: its NAME.sha256 names it and matches its bytes.
 * Undefined when either is missing; `ok: false` when they disagree.
 */
export async function verifyExisting(
  path: string,
): Promise<{ ok: boolean; bytes: number; sha256: string } | undefined> {
  let line: string;
  let bytes: number;
  try {
    line = await readFile(`${path}.sha256`, 'utf8');
    bytes = (await stat(path)).size;
  } catch {
    return undefined;
  }
  const sha256 = await sha256Of(path);
  return { ok: line === checksumLine(sha256, path), bytes, sha256 };
}
