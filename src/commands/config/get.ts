import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { readableKeys, settingRows } from './keys.js';

export function validate({ args }: RunInput): void {
  if (!(readableKeys as readonly string[]).includes(args[0] as string)) {
    throw new UsageError(
      `unknown setting ${JSON.stringify(args[0])} (choose from ${readableKeys.join(', ')})`,
    );
  }
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const row = settingRows(await ctx.settings()).find((r) => r.key === args[0]);
  return { kind: 'raw', body: String(row?.value ?? '') };
}
