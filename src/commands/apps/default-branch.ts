import { arg, defineVerb } from '../define.js';
import { appId, nonEmpty } from '../parsers.js';
import { checkWith, shellArg } from '../../util/hints.js';

export default defineVerb({
  name: 'default-branch',
  summary: 'Set an app’s default branch',
  examples: ['secscan apps default-branch payments-api trunk'],
  operations: ['UpdateAppDefaultBranch'],
  args: [
    arg('id', 'app id', { parser: appId(), complete: 'app' }),
    arg('branch', 'the new default branch', { parser: nonEmpty('branch') }),
  ],
  async run(ctx, { args: [id, branch] }) {
    const client = await ctx.client();
    const answer = await client.call('UpdateAppDefaultBranch', {
      path: { appID: id },
      body: { default_branch: branch },
      verify: checkWith(`secscan apps config show ${shellArg(id)}`, '(setting it again is harmless)'),
    });
    ctx.note(`The default branch of ${id} is now ${answer.default_branch ?? branch}.`);
    return { kind: 'none' };
  },
});
