import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { operations } from '../../api/operations/index.js';
import { scanLanguages } from '../../api/schemas/findings.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { requireScanId, requireTag } from '../scans/refs.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty } from '../validate.js';
import { requireCompoundName } from './common.js';

export function validate({ args, opts }: RunInput): void {
  requireCompoundName(args[0]);
  if (opts.out === undefined) throw new UsageError('--out is required (a file, or - for standard output)');
  requireNonEmpty('--out', opts.out);
  if (opts.out !== '-') {
    const isDir = statSync(dirname(resolve(opts.out)), { throwIfNoEntry: false })?.isDirectory() ?? false;
    if (!isDir) throw new UsageError(`invalid value for --out: the directory of ${opts.out} does not exist`);
  }
  const selectors = ['scan', 'version', 'branch', 'tag'].filter((k) => opts[k] !== undefined);
  if (selectors.length > 1) throw new UsageError(`choose one scan selector: --${selectors.join(', --')}`);
  if (opts.scan !== undefined) requireScanId('--scan', opts.scan);
  if (opts.version !== undefined) requireNonEmpty('--version', opts.version);
  if (opts.branch !== undefined) requireNonEmpty('--branch', opts.branch);
  if (opts.tag !== undefined) requireTag('--tag', opts.tag);
  if (opts.language !== undefined && !(scanLanguages as readonly string[]).includes(opts.language)) {
    throw new UsageError(
      `invalid value for --language: ${JSON.stringify(opts.language)} (choose from ${scanLanguages.join(', ')})`,
    );
  }
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const [key, value] = opts.tag ? (opts.tag as string).split(/=(.*)/s) : [];
  const params = {
    path: { compoundName: args[0] },
    query: {
      polyglot_scan: opts.scan,
      scan_version: opts.version,
      scan_branch: opts.branch,
      scan_tag: key === undefined ? undefined : `${key}__eq__${value}`,
      scan_language: opts.language,
    },
  };
  if (opts.out === '-') {
    const body = await client.call<unknown>(operations.DownloadSarifReport, params);
    return { kind: 'raw', body: typeof body === 'string' ? body : JSON.stringify(body, null, 2) };
  }
  const bytes = await ctx.spin(`Downloading the SARIF report of ${args[0]}`, () =>
    client.download(operations.DownloadSarifReport, params, opts.out),
  );
  ctx.note(`Wrote ${opts.out} (${bytes} bytes).`);
  return { kind: 'none' };
}
