import { checkBaseUrl, checkOrgId } from '../../config/settings.js';
import { arg, defineVerb } from '../define.js';
import { targetProfile } from '../shared/profiles.js';
import { checkWritableKey, keyHelp, type WritableKey } from './keys.js';

function checkValue(key: WritableKey, value: string, allowInsecureHttp: boolean): string {
  const source = 'the command line';
  return key === 'base_url' ? checkBaseUrl(value, source, allowInsecureHttp) : checkOrgId(value, source);
}

export default defineVerb({
  name: 'set',
  summary: 'Store a setting in the profile',
  examples: [
    'secscan config set base_url https://app.example.com',
    'secscan --profile ci config set org_id <uuid>',
  ],
  operations: [],
  args: [arg('key', keyHelp), arg('value', 'the value')],
  validate({ args: [key] }) {
    checkWritableKey(key);
  },
  async run(ctx, { args: [rawKey, rawValue] }) {
    const key = checkWritableKey(rawKey);
    const value = checkValue(key, rawValue, ctx.globals.allowInsecureHttp);
    const store = await ctx.store();
    const name = targetProfile(ctx, store);
    await store.update(name, { [key]: value });
    if (!store.currentName) await store.use(name);
    ctx.note(`Set ${key} in profile ${name}.`);
    return { kind: 'none' };
  },
});
