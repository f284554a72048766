import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireUuid } from '../validate.js';
import { failureView } from './view.js';

export const view = failureView;

export function validate({ args }: RunInput): void {
  requireUuid('failure id', args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const item = await client.call<Record<string, unknown>>(operations.GetAnalyzeFailure, {
    path: { failureId: args[0] },
  });
  return { kind: 'object', item };
}
