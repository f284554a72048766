import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const config = {
  name: 'corp-sso',
  idp_metadata_url: 'https://idp.example.com/metadata',
  allow_implicit_invites: false,
  default_org_role: 'TEAM_DEFINED',
  sign_auth_requests: true,
  allow_idp_initiated_logins: false,
  sp_metadata_url: 'https://app.example/saml/metadata',
  sp_login_url: 'https://app.example/saml/login',
};
const xml = '<?xml version="1.0"?>\n<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"/>\n';

describe('saml configurations: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['saml', 'create', 'corp sso', '--idp-metadata-url', 'https://x'],
      'invalid SAML configuration name "corp sso": letters, digits, - and _, 1 to 255 characters',
    ],
    [
      ['saml', 'create', 'x'.repeat(256), '--idp-metadata-url', 'https://x'],
      `invalid SAML configuration name "${'x'.repeat(256)}": letters, digits, - and _, 1 to 255 characters`,
    ],
    [['saml', 'create', 'corp-sso'], 'give the IdP metadata: --idp-metadata-url URL or --idp-metadata FILE'],
    [
      ['saml', 'create', 'corp-sso', '--idp-metadata-url', 'https://x', '--idp-metadata', 'idp.xml'],
      '--idp-metadata-url and --idp-metadata cannot be used together',
    ],
    [
      ['saml', 'create', 'corp-sso', '--idp-metadata-url', 'ftp://x'],
      'invalid value for --idp-metadata-url: "ftp://x" (expected an http(s) URL)',
    ],
    [
      ['saml', 'create', 'corp-sso', '--idp-metadata-url', 'https://x', '--default-org-role', 'ADMIN'],
      'invalid value for --default-org-role: "ADMIN" (choose from SUPER_ADMIN, POWER_USER, MEMBER, GUEST, TEAM_DEFINED)',
    ],
    [
      ['saml', 'update', 'corp-sso', '--sign-auth-requests', 'maybe'],
      'invalid value for --sign-auth-requests: "maybe" (choose from true, false)',
    ],
    [
      ['saml', 'update', 'corp-sso'],
      'nothing to change: give --idp-metadata-url, --idp-metadata, --default-org-role, --allow-implicit-invites, --sign-auth-requests or --allow-idp-initiated-logins',
    ],
    [
      ['saml', 'show', 'a/b'],
      'invalid SAML configuration name "a/b": letters, digits, - and _, 1 to 255 characters',
    ],
    [
      ['saml', 'delete', 'corp-sso'],
      'Delete SAML configuration corp-sso? Users can no longer sign in through it: confirmation needed; pass --yes to proceed without a prompt',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses a metadata file that is not XML (exit 3), before any request', async () => {
    const file = join(cli.configDir, 'idp.json');
    writeFileSync(file, '{"entityID": "x"}');
    const result = await cli.run(['saml', 'create', 'corp-sso', '--idp-metadata', file], { env: authEnv() });
    expect(result.code).toBe(3);
    expect(result.stderr.split('\n')[0]).toBe(`error: --idp-metadata: ${file} is not XML`);
    expect(cli.calls()).toEqual([]);
  });
});

describe('saml configurations', () => {
  it('list and show (show picks the configuration out of the listing; unknown is exit 5)', async () => {
    cli.stub('ListOrgSAMLConfigs').reply(200, ok([config]));
    const list = await cli.run(['saml', 'list'], { env: authEnv() });
    expect(list.stdout).toBe(
      'corp-sso\thttps://idp.example.com/metadata\tTEAM_DEFINED\tfalse\tfalse\ttrue\n',
    );
    cli.stub('ListOrgSAMLConfigs').reply(200, ok([config]));
    const missing = await cli.run(['saml', 'show', 'other'], { env: authEnv() });
    expect(missing.code).toBe(5);
    expect(missing.stderr).toBe(
      'error: no SAML configuration is named other\nhint: see `secscan saml list`\n',
    );
  });

  it('create sends the XML file and the switches; prints the relay state to give the IdP', async () => {
    const file = join(cli.configDir, 'idp.xml');
    writeFileSync(file, xml);
    cli
      .stub('CreateOrgSAMLConfig', {
        body: {
          name: 'corp-sso',
          idp_metadata: xml,
          allow_implicit_invites: false,
          default_org_role: 'MEMBER',
          allow_idp_initiated_logins: true,
        },
      })
      .reply(
        200,
        ok({
          ...config,
          idp_metadata_url: undefined,
          idp_metadata: xml,
          allow_idp_initiated_logins: true,
          idp_default_relay_state: 'b64-relay',
        }),
      );
    const result = await cli.run(
      [
        'saml',
        'create',
        'corp-sso',
        '--idp-metadata',
        file,
        '--default-org-role',
        'MEMBER',
        '--allow-idp-initiated-logins',
        '--allow-implicit-invites',
        'false',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      "Created SAML configuration corp-sso.\nSet the IdP's default relay state to: b64-relay\n",
    );
    expect(result.stdout).toContain('idp_default_relay_state\tb64-relay\n');
  });

  it('update keeps what is not given (the service replaces the whole configuration)', async () => {
    cli.stub('ListOrgSAMLConfigs').reply(200, ok([config]));
    cli
      .stub('UpdateOrgSAMLConfig', {
        path: { SAMLConfigName: 'corp-sso' },
        body: {
          idp_metadata_url: 'https://idp.example.com/metadata',
          allow_implicit_invites: false,
          default_org_role: 'MEMBER',
          sign_auth_requests: false,
          allow_idp_initiated_logins: false,
        },
      })
      .reply(200, ok({ ...config, default_org_role: 'MEMBER', sign_auth_requests: false }));
    const result = await cli.run(
      ['saml', 'update', 'corp-sso', '--default-org-role', 'MEMBER', '--sign-auth-requests', 'false'],
      { env: authEnv() },
    );
    expect(result).toMatchObject({ code: 0, stderr: 'Updated SAML configuration corp-sso.\n' });
  });

  it('delete asks, then deletes with --yes', async () => {
    cli.stub('DeleteOrgSAMLConfig', { path: { SAMLConfigName: 'corp-sso' } }).reply(200, { ok: true });
    const result = await cli.run(['saml', 'rm', 'corp-sso', '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'Deleted SAML configuration corp-sso.\n' });
  });

  it('a config without sp URLs in the answer still reads; one without a name is exit 8', async () => {
    cli.stub('ListOrgSAMLConfigs').reply(200, ok([{ idp_metadata_url: 'https://x' }]));
    const result = await cli.run(['saml', 'list'], { env: authEnv() });
    expect(result.code).toBe(8);
  });
});
