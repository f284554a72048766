import type { Context } from '../../context.js';
import { targetProfile } from '../auth/profile-name.js';
import type { Result, RunInput } from '../types.js';
import { checkWritableKey } from './keys.js';

export function validate({ args }: RunInput): void {
  checkWritableKey(args[0] as string);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const key = checkWritableKey(args[0] as string);
  const store = await ctx.store();
  const name = targetProfile(ctx, store);
  if (!store.get(name)) {
    ctx.note(`Profile ${name} does not exist: nothing to do.`);
    return { kind: 'none' };
  }
  store.update(name, { [key]: undefined });
  ctx.note(`Removed ${key} from profile ${name}.`);
  return { kind: 'none' };
}
