import type { Context } from '../../context.js';
import { requireProfile } from '../auth/profile-name.js';
import type { Result, RunInput } from '../types.js';

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const name = args[0] as string;
  const store = await ctx.store();
  requireProfile(store, name);
  store.use(name);
  ctx.note(`Now using profile ${name}.`);
  return { kind: 'none' };
}
