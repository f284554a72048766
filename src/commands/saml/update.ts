import { UsageError } from '../../errors.js';
import { samlView } from '../../output/views/saml.js';
import { defineVerb } from '../define.js';
import {
  configFields,
  configOptions,
  nameArg,
  readConfig,
  relayNote,
  validateConfig,
} from './internal/config.js';
import { checkWith } from '../../util/hints.js';

const keep = [
  'idp_metadata_url',
  'idp_metadata',
  'default_org_role',
  'allow_implicit_invites',
  'sign_auth_requests',
  'allow_idp_initiated_logins',
] as const;

export default defineVerb({
  name: 'update',
  summary: 'Change a SAML configuration (what is not given stays)',
  description:
    'Change a SAML configuration; what is not given stays as it is.\n\n' +
    'The service replaces the whole configuration: secscan reads it first and sends it back with the ' +
    'changes. A switch given bare is turned on; `--allow-implicit-invites false` turns it off.',
  examples: [
    'secscan saml update corp-sso --default-org-role MEMBER',
    'secscan saml update corp-sso --allow-idp-initiated-logins',
    'secscan saml update corp-sso --idp-metadata new-idp.xml --sign-auth-requests false',
  ],
  operations: ['ListOrgSAMLConfigs', 'UpdateOrgSAMLConfig'],
  args: [nameArg],
  options: configOptions,
  view: samlView,
  validate(input) {
    validateConfig(input);
    if (Object.values(input.opts).every((v) => v === undefined)) {
      throw new UsageError(
        'nothing to change: give --idp-metadata-url, --idp-metadata, --default-org-role, --allow-implicit-invites, --sign-auth-requests or --allow-idp-initiated-logins',
      );
    }
  },
  async run(ctx, { args: [name], opts }) {
    const fields = await configFields(ctx, opts);
    const client = await ctx.client();
    const current = await readConfig(client, name);
    const kept = Object.fromEntries(keep.flatMap((k) => (current[k] === undefined ? [] : [[k, current[k]]])));
    // One metadata source: the one given replaces the other.
    if (fields.idp_metadata_url !== undefined) delete kept.idp_metadata;
    if (fields.idp_metadata !== undefined) delete kept.idp_metadata_url;
    const config = await client.call('UpdateOrgSAMLConfig', {
      path: { SAMLConfigName: name },
      body: { ...kept, ...fields },
      verify: checkWith(`secscan saml show ${name}`),
    });
    ctx.note(`Updated SAML configuration ${name}.`);
    relayNote(ctx, config);
    return { kind: 'object', item: config };
  },
});
