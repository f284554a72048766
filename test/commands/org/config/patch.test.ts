import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { orgConfig } from '../fixtures.js';

const cli = useCli();

describe('org config patch: usage errors (exit 2, no request)', () => {
  it.each([[['org', 'config', 'patch'], "missing required argument 'file'"]])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('org config patch', () => {
  it('sends only what the file holds, without asking, and says what changed', async () => {
    const path = join(cli.configDir, 'patch.yml');
    writeFileSync(path, 'session_timeout_hours: 24\nautofix_configuration:\n  auto_run: true\n');
    const body = { autofix_configuration: { auto_run: true }, session_timeout_hours: 24 };
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    cli.stub('PatchOrgConfig', { body }).reply(200, { ok: true });
    const after = {
      ...orgConfig,
      session_timeout_hours: 24,
      autofix_configuration: { ...orgConfig.autofix_configuration, auto_run: true },
    };
    cli.stub('ReadOrgConfig').reply(200, ok(after));
    const r = await cli.run(['org', 'config', 'patch', path, '-o', 'json'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(after);
    expect(r.stderr).toBe(
      'Patched the organization configuration. Changed: autofix_configuration.auto_run, session_timeout_hours.\n',
    );
  });

  it('refuses an unknown key with its line (exit 3, no request)', async () => {
    const r = await cli.run(['org', 'config', 'patch', '-'], {
      env: authEnv(),
      stdin: 'session_timeout_hours: 24\n\nanalysis_configuration:\n  secrets:\n    entropie: 4\n',
    });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: <stdin>:5: analysis_configuration.secrets: unknown key "entropie" (choose from entropy, disable)',
    );
    expect(cli.calls()).toEqual([]);
  });

  it('says the outcome of a patch whose answer is lost is unknown, and how to check', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    cli.stub('PatchOrgConfig', { body: { sso_name: 'x' } }).reply(503, { ok: false, message: 'unavailable' });
    const r = await cli.run(['org', 'config', 'patch', '-'], { env: authEnv(), stdin: 'sso_name: x\n' });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('the outcome of the change is unknown');
    expect(r.stderr).toContain('secscan org config show');
  });
});
