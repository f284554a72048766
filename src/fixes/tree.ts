import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { applyFilePatch, type FilePatch, parsePatch, PatchError } from './patch.js';

/**
 * A patch from the service applied to a working tree. Its paths are untrusted: one that is absolute, climbs
 * out (`..`), goes through a symbolic link, names a file that is not there or not a regular file, or reaches
 * into `.git` is refused (an `UnsafePatchError`), as is a patch whose hunks do not all apply (a
 * `PatchError`); either way nothing is written. Otherwise each file is written whole, through a temporary
 * file renamed over it (never half a file), keeping its mode.
 */

export class UnsafePatchError extends Error {
  override readonly name = 'UnsafePatchError';
}

export interface TreeChange {
  /** The path, relative to the tree's root, `/`-separated. */
  path: string;
  added: number;
  removed: number;
}

/** The segments of a path the patch names, or why it is not one to write. */
function segments(path: string): string[] {
  if (path === '' || /[\\\0]/.test(path) || path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    throw new UnsafePatchError(`the patch names ${JSON.stringify(path)}: not a path inside the working tree`);
  }
  const parts = path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new UnsafePatchError(`the patch names ${JSON.stringify(path)}: a path must not climb out (..)`);
  }
  if ((parts[0] as string).toLowerCase() === '.git') {
    throw new UnsafePatchError(`the patch names ${JSON.stringify(path)}: inside .git, which is not applied`);
  }
  return parts;
}

/** The file a path names under `root`, every component a directory or the file itself, none a symlink. */
async function regularFile(root: string, path: string): Promise<string> {
  const parts = segments(path);
  let at = root;
  for (const [i, part] of parts.entries()) {
    at = join(at, part);
    const stat = await lstat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
        throw new PatchError(`${path}: not in the working tree (${root})`);
      }
      throw error;
    });
    if (stat.isSymbolicLink()) {
      throw new UnsafePatchError(
        `the patch names ${JSON.stringify(path)}, which goes through a symbolic link`,
      );
    }
    const last = i === parts.length - 1;
    if (last ? !stat.isFile() : !stat.isDirectory()) {
      throw new PatchError(`${path}: not a regular file in the working tree`);
    }
  }
  return at;
}

function counts(patch: FilePatch): { added: number; removed: number } {
  const lines = patch.hunks.flatMap((h) => h.lines);
  return {
    added: lines.filter((l) => l.mark === '+').length,
    removed: lines.filter((l) => l.mark === '-').length,
  };
}

/**
 * Applies `patchText` under `dir` (with `dryRun`, checks that it would and writes nothing): the files it
 * changes, or a `PatchError` / `UnsafePatchError` with nothing written.
 */
export async function applyToTree(
  dir: string,
  patchText: string,
  options: { dryRun: boolean },
): Promise<TreeChange[]> {
  const root = await realpath(dir);
  const patches = parsePatch(patchText);
  const planned: { file: string; content: string; mode: number; change: TreeChange }[] = [];
  for (const patch of patches) {
    const file = await regularFile(root, patch.path);
    const [content, stat] = await Promise.all([readFile(file, 'utf8'), lstat(file)]);
    planned.push({
      file,
      content: applyFilePatch(content, patch),
      mode: stat.mode & 0o7777,
      change: { path: patch.path, ...counts(patch) },
    });
  }
  if (options.dryRun) return planned.map((p) => p.change);
  // Every new content written beside its file first; then the renames, which do not fail half-way.
  const temps: string[] = [];
  try {
    for (const p of planned) {
      const temp = join(dirname(p.file), `.secscan-fix-${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temp, p.content, { flag: 'wx', mode: 0o600 });
      temps.push(temp);
      await chmod(temp, p.mode);
    }
  } catch (error) {
    await Promise.all(temps.map((t) => rm(t, { force: true })));
    throw error;
  }
  for (const [i, p] of planned.entries()) await rename(temps[i] as string, p.file);
  return planned.map((p) => p.change);
}

/**
 * Writes files under `dir` (made if missing), each whole through a temporary file renamed into place: a path
 * that is absolute, climbs out, goes through a symbolic link or into .git is refused before anything is
 * written (`sandbox sources`: the demo apps' trees).
 */
export async function writeTree(
  dir: string,
  files: readonly { path: string; content: string }[],
): Promise<void> {
  for (const f of files) segments(f.path);
  await mkdir(dir, { recursive: true });
  const root = await realpath(dir);
  for (const f of files) {
    const parts = segments(f.path);
    let at = root;
    for (const part of parts.slice(0, -1)) {
      at = join(at, part);
      const stat = await lstat(at).catch(() => undefined);
      if (!stat) await mkdir(at);
      else if (!stat.isDirectory() || stat.isSymbolicLink()) {
        throw new UnsafePatchError(`${f.path}: ${at} is not a directory of the tree`);
      }
    }
    const file = join(at, parts.at(-1) as string);
    const existing = await lstat(file).catch(() => undefined);
    if (existing && !existing.isFile()) throw new UnsafePatchError(`${f.path}: not a regular file`);
    const temp = join(at, `.secscan-${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, f.content, { flag: 'wx', mode: 0o644 });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
