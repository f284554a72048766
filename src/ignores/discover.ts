import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Where an ignore file is looked for in each directory. */
export const ignoreFileName = join('.secscan', 'ignore.yml');

/**
 * The ignore file that applies in `start`: `.secscan/ignore.yml` there or in the nearest directory above
 * it, looking no higher than the repository's root (the first directory with a `.git`) or, outside a
 * repository, the filesystem's root. Returned as a path relative to `start` when it is below or beside it
 * (`.secscan/ignore.yml`, `../.secscan/ignore.yml`), the form reports cite it in; undefined when none.
 */
export function findIgnoreFile(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, ignoreFileName);
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(start, candidate) || candidate;
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}
