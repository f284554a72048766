import { arg, defineVerb } from '../define.js';
import { targetProfile } from '../shared/profiles.js';
import { checkWritableKey, keyHelp } from './internal/keys.js';

export default defineVerb({
  name: 'unset',
  summary: 'Remove a setting from the profile',
  examples: ['secscan config unset org_id', 'secscan --profile ci config unset base_url'],
  operations: [],
  args: [arg('key', keyHelp)],
  validate({ args: [key] }) {
    return checkWritableKey(key);
  },
  async run(ctx, { plan: key }) {
    const store = await ctx.store();
    const name = targetProfile(ctx, store);
    if (!store.get(name)) {
      ctx.note(`Profile ${name} does not exist: nothing to do.`);
      return { kind: 'none' };
    }
    await store.update(name, { [key]: undefined });
    ctx.note(`Removed ${key} from profile ${name}.`);
    return { kind: 'none' };
  },
});
