import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { parseDuration, requireNonEmpty } from '../validate.js';
import { createdTokenView } from './view.js';

export const view = createdTokenView;

export function validate({ opts }: RunInput): void {
  if (opts.label === undefined) throw new UsageError('--label is required');
  if (opts.role === undefined)
    throw new UsageError('--role is required (see `secscan roles list --access-token`)');
  requireNonEmpty('--label', opts.label);
  requireNonEmpty('--role', opts.role);
  if (opts.validFor !== undefined) parseDuration('--valid-for', opts.validFor);
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const token = await client.call<Record<string, unknown>>(operations.CreateToken, {
    body: {
      label: opts.label,
      role_id: opts.role,
      description: opts.description,
      token_type: opts.type,
      valid_for_seconds:
        opts.validFor === undefined ? undefined : parseDuration('--valid-for', opts.validFor),
    },
  });
  ctx.note('Save this token now: its value is not shown again.');
  return { kind: 'object', item: token };
}
