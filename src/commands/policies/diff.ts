import { NotFoundError } from '../../errors.js';
import { unifiedDiff } from '../../util/line-diff.js';
import { policyDiffDocument } from '../../output/export/texts.js';
import { defineVerb } from '../define.js';
import { policyFileArg, readPolicyFile, referenceArg } from './internal/file.js';

export default defineVerb({
  name: 'diff',
  summary: 'Show what pushing a file would change in a stored policy',
  description:
    'Show what pushing a file would change in a stored policy: a unified diff from the stored version ' +
    '(NAME: the latest, NAME:TAG: that tag) to the file as it would be sent.\n\n' +
    'The file is checked as `policies push` checks it. Exit 0 whether or not they differ; `-o json` ' +
    'prints {reference, exists, changed, diff}.',
  examples: [
    'secscan policies diff default .secscan/rules.yml',
    'secscan policies diff default:1 rules.yml -o json | jq .changed',
  ],
  operations: ['ResolveCheckAnalysisConfiguration'],
  args: [referenceArg, policyFileArg],
  document: policyDiffDocument,
  async run(ctx, { args: [reference, file] }) {
    const { label, yaml } = await readPolicyFile(ctx, file);
    const client = await ctx.client();
    let stored: string | undefined;
    try {
      stored = await client.call('ResolveCheckAnalysisConfiguration', { path: { reference } });
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
    const diff = unifiedDiff(stored ?? '', yaml, [
      stored === undefined ? '/dev/null' : `policy ${reference}`,
      label,
    ]);
    if (stored === undefined) ctx.note(`No policy ${reference} is stored: a push would create it.`);
    else if (!diff) ctx.note(`No changes: ${label} is what policy ${reference} holds.`);
    return {
      kind: 'document',
      document: {
        type: 'policy-diff' as const,
        reference,
        exists: stored !== undefined,
        changed: diff !== '',
        diff,
      },
    };
  },
});
