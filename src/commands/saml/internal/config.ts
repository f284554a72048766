import type { ApiClient } from '../../../api/client.js';
import type { SamlConfig } from '@secscan/api/schemas/saml';
import { orgRoles, samlConfigNamePattern } from '@secscan/api/values';
import type { Context } from '../../../context.js';
import { ConfigError, notFoundError, UsageError } from '../../../errors.js';
import { arg, choice, type OptsOf, text } from '../../define.js';
import { pattern } from '../../parsers.js';
import { readInput } from '../../shared/files.js';

/** The name is the configuration's id: checked before any request. */
export const nameArg = arg('name', 'SAML configuration name: letters, digits, - and _', {
  parser: pattern(
    samlConfigNamePattern,
    'letters, digits, - and _, 1 to 255 characters',
    'SAML configuration name',
  ),
  complete: 'saml',
});

const onOff = ['true', 'false'] as const;

/** What `create` and `update` take; a switch given bare is on, `--switch false` turns it off. */
export const configOptions = {
  idpMetadataUrl: text('--idp-metadata-url <url>', 'the identity provider’s metadata URL', {
    conflicts: ['idpMetadata'],
  }),
  idpMetadata: text('--idp-metadata <file>', 'the identity provider’s metadata XML file (- for stdin)', {
    complete: 'file',
  }),
  defaultOrgRole: choice(
    '--default-org-role <role>',
    'organization role of users who join through SAML',
    orgRoles,
  ),
  allowImplicitInvites: choice(
    '--allow-implicit-invites [bool]',
    'let any user the IdP identifies join the organization',
    onOff,
  ),
  signAuthRequests: choice('--sign-auth-requests [bool]', 'sign the requests sent to the IdP', onOff),
  allowIdpInitiatedLogins: choice(
    '--allow-idp-initiated-logins [bool]',
    'allow logins started at the IdP (prints the relay state to set there)',
    onOff,
  ),
};

export type ConfigOpts = OptsOf<typeof configOptions>;

const urlPattern = /^https?:\/\/[^\s/]+\S*$/;
/** An XML document: an optional declaration and comments, then an element. */
const xmlStart =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<[A-Za-z_][\w:.-]*[\s/>]/;

export function validateConfig({ opts }: { opts: ConfigOpts }): void {
  if (opts.idpMetadataUrl !== undefined && !urlPattern.test(opts.idpMetadataUrl)) {
    throw new UsageError(
      `invalid value for --idp-metadata-url: ${JSON.stringify(opts.idpMetadataUrl)} (expected an http(s) URL)`,
    );
  }
}

const on = (value: string | boolean | undefined): boolean | undefined =>
  value === undefined ? undefined : value === true || value === 'true';

/** The fields the options set (metadata read from its file, which must be XML). */
export async function configFields(ctx: Context, opts: ConfigOpts) {
  let idpMetadata: string | undefined;
  if (opts.idpMetadata !== undefined) {
    idpMetadata = await readInput(ctx, opts.idpMetadata, '--idp-metadata');
    if (!xmlStart.test(idpMetadata)) {
      throw new ConfigError(`--idp-metadata: ${opts.idpMetadata} is not XML`, {
        hint: 'give the IdP’s SAML metadata document (an EntityDescriptor), or --idp-metadata-url',
      });
    }
  }
  const fields = {
    idp_metadata_url: opts.idpMetadataUrl,
    idp_metadata: idpMetadata,
    default_org_role: opts.defaultOrgRole,
    allow_implicit_invites: on(opts.allowImplicitInvites),
    sign_auth_requests: on(opts.signAuthRequests),
    allow_idp_initiated_logins: on(opts.allowIdpInitiatedLogins),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
    typeof fields
  >;
}

export async function readConfig(client: ApiClient, name: string): Promise<SamlConfig> {
  const config = (await client.call('ListOrgSAMLConfigs')).find((c) => c.name === name);
  if (!config) throw notFoundError(`no SAML configuration is named ${name}`, 'see `secscan saml list`');
  return config;
}

/** When IdP-initiated logins are on, the IdP needs the relay state: say so. */
export function relayNote(ctx: Context, config: SamlConfig): void {
  if (config.allow_idp_initiated_logins && config.idp_default_relay_state) {
    ctx.note(`Set the IdP's default relay state to: ${config.idp_default_relay_state}`);
  }
}
