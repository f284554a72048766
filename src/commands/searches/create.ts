import { searchView } from '../../output/views/searches.js';
import { arg, defineVerb, text } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'create',
  summary: 'Save a search under a name',
  description:
    'Save a search under a name: the page of the service’s dashboard it belongs to (--path) and its ' +
    'query string (--query).\n\n' +
    'The service answers without the new search, so secscan finds it in your list and prints it.',
  examples: [
    'secscan searches create "High in ledger" --path /findings --query "severity=high&app=ledger-service"',
  ],
  operations: ['CreateSavedSearch', 'ListSavedSearches'],
  args: [arg('name', 'name of the search', { parser: nonEmpty('search name') })],
  options: {
    path: text('--path <path>', 'the page the search belongs to, e.g. /findings (required)', {
      required: true,
    }),
    query: text('--query <query>', 'the query string of the search (required)', { required: true }),
  },
  view: searchView,
  async run(ctx, { args: [name], opts }) {
    const body = { search_name: name, path_name: opts.path, search_query: opts.query };
    const client = await ctx.client();
    await client.call('CreateSavedSearch', { body, verify: checkWith('secscan searches list') });
    const created = (await client.call('ListSavedSearches'))
      .filter((s) => s.search_name === name && s.path_name === opts.path && s.search_query === opts.query)
      .sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''))[0];
    ctx.note(`Saved search ${name}.`);
    return created ? { kind: 'object', item: created } : { kind: 'none' };
  },
});
