import { userView } from '../../output/views/users.js';
import { defineVerb, list } from '../define.js';
import { email } from '../parsers.js';
import { mapLimit } from '../../util/batches.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'Look users up by e-mail: id, organization role and teams',
  description:
    'Look users up by e-mail: their id, organization role and teams. The service finds users by ' +
    'address only: give --email once for each.',
  examples: [
    'secscan users list --email member@initech.example',
    'secscan users list --email member@initech.example --email guest@initech.example -o json',
  ],
  operations: ['ListOrgRBACUsers'],
  options: {
    email: list('--email <address>', 'the e-mail to look up (repeatable)', {
      parser: email(),
      required: 'the service looks users up by e-mail address',
      complete: 'user',
    }),
  },
  view: userView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    // One look-up per address: the specification's `email` is one address.
    const pages = await ctx.spin('Looking users up', () =>
      mapLimit([...new Set(opts.email)], 8, async (email) =>
        (await client.allPages('ListOrgRBACUsers', { query: { email } })).flat(),
      ),
    );
    return { kind: 'list', rows: pages.flat() };
  },
});
