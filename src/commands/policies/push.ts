import { pushedPolicyView } from '../../output/views/policies.js';
import { defineVerb, flag, parsed } from '../define.js';
import { namePattern, policyFileArg, readPolicyFile } from './internal/file.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'push',
  summary: 'Store a rules file as a policy (a new version of NAME)',
  description:
    'Store a rules file as a new version of the policy NAME (--name).\n\n' +
    'The file is checked first with the checker of `scans check --rules`: a file the gate would ' +
    'refuse is never stored (exit 3, with the line). It is sent as YAML. --use-defaults applies the ' +
    'service’s versioning (the next version tag); --tag gives a tag of your own instead (the two are ' +
    'alternatives: give one or neither). The latest push is ' +
    'what `scans check --policy NAME` uses. Prints the content hash and the tags of the stored ' +
    'version.',
  examples: [
    'secscan policies push .secscan/rules.yml --name default --use-defaults',
    'secscan policies push rules.json --name release --tag 2026.09',
  ],
  operations: ['UpsertCheckAnalysisConfiguration'],
  args: [policyFileArg],
  options: {
    name: parsed('--name <name>', 'policy name (required)', namePattern, {
      required: true,
      complete: 'policy',
    }),
    tag: parsed('--tag <tag>', 'tag this version (e.g. a version number)', namePattern, {
      conflicts: ['useDefaults'],
    }),
    useDefaults: flag('--use-defaults', 'apply the service’s versioning: the next version tag'),
  },
  view: pushedPolicyView,
  async run(ctx, { args: [file], opts }) {
    const { yaml } = await readPolicyFile(ctx, file);
    const client = await ctx.client();
    const stored = await client.call('UpsertCheckAnalysisConfiguration', {
      path: { reference: opts.name },
      query: { tag: opts.tag, useDefaults: opts.useDefaults ? true : undefined },
      body: yaml,
      verify: checkWith(`secscan policies list --name ${opts.name}`),
    });
    ctx.note(`Pushed policy ${opts.name}: \`secscan scans check --policy ${opts.name}\` uses it.`);
    return { kind: 'object', item: { name: opts.name, tags: stored.tags, contentHash: stored.contentHash } };
  },
});
