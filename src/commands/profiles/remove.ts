import { arg, defineVerb } from '../define.js';
import { profileName, requireProfile } from '../shared/profiles.js';

export default defineVerb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove a profile and its token',
  examples: ['secscan profiles remove staging --yes'],
  operations: [],
  args: [arg('name', 'profile name', { complete: 'profile', parser: profileName })],
  async run(ctx, { args: [name] }) {
    const store = await ctx.store();
    requireProfile(store, name);
    await ctx.confirm(`Remove profile ${name} and its token?`);
    await store.remove(name);
    ctx.note(`Removed profile ${name}.`);
    return { kind: 'none' };
  },
});
