import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { ReportFile } from '../../output/core/result.js';
import type { OutputFormat } from '../../output/core/format.js';
import { type AnySpec, formatsOf, type ReportFlagsOf, reportFlagsOf } from '../../output/export/spec.js';
import { attributeOf, list, type OptionDecl, text } from '../define.js';
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

/** `--out FORMAT=FILE`, repeatable: every format of the verb's document, each to its own file. */
export function outOption(spec: AnySpec) {
  const formats = formatsOf(spec);
  const what = spec.what;
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

type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
/** The option key of `--report-FORMAT`: `reportJunit`, `reportGitlabSast`. */
type ReportKey<F extends string> = `report${Capitalize<Camel<F>>}`;

/** `--report-FORMAT FILE` of a document: one for each of its reports and of the base formats it names. */
export function reportOptions<S extends AnySpec>(
  spec: S,
): { [F in ReportFlagsOf<S> as ReportKey<F>]: OptionDecl<string, false> } {
  const options: Record<string, OptionDecl<string, false>> = {};
  for (const [format, summary] of reportFlagsOf(spec)) {
    const flags = `--report-${format} <file>`;
    options[attributeOf(flags)] = text(flags, `write ${summary}`, { complete: 'file' });
  }
  return options as { [F in ReportFlagsOf<S> as ReportKey<F>]: OptionDecl<string, false> };
}

/**
 * The files a run writes, from `--report-FORMAT FILE` of its document (given `opts` holding them) and
 * `--out FORMAT=FILE`, each checked before any request: a file (not a directory) in a directory that
 * exists, named once, and not the input `keep`.
 */
export function reportFiles(
  out: readonly string[] | undefined,
  reports?: { spec: AnySpec; opts: Readonly<Record<string, unknown>> },
  keep?: { flag: string; path: string },
): ReportFile[] {
  const flagged = reports
    ? reportFlagsOf(reports.spec).flatMap(([format]): ReportFile[] => {
        const flag = `--report-${format}`;
        const path = reports.opts[attributeOf(flag)];
        return typeof path === 'string' ? [{ format, path, flag }] : [];
      })
    : [];
  const files: ReportFile[] = [
    ...flagged,
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
