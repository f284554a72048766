import type { Context } from '../../context.js';
import type { Result } from '../types.js';
import { targetProfile } from './profile-name.js';

export async function run(ctx: Context): Promise<Result> {
  const store = await ctx.store();
  const name = targetProfile(ctx, store);
  if (!store.get(name)?.token) {
    ctx.note(`Profile ${name} holds no token: nothing to do.`);
    return { kind: 'none' };
  }
  store.update(name, { token: undefined });
  ctx.note(`Removed the token from profile ${name}.`);
  if (ctx.env.SECSCAN_TOKEN || ctx.env.SHIFTLEFT_ACCESS_TOKEN) {
    ctx.warn(
      'a token is still set in the environment (SECSCAN_TOKEN or SHIFTLEFT_ACCESS_TOKEN) and will be used',
    );
  }
  return { kind: 'none' };
}
