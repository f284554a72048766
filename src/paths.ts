import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { getAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The installed package's directory (holding package.json), from source or from the bundle in dist/. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('secscan: cannot find the package directory');
    dir = parent;
  }
  root = dir;
  return dir;
}

/**
 * A file of the package (`package.json`, `completions/NAME`): read from its directory, or, in the single
 * executable (Node.js and secscan in one file, scripts/release.mjs), from the assets built into it.
 */
export function readPackageFileSync(path: string): string {
  return isSea() ? getAsset(path, 'utf8') : readFileSync(join(packageRoot(), path), 'utf8');
}

export async function readPackageFile(path: string): Promise<string> {
  return isSea() ? getAsset(path, 'utf8') : readFile(join(packageRoot(), path), 'utf8');
}

/** The program and arguments that run this secscan again: the single executable, or Node.js with bin/secscan.js. */
export function selfCommand(args: readonly string[]): [string, string[]] {
  return [process.execPath, isSea() ? [...args] : [join(packageRoot(), 'bin', 'secscan.js'), ...args]];
}
