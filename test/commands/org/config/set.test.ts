import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, typedInput, useCli } from '../../../helpers/cli.js';
import { orgConfig, orgConfigYaml } from '../fixtures.js';

const cli = useCli();

function file(name: string, text: string): string {
  const path = join(cli.configDir, name);
  writeFileSync(path, text);
  return path;
}

describe('org config set: usage errors (exit 2, no request)', () => {
  it.each([
    [['org', 'config', 'set'], "missing required argument 'file'"],
    [
      ['org', 'config', 'set', 'a.yml', 'b.yml'],
      "too many arguments for 'set'. Expected 1 argument but got 2.",
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('org config set: the file is checked before any request (exit 3, file and line)', () => {
  it.each([
    [
      'sso_name: acme\nautofix_configuration:\n  enable: true\n  enabel: true\n',
      ':4: autofix_configuration: unknown key "enabel" (choose from enable, disable, auto_run, auto_run_disable, manual, manual_disable, max_fixes_per_run, fix_only_severities)',
    ],
    [
      'session_timeout_hours: 24\nsso: acme\n',
      ':2: unknown key "sso" (choose from sso_name, default_saml_config, allowed_non_admin_auth_providers, security_training_provider, analysis_configuration, autofix_configuration, session_timeout_hours)',
    ],
    [
      'security_training_provider: kontraa\n',
      ':1: security_training_provider: unknown value "kontraa" (choose from kontra, secure-code-warrior)',
    ],
    [
      'allowed_non_admin_auth_providers:\n  - github\n  - facebook\n',
      ':3: allowed_non_admin_auth_providers[1]: unknown value "facebook" (choose from google, github, username-password, sl-saml2)',
    ],
    [
      'autofix_configuration:\n  fix_only_severities: [critical, urgent]\n',
      ':2: autofix_configuration.fix_only_severities[1]: unknown value "urgent" (choose from low, medium, high, critical)',
    ],
    [
      '{\n  "session_timeout_hours": "a day"\n}\n',
      ':2: session_timeout_hours: Invalid input: expected number, received string',
    ],
    ['sso_name: [unclosed\n', ':2: not valid YAML or JSON'],
    ['- a\n- b\n', ':1: expected a mapping of settings (key: value)'],
  ])('%j', async (text, message) => {
    const path = file('org.yml', text);
    const r = await cli.run(['org', 'config', 'set', path, '--yes'], { env: authEnv() });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${path}${message}`);
    expect(r.stderr).toContain('hint: the file has the shape `secscan org config show -o yaml` prints');
    expect(cli.calls()).toEqual([]);
  });

  it('names a missing file', async () => {
    const r = await cli.run(['org', 'config', 'set', 'nope.yml'], { env: authEnv() });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: file: cannot read nope.yml: no such file\n');
  });
});

describe('org config set', () => {
  it('round-trips `show -o yaml`: the same configuration goes back, nothing is reset, nothing asked', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig)).times(2);
    cli.stub('UpdateOrgConfig', { body: orgConfig }).reply(200, { ok: true });
    const r = await cli.run(['org', 'config', 'set', file('org.yml', orgConfigYaml)], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Replaced the organization configuration. No setting changed.\n');
    expect(r.stdout).toContain('sso_name\tacme\n');
  });

  it('names the settings the file leaves out and needs --yes to reset them', async () => {
    const path = file('org.yml', 'sso_name: acme\nsession_timeout_hours: 24\n');
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    const refused = await cli.run(['org', 'config', 'set', path], { env: authEnv() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `${path} leaves out allowed_non_admin_auth_providers, security_training_provider, ` +
        'analysis_configuration.secrets.entropy, analysis_configuration.secrets.disable, ' +
        'autofix_configuration.enable, autofix_configuration.auto_run, autofix_configuration.manual, ' +
        'autofix_configuration.max_fixes_per_run, autofix_configuration.fix_only_severities: replacing ' +
        'the organization configuration resets them.\n' +
        'error: Replace the organization configuration and reset 9 settings: confirmation needed; pass --yes to proceed without a prompt\n',
    );
    expect(cli.calls().map((c) => c.method)).toEqual(['GET']);

    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    cli
      .stub('UpdateOrgConfig', { body: { sso_name: 'acme', session_timeout_hours: 24 } })
      .reply(200, { ok: true });
    cli.stub('ReadOrgConfig').reply(200, ok({ sso_name: 'acme', session_timeout_hours: 24 }));
    const done = await cli.run(['org', 'config', 'set', path, '--yes', '-o', 'json'], { env: authEnv() });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ sso_name: 'acme', session_timeout_hours: 24 });
    expect(done.stderr).toContain(
      'Replaced the organization configuration. Changed: allowed_non_admin_auth_providers,',
    );
  });

  it('asks on a terminal and stops on "n" before writing', async () => {
    const path = file('org.yml', 'sso_name: acme\n');
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    const r = await cli.run(['org', 'config', 'set', path], {
      env: authEnv(),
      stdinStream: typedInput('n'),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: cancelled');
    expect(cli.calls().map((c) => c.method)).toEqual(['GET']);
  });

  it('reads the file from standard input with -, JSON too, and treats null as not set', async () => {
    const body = { sso_name: 'acme', session_timeout_hours: 24 };
    cli.stub('ReadOrgConfig').reply(200, ok(body));
    cli.stub('UpdateOrgConfig', { body }).reply(200, { ok: true });
    cli.stub('ReadOrgConfig').reply(200, ok(body));
    const r = await cli.run(['org', 'config', 'set', '-'], {
      env: authEnv(),
      stdin: JSON.stringify({ ...body, default_saml_config: null }),
    });
    expect(r.code).toBe(0);
  });

  it('reports a rejection by the service (exit 6) with its validation errors', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    cli.stub('UpdateOrgConfig', { body: orgConfig }).reply(400, {
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'invalid configuration',
      validation_errors: ['default_saml_config: no such SAML configuration'],
    });
    const r = await cli.run(['org', 'config', 'set', file('org.yml', orgConfigYaml)], { env: authEnv() });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('default_saml_config: no such SAML configuration');
  });
});
