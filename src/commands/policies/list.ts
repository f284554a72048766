import { type PolicyRow, policyView } from '../../output/views/policies.js';
import { defineVerb, parsed } from '../define.js';
import { namePattern } from './internal/file.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the stored policies: one row per version, with its tags and content hash',
  examples: ['secscan policies list', 'secscan policies list --name default -o json'],
  operations: ['ListCheckAnalysisConfiguration'],
  options: {
    name: parsed('--name <name>', 'only the versions of this policy', namePattern, { complete: 'policy' }),
  },
  view: policyView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const versions = await client.call('ListCheckAnalysisConfiguration', { query: { name: opts.name } });
    const rows: PolicyRow[] = versions.flatMap((version) =>
      version.tags
        .filter((tag) => opts.name === undefined || tag.name === opts.name)
        .map((tag) => ({ name: tag.name, tags: tag.tags, contentHash: version.contentHash })),
    );
    rows.sort((a, b) => a.name.localeCompare(b.name));
    return { kind: 'list', rows };
  },
});
