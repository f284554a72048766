import { arg, defineVerb } from '../../define.js';
import { appId } from '../../parsers.js';
import { checkWith } from '../../../util/hints.js';

export default defineVerb({
  name: 'unlink',
  summary: 'Remove the link between an app and its work-board project',
  description:
    'Remove the link of an app to its Azure DevOps project. Work items already created stay on the board.',
  examples: [
    'secscan integrations board unlink payments-api',
    'secscan integrations board unlink payments-api --yes',
  ],
  operations: ['DeleteAzureboardAssociation'],
  args: [arg('app', 'app id', { parser: appId(), complete: 'app' })],
  async run(ctx, { args: [app] }) {
    const client = await ctx.client();
    await ctx.confirm(`Unlink ${app} from its work-board project? Its findings can no longer be submitted`);
    await client.call('DeleteAzureboardAssociation', {
      path: { appID: app },
      verify: checkWith(`secscan integrations board show ${app}`),
    });
    ctx.note(`Unlinked ${app} from the work board.`);
    return { kind: 'none' };
  },
});
