import { UsageError } from '../../../errors.js';
import { analysisView } from '../../../output/views/org.js';
import { defineVerb, flag, parsed } from '../../define.js';
import { decimal } from '../../parsers.js';
import { checkWith } from '../../../util/hints.js';

export default defineVerb({
  name: 'set',
  summary: 'Change the secrets scanner’s settings for the whole organization',
  description:
    'Change the secrets scanner’s settings for the whole organization.\n\n' +
    'Only the analysis configuration changes; the rest of the organization configuration is left as ' +
    'is. secscan creates the analysis configuration when the organization has none and otherwise ' +
    'updates just the settings given. Teams and apps may override it (`secscan teams config`, ' +
    '`secscan apps config`).',
  examples: ['secscan org analysis set --secrets-entropy 4.2', 'secscan org analysis set --secrets-disable'],
  operations: ['ReadOrgConfig', 'CreateOrgAnalysisConfig', 'UpdateOrgAnalysisConfig'],
  options: {
    secretsEntropy: parsed(
      '--secrets-entropy <x>',
      'entropy threshold of the secrets scanner (a number)',
      decimal(0),
    ),
    secretsDisable: flag('--secrets-disable', 'turn the secrets scanner off', {
      conflicts: ['secretsEnable'],
    }),
    secretsEnable: flag('--secrets-enable', 'turn the secrets scanner on'),
  },
  view: analysisView,
  validate({ opts }) {
    if (opts.secretsEntropy === undefined && !opts.secretsDisable && !opts.secretsEnable) {
      throw new UsageError(
        'nothing to change: give --secrets-entropy, --secrets-disable or --secrets-enable',
      );
    }
  },
  async run(ctx, { opts }) {
    const secrets = {
      ...(opts.secretsEntropy === undefined ? {} : { entropy: opts.secretsEntropy }),
      ...(opts.secretsDisable ? { disable: true } : opts.secretsEnable ? { disable: false } : {}),
    };
    const client = await ctx.client();
    const before = await client.call('ReadOrgConfig');
    if (before.analysis_configuration?.secrets) {
      await client.call('UpdateOrgAnalysisConfig', {
        body: { secrets },
        verify: checkWith('secscan org config show'),
      });
    } else {
      await client.call('CreateOrgAnalysisConfig', {
        body: { secrets },
        verify: checkWith('secscan org config show'),
      });
    }
    const after = await client.call('ReadOrgConfig');
    ctx.note('Updated the organization’s analysis configuration.');
    return { kind: 'object', item: after.analysis_configuration ?? {} };
  },
});
