import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { ExitCode, UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { chunks, collectIds, readFindings, requireApp, validateIds } from './ids.js';
import { requireEmail } from './query.js';
import { batchSize } from './status.js';
import { changeView } from './view.js';

export const view = changeView;

export function validate({ args, opts }: RunInput): void {
  if (opts.to === undefined && !opts.none) throw new UsageError('give --to EMAIL, or --none to unassign');
  if (opts.to !== undefined && opts.none) throw new UsageError('--to and --none cannot be used together');
  if (opts.to !== undefined) requireEmail('--to', String(opts.to));
  validateIds(args, opts);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const app = requireApp(opts);
  const ids = await collectIds(ctx, args, opts);
  const client = await ctx.client();
  const { found, unknown } = await ctx.spin('Reading the findings', () => readFindings(ctx, app, ids));
  const assignee = opts.none ? '' : String(opts.to);
  const known = found.map((f) => String(f.id));
  await ctx.spin('Setting the assignee', async () => {
    if (known.length === 1) {
      await client.call(operations.SetAppFindingAssignee, {
        path: { appID: app, findingID: known[0] },
        body: { assignee },
      });
    } else {
      for (const batch of chunks(known, batchSize)) {
        await client.call(operations.SetAppMultipleFindingsAssignee, {
          path: { appID: app },
          body: { findings: batch.map(Number), assignee },
        });
      }
    }
  });
  const rows = found.map((f) => ({
    id: f.id,
    title: f.title,
    before: f.assignee ?? '',
    after: assignee,
    changed: (f.assignee ?? '') !== assignee,
  }));
  ctx.note(
    `${assignee ? `Assigned to ${assignee}` : 'Unassigned'}: ${rows.length} finding${rows.length === 1 ? '' : 's'} of ${app}.`,
  );
  return { kind: 'list', rows, exitCode: unknown.length ? ExitCode.notFound : undefined };
}
