import { arg, defineVerb } from '../define.js';
import { profileName, requireProfile } from '../shared/profiles.js';

export default defineVerb({
  name: 'use',
  summary: 'Make a profile the current one',
  examples: ['secscan profiles use staging'],
  operations: [],
  args: [arg('name', 'profile name', { complete: 'profile', parser: profileName })],
  async run(ctx, { args: [name] }) {
    const store = await ctx.store();
    requireProfile(store, name);
    await store.use(name);
    ctx.note(`Now using profile ${name}.`);
    return { kind: 'none' };
  },
});
