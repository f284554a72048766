import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { ReportFile } from '../../output/export/files.js';
import type { OutputFormat } from '../../output/core/format.js';
import { list } from '../define.js';
import { pattern } from '../parsers.js';

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

/** `--out FORMAT=FILE`, repeatable: every format the verb can print, each to its own file. */
export function outOption(formats: readonly OutputFormat[], what: string) {
  return list(
    '--out <format=file>',
    `also write ${what} as FORMAT to FILE\n\nfrom the same answer (repeatable; FORMAT: ${formats.join(', ')})`,
    {
      parser: pattern(
        new RegExp(`^(${formats.join('|')})=.+$`),
        `expected FORMAT=FILE, FORMAT one of ${formats.join(', ')}`,
      ),
    },
  );
}

/**
 * The files a run writes, from `--out FORMAT=FILE` and the given `--report-*` flags, each checked before any
 * request: a file (not a directory) in a directory that exists, named once, and not the input `keep`.
 */
export function reportFiles(
  out: readonly string[] | undefined,
  reports: readonly (ReportFile | undefined)[] = [],
  keep?: { flag: string; path: string },
): ReportFile[] {
  const files: ReportFile[] = [
    ...reports.filter((r): r is ReportFile => r !== undefined),
    ...(out ?? []).map((value): ReportFile => {
      const eq = value.indexOf('=');
      return { format: value.slice(0, eq) as OutputFormat, path: value.slice(eq + 1), flag: '--out' };
    }),
  ];
  const seen = new Map<string, string>();
  for (const file of files) {
    if (file.flag === '--out' && file.path === '-') {
      throw new UsageError('invalid value for --out: - is standard output (use -o FORMAT for it)');
    }
    const full = resolve(file.path);
    const other = seen.get(full);
    if (other) throw new UsageError(`${file.flag} and ${other} name the same file ${file.path}`);
    if (keep && resolve(keep.path) === full) {
      throw new UsageError(`${file.flag} would overwrite the ${keep.flag} file ${file.path}`);
    }
    seen.set(full, file.flag);
    checkOutputFile(file.flag, file.path);
  }
  return files;
}
