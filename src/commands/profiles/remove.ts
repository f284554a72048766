import type { Context } from '../../context.js';
import { requireProfile } from '../auth/profile-name.js';
import type { Result, RunInput } from '../types.js';

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const name = args[0] as string;
  const store = await ctx.store();
  requireProfile(store, name);
  await ctx.confirm(`Remove profile ${name} and its token?`);
  store.remove(name);
  ctx.note(`Removed profile ${name}.`);
  return { kind: 'none' };
}
