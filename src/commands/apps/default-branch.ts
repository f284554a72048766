import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty } from '../validate.js';
import { requireAppId } from './view.js';

export function validate({ args }: RunInput): void {
  requireAppId('app id', args[0]);
  requireNonEmpty('branch', args[1]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const answer = await client.call<{ default_branch?: string }>(operations.UpdateAppDefaultBranch, {
    path: { appID: args[0] },
    body: { default_branch: args[1] },
  });
  ctx.note(`The default branch of ${args[0]} is now ${answer.default_branch ?? args[1]}.`);
  return { kind: 'none' };
}
