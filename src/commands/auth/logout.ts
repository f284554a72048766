import { defineVerb } from '../define.js';
import { targetProfile } from '../shared/profiles.js';

export default defineVerb({
  name: 'logout',
  summary: 'Remove the token from a profile (keeps its base URL and organization)',
  examples: ['secscan auth logout', 'secscan auth logout --profile staging'],
  operations: [],
  async run(ctx) {
    const store = await ctx.store();
    const name = targetProfile(ctx, store);
    if (!store.get(name)?.token) {
      ctx.note(`Profile ${name} holds no token: nothing to do.`);
      return { kind: 'none' };
    }
    await store.update(name, { token: undefined });
    ctx.note(`Removed the token from profile ${name}.`);
    if (ctx.env.SECSCAN_TOKEN || ctx.env.SHIFTLEFT_ACCESS_TOKEN) {
      ctx.warn(
        'a token is still set in the environment (SECSCAN_TOKEN or SHIFTLEFT_ACCESS_TOKEN) and will be used',
      );
    }
    return { kind: 'none' };
  },
});
