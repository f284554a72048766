import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { ApiError, NotFoundError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { requireApp, requireFindingId } from './ids.js';

export const view = (opts: Record<string, unknown>) =>
  opts.applied
    ? defineView<Record<string, unknown>>({
        columns: [
          { key: 'finding_id', header: 'Finding' },
          { key: 'status', header: 'Status' },
          { key: 'scan_id', header: 'Scan' },
          { key: 'fix', header: 'Fix' },
        ],
      })
    : defineView<Record<string, unknown>>({
        columns: [
          { key: 'fix', header: 'Recommended fix', style: (t, _r, chalk) => chalk.bold(t) },
          { key: 'fix_notes', header: 'Notes' },
        ],
      });

export function validate({ args, opts }: RunInput): void {
  requireApp(opts);
  requireFindingId(args[0]);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const path = { appID: opts.app, findingID: args[0] };
  if (!opts.applied) {
    const fix = await client.call<Record<string, unknown>>(operations.ReadRecommendedFix, { path });
    return { kind: 'object', item: fix };
  }
  try {
    const fix = await client.call<Record<string, unknown>>(operations.ReadFindingFix, { path });
    return { kind: 'object', item: fix };
  } catch (error) {
    // ReadFindingFix: the feature is off unless the vendor turns it on for the organization.
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw new NotFoundError(
        `finding ${args[0]} of ${opts.app} has no applied fix: reading applied fixes is a feature the service keeps off until the vendor enables it for the organization (${error.message})`,
        5,
        404,
        error.body,
        `the recommended fix needs no feature: secscan findings fix --app ${opts.app} ${args[0]}`,
      );
    }
    throw error;
  }
}
