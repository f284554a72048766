import { checkBaseUrl, checkOrgId } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { targetProfile } from '../auth/profile-name.js';
import type { Result, RunInput } from '../types.js';
import { checkWritableKey } from './keys.js';

function checkValue(key: string, value: string, allowInsecureHttp: boolean): string {
  const source = 'the command line';
  return key === 'base_url' ? checkBaseUrl(value, source, allowInsecureHttp) : checkOrgId(value, source);
}

export function validate({ args }: RunInput): void {
  checkWritableKey(args[0] as string);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const key = checkWritableKey(args[0] as string);
  const value = checkValue(key, args[1] as string, ctx.globals.allowInsecureHttp);
  const store = await ctx.store();
  const name = targetProfile(ctx, store);
  store.update(name, { [key]: value });
  if (!store.currentName) store.use(name);
  ctx.note(`Set ${key} in profile ${name}.`);
  return { kind: 'none' };
}
