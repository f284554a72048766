import { enrollmentKinds } from '@secscan/api/values';
import { UsageError } from '../../../../errors.js';
import { defineVerb, flag, list } from '../../../define.js';
import { splitList } from '../../../../util/lists.js';
import { appOption, compoundOption, levelOf } from './internal/level.js';
import { checkWith, shellArg } from '../../../../util/hints.js';

type Kind = (typeof enrollmentKinds)[number];

function kindsOf(values: readonly string[] | undefined): Kind[] | undefined {
  if (values === undefined) return undefined;
  const kinds = splitList(values).map((v) => {
    const kind = enrollmentKinds.find((k) => k === v.toUpperCase());
    if (!kind) {
      throw new UsageError(
        `invalid value for --for: ${JSON.stringify(v)} (choose from ${enrollmentKinds.join(', ')})`,
      );
    }
    return kind;
  });
  if (!kinds.length) throw new UsageError(`--for must name at least one of ${enrollmentKinds.join(', ')}`);
  return [...new Set(kinds)];
}

export default defineVerb({
  name: 'set',
  summary: 'Enroll the organization or a compound for SAST and SCA findings, or disable it',
  description:
    'Set the enrollment of the organization (the bare global --org; the default of every compound) or of ' +
    'one compound (--compound NAME): --for ' +
    'says which findings enrich the cloud-security platform (Wiz); the enrollment is enabled unless ' +
    '--disable is given. A compound disabled here is left out even while the organization is enrolled.',
  examples: [
    'secscan integrations cloud enrollment set --org --for SAST,SCA',
    'secscan integrations cloud enrollment set --compound shop --for SCA',
    'secscan integrations cloud enrollment set --compound legacy-docs --disable',
  ],
  operations: ['updateWizOrgEnrollment', 'updateWizCompoundEnrollment'],
  options: {
    compound: compoundOption,
    for: list(
      '--for <kinds>',
      `what to enroll for: ${enrollmentKinds.join(', ')} (comma-separated or repeated)`,
    ),
    disable: flag('--disable', 'disable the enrollment at this level (it then overrides a higher level)'),
    app: appOption('not available: apps follow their compound', true),
  },
  validate({ opts, orgLevel }) {
    const level = levelOf('set', orgLevel, opts);
    const kinds = kindsOf(opts.for);
    if (opts.for === undefined && !opts.disable) {
      throw new UsageError(`give --for ${enrollmentKinds.join(',')} (what to enroll for), or --disable`);
    }
    return { level, kinds };
  },
  async run(ctx, { opts, plan: { level, kinds } }) {
    const client = await ctx.client();
    const body = {
      ...(kinds ? { enrolled_for: kinds } : {}),
      scope: level.kind === 'compound' ? ('compound' as const) : ('organization' as const),
      is_enabled: !opts.disable,
    };
    if (level.kind === 'compound') {
      await client.call('updateWizCompoundEnrollment', {
        path: { compoundName: level.compound },
        body,
        verify: checkWith(
          `secscan integrations cloud enrollment show --compound ${shellArg(level.compound)}`,
        ),
      });
    } else {
      await client.call('updateWizOrgEnrollment', {
        body,
        verify: checkWith('secscan integrations cloud enrollment show --org'),
      });
    }
    const where = level.kind === 'compound' ? `compound ${level.compound}` : 'the organization';
    const what = kinds ? ` for ${kinds.join(', ')}` : '';
    ctx.note(
      `${opts.disable ? 'Disabled' : 'Enrolled'} ${where}${what} on the cloud-security platform (Wiz).`,
    );
    return { kind: 'none' };
  },
});
