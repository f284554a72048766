import { UsageError } from '../../errors.js';
import { samlView } from '../../output/views/saml.js';
import { defineVerb } from '../define.js';
import { configFields, configOptions, nameArg, relayNote, validateConfig } from './internal/config.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'create',
  summary: 'Create a SAML configuration from the IdP’s metadata',
  description:
    'Create a SAML configuration from the identity provider’s metadata, given as a URL or as an XML ' +
    'file.\n\n' +
    'New users joining through SAML get the default organization role (TEAM_DEFINED unless ' +
    '--default-org-role). With IdP-initiated logins on, the relay state to set at the IdP is printed.',
  examples: [
    'secscan saml create okta --idp-metadata-url https://idp.example.com/metadata',
    'secscan saml create okta --idp-metadata idp.xml --default-org-role MEMBER --allow-idp-initiated-logins',
  ],
  operations: ['CreateOrgSAMLConfig'],
  args: [nameArg],
  options: configOptions,
  view: samlView,
  validate(input) {
    validateConfig(input);
    const { opts } = input;
    if (opts.idpMetadataUrl === undefined && opts.idpMetadata === undefined) {
      throw new UsageError('give the IdP metadata: --idp-metadata-url URL or --idp-metadata FILE');
    }
  },
  async run(ctx, { args: [name], opts }) {
    const fields = await configFields(ctx, opts);
    const client = await ctx.client();
    const config = await client.call('CreateOrgSAMLConfig', {
      body: { name, ...fields },
      verify: checkWith(`secscan saml show ${name}`),
    });
    ctx.note(`Created SAML configuration ${name}.`);
    relayNote(ctx, config);
    return { kind: 'object', item: config };
  },
});
