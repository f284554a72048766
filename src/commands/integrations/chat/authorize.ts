import { defineVerb, flag } from '../../define.js';
import { authorizationAddress } from '../internal/authorization.js';

export default defineVerb({
  name: 'authorize',
  summary: 'Print the address where the chat service (Slack) is connected',
  description:
    'Ask the service where to approve access to the chat service (Slack) for the organization and print ' +
    'that address on stdout. The service answers with a redirect, which is read and never followed: the ' +
    'token stays here. Open the address in a browser signed in to Slack and approve; with --open it is ' +
    'opened for you when run at a terminal (never when CI is set). $BROWSER, when set, names the browser.',
  examples: [
    'secscan integrations chat authorize',
    'secscan integrations chat authorize --open',
    'xdg-open "$(secscan integrations chat authorize)"',
  ],
  operations: ['AuthorizeSlack'],
  options: {
    open: flag('--open', 'also open the address in the browser (at a terminal only, never in CI)'),
  },
  async run(ctx, { opts }) {
    return authorizationAddress(ctx, 'AuthorizeSlack', 'the chat service (Slack)', opts.open);
  },
});
