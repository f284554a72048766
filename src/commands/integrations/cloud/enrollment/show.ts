import { enrollmentView } from '../../../../output/views/integrations.js';
import { defineVerb } from '../../../define.js';
import { appOption, compoundOption, levelOf } from './internal/level.js';
import { compoundOf, readEnrollment } from './internal/read.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the enrollment that applies to the organization, a compound or an app, and its level',
  description:
    'Show which findings (SAST, SCA) enrich the cloud-security platform (Wiz) and whether that is ' +
    'enabled, with the level the enrollment comes from. Choose the level with the bare global --org, ' +
    '--compound NAME or --app ID.\n\n' +
    'A compound without an enrollment of its own falls back to the organization’s (level: ' +
    'organization); a compound’s own enrollment wins, even disabled over an enabled organization. An ' +
    'app follows its compound (found in the compound listing), or the organization when it belongs to ' +
    'none. Nothing enrolled at that level or above exits 5.',
  examples: [
    'secscan integrations cloud enrollment show --org',
    'secscan integrations cloud enrollment show --compound shop',
    'secscan integrations cloud enrollment show --app payments-api -o json',
  ],
  operations: ['getWizOrgEnrollmentStatus', 'getWizCompoundEnrollmentStatus', 'ReadApp', 'ListOrgCompounds'],
  options: {
    compound: compoundOption,
    app: appOption('an app: the enrollment of its compound applies'),
  },
  view: (opts) => enrollmentView(opts),
  validate({ opts, orgLevel }) {
    return levelOf('show', orgLevel, opts);
  },
  async run(ctx, { plan: level }) {
    const client = await ctx.client();
    let compound: string | undefined;
    if (level.kind === 'compound') compound = level.compound;
    if (level.kind === 'app') {
      await client.call('ReadApp', { path: { appID: level.app } });
      compound = await ctx.spin('Finding the app’s compound', () => compoundOf(ctx, client, level.app));
      if (compound === undefined)
        ctx.note(`${level.app} belongs to no compound: the organization’s enrollment applies.`);
    }
    const enrollment = await readEnrollment(client, compound);
    if (enrollment === undefined || !Object.keys(enrollment).length)
      ctx.warn('the service answered without the enrollment’s details');
    // Only a compound read can fall back; its `scope` says where the answer comes from.
    const scope = compound === undefined ? 'organization' : enrollment?.scope;
    const from = scope === 'compound' || scope === 'organization' ? scope : 'unknown';
    if (compound !== undefined && from === 'organization')
      ctx.note(`Compound ${compound} has no enrollment of its own: the organization’s applies.`);
    if (from === 'compound' && enrollment?.is_enabled === false)
      ctx.note(`Disabled for compound ${compound}: this overrides the organization’s enrollment.`);
    if (from === 'unknown' && enrollment !== undefined)
      ctx.warn('the service did not say whether this is the compound’s own enrollment or the organization’s');
    return {
      kind: 'object',
      item: {
        level: from,
        ...(level.kind === 'app' ? { app: level.app } : {}),
        ...(compound === undefined ? {} : { compound }),
        ...enrollment,
      },
    };
  },
});
