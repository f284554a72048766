import { defineVerb, flag, parsed } from '../define.js';
import { int } from '../parsers.js';
import { compoundView } from '../../output/views/compounds.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List compounds (not archived ones unless asked)',
  examples: ['secscan compounds list', 'secscan compounds list --all -o json'],
  operations: ['ListOrgCompounds'],
  options: {
    archived: flag('--archived', 'only archived compounds', { conflicts: ['all'] }),
    all: flag('--all', 'archived and not archived compounds'),
    limit: parsed('--limit <n>', 'at most this many compounds', int(1, 100_000)),
  },
  view: compoundView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const limit = opts.limit ?? Number.POSITIVE_INFINITY;
    // ListOrgCompounds: archived=true lists archived compounds only, archived=false the others.
    const states = opts.all ? [false, true] : [Boolean(opts.archived)];
    async function* rows() {
      let count = 0;
      for (const archived of states) {
        for await (const page of client.pages('ListOrgCompounds', { query: { archived, per_page: 100 } })) {
          for (const c of page.compounds) {
            if (count++ >= limit) return;
            yield { is_archived: archived, ...c };
          }
        }
      }
    }
    return { kind: 'list', rows: rows() };
  },
});
