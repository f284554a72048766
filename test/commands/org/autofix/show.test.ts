import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { orgConfig } from '../fixtures.js';

const cli = useCli();

describe('org autofix show: usage errors (exit 2, no request)', () => {
  it.each([
    [['org', 'autofix', 'show', 'x'], "too many arguments for 'show'. Expected 0 arguments but got 1."],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('org autofix show', () => {
  const autofix = orgConfig.autofix_configuration;

  it('prints the AutoFix configuration', async () => {
    cli.stub('ReadOrgAutoFixConfig').reply(200, ok({ autofix_configuration: autofix }));
    const r = await cli.run(['org', 'autofix', 'show'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout:
        'enable\ton\nauto_run\tfalse\nmanual\ttrue\nmax_fixes_per_run\t10\nfix_only_severities\tcritical, high\n',
      stderr: '',
    });
  });

  it('prints the object with -o json', async () => {
    cli.stub('ReadOrgAutoFixConfig').reply(200, ok({ autofix_configuration: autofix }));
    const r = await cli.run(['org', 'autofix', 'show', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(r.stdout)).toEqual(autofix);
  });

  it('refuses an answer without the configuration (exit 8)', async () => {
    cli.stub('ReadOrgAutoFixConfig').reply(200, ok({}));
    const r = await cli.run(['org', 'autofix', 'show'], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
  });
});
