import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Makes a rename durable; a file system that cannot sync a directory is left to its own ways. */
export async function fsyncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // EINVAL, EISDIR on some file systems: nothing more can be done.
  }
}

/** Writes a file (mode 0600) and syncs it to the disk; `wx` refuses one that exists. */
export async function writeSynced(
  path: string,
  data: string | Buffer,
  flags: 'w' | 'wx' = 'w',
): Promise<void> {
  const handle = await open(path, flags, 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a small file through a temporary one, fsynced, then renamed into place. */
export async function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeSynced(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The line `sha256sum -c` reads: the hash, two spaces, the file name (beside the checksum file). */
export function checksumLine(sha256: string, path: string): string {
  return `${sha256}  ${basename(path)}\n`;
}
