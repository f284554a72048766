import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { orgConfig } from '../fixtures.js';

const cli = useCli();

describe('org analysis set: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['org', 'analysis', 'set'],
      'nothing to change: give --secrets-entropy, --secrets-disable or --secrets-enable',
    ],
    [
      ['org', 'analysis', 'set', '--secrets-disable', '--secrets-enable'],
      '--secrets-disable and --secrets-enable cannot be used together',
    ],
    [
      ['org', 'analysis', 'set', '--secrets-entropy', 'high'],
      'invalid value for --secrets-entropy: "high" (expected a number, 0 or more)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('org analysis set', () => {
  it('updates (PATCH) an existing analysis configuration with only the settings given', async () => {
    cli.stub('ReadOrgConfig').reply(200, ok(orgConfig));
    cli.stub('UpdateOrgAnalysisConfig', { body: { secrets: { entropy: 4.2 } } }).reply(200, { ok: true });
    cli
      .stub('ReadOrgConfig')
      .reply(
        200,
        ok({ ...orgConfig, analysis_configuration: { secrets: { entropy: 4.2, disable: false } } }),
      );
    const r = await cli.run(['org', 'analysis', 'set', '--secrets-entropy', '4.2'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: 'secrets\tenabled, entropy 4.2\n',
      stderr: 'Updated the organization’s analysis configuration.\n',
    });
  });

  it('creates (PUT) the analysis configuration when the organization has none', async () => {
    const { analysis_configuration: _none, ...bare } = orgConfig;
    cli.stub('ReadOrgConfig').reply(200, ok(bare));
    cli.stub('CreateOrgAnalysisConfig', { body: { secrets: { disable: true } } }).reply(200, { ok: true });
    cli
      .stub('ReadOrgConfig')
      .reply(200, ok({ ...bare, analysis_configuration: { secrets: { disable: true } } }));
    const r = await cli.run(['org', 'analysis', 'set', '--secrets-disable', '-o', 'json'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ secrets: { disable: true } });
  });
});
