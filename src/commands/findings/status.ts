import { operations } from '../../api/operations/index.js';
import { statusUpdates } from '../../api/schemas/findings.js';
import type { Context } from '../../context.js';
import { ExitCode, UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { chunks, collectIds, mapLimit, readFindings, requireApp, validateIds } from './ids.js';
import { changeView } from './view.js';

export const view = changeView;
export const statusChoices = [...statusUpdates, 'none'] as const;
const resulting: Record<string, string> = {
  fixed: 'fixed',
  codeviolationfixed: 'fixed',
  ignore: 'ignored',
  codeviolationignore: 'ignored',
  codeviolationremovestatus: 'unset',
  none: 'unset',
};
export const batchSize = 100;

export function validate({ args, opts }: RunInput): void {
  if (opts.set === undefined) throw new UsageError(`--set is required (one of ${statusChoices.join(', ')})`);
  if (!(statusChoices as readonly string[]).includes(opts.set)) {
    throw new UsageError(
      `invalid value for --set: ${JSON.stringify(opts.set)} (choose from ${statusChoices.join(', ')})`,
    );
  }
  if (opts.comment !== undefined && !String(opts.comment).trim())
    throw new UsageError('--comment must not be empty');
  validateIds(args, opts);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const app = requireApp(opts);
  const ids = await collectIds(ctx, args, opts);
  const client = await ctx.client();
  const { found, unknown } = await ctx.spin('Reading the findings', () => readFindings(ctx, app, ids));
  const status = opts.set === 'none' ? undefined : (opts.set as string);
  const known = found.map((f) => String(f.id));
  await ctx.spin('Setting the status', async () => {
    // Only the single-finding operation carries a comment text (`optional_comment`).
    if (known.length === 1 || opts.comment !== undefined) {
      await mapLimit(known, 4, (id) =>
        client.call(operations.SetAppFindingStatus, {
          path: { appID: app, findingID: id },
          body: {
            ...(status ? { status } : {}),
            ...(opts.comment ? { optional_comment: opts.comment } : {}),
          },
        }),
      );
    } else {
      for (const batch of chunks(known, batchSize)) {
        await client.call(operations.SetAppMultipleFindingsStatus, {
          path: { appID: app },
          body: { findings: batch.map(Number), ...(status ? { status } : {}) },
        });
      }
    }
  });
  const after = resulting[opts.set as string] as string;
  const rows = found.map((f) => ({
    id: f.id,
    title: f.title,
    before: f.status,
    after,
    changed: f.status !== after,
  }));
  const changed = rows.filter((r) => r.changed).length;
  ctx.note(
    `Set ${after} on ${rows.length} finding${rows.length === 1 ? '' : 's'} of ${app} (${changed} changed).`,
  );
  return { kind: 'list', rows, exitCode: unknown.length ? ExitCode.notFound : undefined };
}
