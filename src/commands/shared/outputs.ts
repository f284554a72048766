import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';

/**
 * A file a command will write (`--out`, `--report-*`): refused before any request when it is a directory or
 * its directory does not exist, not found out once the work is done.
 */
export function checkOutputFile(flag: string, path: string): void {
  const full = resolve(path);
  if (statSync(full, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`invalid value for ${flag}: ${path} is a directory (name a file)`);
  }
  if (!statSync(dirname(full), { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`invalid value for ${flag}: the directory of ${path} does not exist`);
  }
}
