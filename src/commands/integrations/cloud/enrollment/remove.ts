import { defineVerb } from '../../../define.js';
import { appOption, compoundOption, levelOf } from './internal/level.js';
import { checkWith, shellArg } from '../../../../util/hints.js';

export default defineVerb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove a compound’s own enrollment: the organization’s applies to it again',
  description:
    'Remove the enrollment of one compound on the cloud-security platform (Wiz); the organization’s ' +
    'enrollment then applies to it. The organization’s own enrollment cannot be removed, only disabled ' +
    '(`enrollment set --org --disable`).',
  examples: [
    'secscan integrations cloud enrollment remove --compound shop',
    'secscan integrations cloud enrollment remove --compound shop --yes',
  ],
  operations: ['removeWizCompoundEnrollment'],
  options: {
    compound: compoundOption,
    app: appOption('not available: apps follow their compound', true),
  },
  validate({ opts, orgLevel }) {
    return levelOf('remove', orgLevel, opts);
  },
  async run(ctx, { plan: level }) {
    if (level.kind !== 'compound') return { kind: 'none' };
    const client = await ctx.client();
    await ctx.confirm(
      `Remove the enrollment of compound ${level.compound}? The organization’s enrollment applies to it again`,
    );
    await client.call('removeWizCompoundEnrollment', {
      path: { compoundName: level.compound },
      verify: checkWith(`secscan integrations cloud enrollment show --compound ${shellArg(level.compound)}`),
    });
    ctx.note(`Removed the enrollment of compound ${level.compound}; the organization’s applies to it again.`);
    return { kind: 'none' };
  },
});
