import { uuidPattern } from '@secscan/api/values';
import { arg, defineVerb, flag } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { compoundDetailView } from '../../output/views/compounds.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a compound by name or id, with its apps',
  examples: ['secscan compounds show shop', 'secscan compounds show shop --full -o json'],
  operations: ['ReadCompoundShallowByID', 'ReadCompoundShallowByName', 'ReadCompoundFull'],
  args: [
    arg('name-or-id', 'compound name, or its id (uuid)', {
      parser: nonEmpty('compound name'),
      complete: 'compound',
    }),
  ],
  options: { full: flag('--full', 'the full form: each app with its configuration') },
  view: compoundDetailView,
  async run(ctx, { args: [key], opts }) {
    const client = await ctx.client();
    const shallow = uuidPattern.test(key)
      ? await client.call('ReadCompoundShallowByID', { path: { compoundID: key } })
      : await client.call('ReadCompoundShallowByName', { path: { compoundName: key } });
    if (!opts.full) return { kind: 'object', item: shallow };
    const full = await client.call('ReadCompoundFull', { path: { compoundID: shallow.id ?? key } });
    return { kind: 'object', item: full };
  },
});
