import { notFoundError, UsageError } from '../../errors.js';
import { searchView } from '../../output/views/searches.js';
import { arg, defineVerb, text } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'update',
  summary: 'Rename a saved search or change its path or query',
  description:
    'Rename a saved search or change its path or query; what is not given keeps its value (secscan ' +
    'reads the search first and sends all three).',
  examples: [
    'secscan searches update 6694f9ce-d72a-45a3-a59a-5a8279010973 --query "severity=critical"',
    'secscan searches update 6694f9ce-d72a-45a3-a59a-5a8279010973 --name "Critical everywhere"',
  ],
  operations: ['ListSavedSearches', 'UpdateSavedSearch'],
  args: [arg('id', 'saved search id (see `secscan searches list`)', { parser: nonEmpty('search id') })],
  options: {
    name: text('--name <name>', 'new name'),
    path: text('--path <path>', 'new page path'),
    query: text('--query <query>', 'new query string'),
  },
  view: searchView,
  validate({ opts }) {
    if (opts.name === undefined && opts.path === undefined && opts.query === undefined) {
      throw new UsageError('nothing to change: give --name, --path or --query');
    }
  },
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const current = (await client.call('ListSavedSearches')).find((s) => s.id === id);
    if (!current) throw notFoundError(`you have no saved search ${id}`, 'see `secscan searches list`');
    const body = {
      search_name: opts.name ?? current.search_name ?? '',
      path_name: opts.path ?? current.path_name ?? '',
      search_query: opts.query ?? current.search_query ?? '',
    };
    await client.call('UpdateSavedSearch', {
      path: { searchID: id },
      body,
      verify: checkWith('secscan searches list'),
    });
    ctx.note(`Updated saved search ${id}.`);
    const updated = (await client.call('ListSavedSearches')).find((s) => s.id === id);
    return { kind: 'object', item: updated ?? { ...current, ...body } };
  },
});
