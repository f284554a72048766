import { readFileSync } from 'node:fs';
import { operations } from '../../api/operations/index.js';
import type { PackageInfo } from '../../api/schemas/sca.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';

const purlPattern = /^pkg:[a-zA-Z][a-zA-Z0-9.+-]*\/\S+$/;

function cves(row: PackageInfo): string {
  return (row.cves ?? [])
    .map((c) => {
      const v3 = c.impact?.cvssV3;
      const score = v3?.baseScore === undefined ? '' : ` ${v3.baseScore.toFixed(1)}`;
      return `${c.id ?? c.internalId ?? '?'}${score || v3?.baseSeverity ? ` (${[score.trim(), v3?.baseSeverity].filter(Boolean).join(' ')})` : ''}`;
    })
    .join(', ');
}

export const view = defineView<PackageInfo>({
  columns: [
    { key: 'purl', header: 'PURL' },
    { key: 'licenses', header: 'LICENSES' },
    { key: 'cves', header: 'CVES', get: cves },
  ],
});

function check(purls: string[], where: string): string[] {
  for (const p of purls) {
    if (!purlPattern.test(p)) {
      throw new UsageError(
        `invalid package URL ${JSON.stringify(p)}${where}: expected pkg:<type>/<name>@<version>`,
      );
    }
  }
  return purls;
}

export function validate({ args, opts }: RunInput): void {
  if (!args.length && opts.fromFile === undefined)
    throw new UsageError('give at least one package URL, or --from-file FILE');
  check(args, '');
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const purls = [...args];
  if (opts.fromFile !== undefined) {
    let text: string;
    try {
      text = opts.fromFile === '-' ? await ctx.readStdin() : readFileSync(opts.fromFile, 'utf8');
    } catch (error) {
      throw new UsageError(`--from-file: cannot read ${opts.fromFile}: ${(error as Error).message}`);
    }
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    purls.push(...check(lines, ` in --from-file ${opts.fromFile}`));
  }
  if (!purls.length) throw new UsageError('--from-file: no package URLs found');
  const client = await ctx.client({ requireOrg: false });
  const info = await ctx.spin('Looking up packages', () =>
    client.call<PackageInfo[]>(operations.RetrievePackageInfo, { body: { purls: [...new Set(purls)] } }),
  );
  return { kind: 'list', rows: info as Record<string, unknown>[] };
}
