import { defineVerb, flag } from '../../define.js';
import { authorizationAddress } from '../internal/authorization.js';

export default defineVerb({
  name: 'authorize',
  summary: 'Print the address where the work board (Azure Boards) is authorized',
  description:
    'Ask the service where to authorize the work board (Azure Boards) for the organization and print that ' +
    'address on stdout. The service answers with a redirect, which is read and never followed: the token ' +
    'stays here. Open the address in a browser signed in to Azure DevOps and approve; with --open it is ' +
    'opened for you when run at a terminal (never when CI is set). $BROWSER, when set, names the browser.',
  examples: ['secscan integrations board authorize', 'secscan integrations board authorize --open'],
  operations: ['AzureAuthorization'],
  options: {
    open: flag('--open', 'also open the address in the browser (at a terminal only, never in CI)'),
  },
  async run(ctx, { opts }) {
    return authorizationAddress(ctx, 'AzureAuthorization', 'the work board (Azure Boards)', opts.open);
  },
});
