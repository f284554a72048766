import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { orgConfig, orgConfigYaml } from '../fixtures.js';

const cli = useCli();

describe('org config show: usage errors (exit 2, no request)', () => {
  it.each([
    [['org', 'config', 'show', 'extra'], "too many arguments for 'show'. Expected 0 arguments but got 1."],
    [
      ['org', 'config', 'show', '--fields', 'nope'],
      'unknown field "nope" for --fields (choose from sso_name, default_saml_config, allowed_non_admin_auth_providers, security_training_provider, secrets, autofix, session_timeout_hours)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('org config show', () => {
  it('prints a detail view on a terminal', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    const r = await cli.run(['org', 'config', 'show'], { env: authEnv({ NO_COLOR: '1' }), stdoutTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'SSO name:               acme',
        'Default SAML config:    ',
        'Sign-in for non-admins: github, username-password',
        'Security training:      kontra',
        'Secrets scanning:       enabled, entropy 3.5',
        'AutoFix:                on, auto-run off, manual on, up to 10 fixes per run, severities critical, high',
        'Session timeout:        168 hours',
        '',
      ].join('\n'),
    );
  });

  it('writes YAML that `org config set` takes back (-o yaml)', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    const r = await cli.run(['org', 'config', 'show', '-o', 'yaml'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: orgConfigYaml, stderr: '' });
  });

  it('keeps unknown keys of the answer in -o json', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok({ ...orgConfig, new_feature: true }));
    const r = await cli.run(['org', 'config', 'show', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(r.stdout)).toEqual({ ...orgConfig, new_feature: true });
  });

  it('refuses an answer of the wrong shape (exit 8), and strips escapes from the table', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok({ session_timeout_hours: 'soon' }));
    const bad = await cli.run(['org', 'config', 'show'], { env: authEnv() });
    expect(bad.code).toBe(8);
    expect(bad.stderr).toMatch(/^error: ReadOrgConfig: unexpected response at session_timeout_hours/);
    cli.stub('ReadOrgConfig').reply(200, ok({ sso_name: 'x\u001b]52;c;aGk=\u0007\u001b[2J' }));
    const hostile = await cli.run(['org', 'config', 'show'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(hostile.stdout).not.toContain('\u001b');
    expect(hostile.stdout).toContain('SSO name:');
  });

  it.each([[{}], [{ organization_id: 'x' }]])(
    'an answer with none of the fields it reads (%j) is exit 8, never blank settings',
    async (answer) => {
      cli.stub('ReadOrgConfig').reply(200, ok(answer));
      const r = await cli.run(['org', 'config', 'show'], { env: authEnv() });
      expect([r.code, r.stdout]).toEqual([8, '']);
      expect(r.stderr).toMatch(/^error: ReadOrgConfig: unexpected response: none of the fields sso_name, /);
    },
  );
});
