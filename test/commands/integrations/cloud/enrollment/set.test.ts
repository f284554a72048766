import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../../../helpers/cli.js';

const cli = useCli();
const set = ['integrations', 'cloud', 'enrollment', 'set'];

describe('integrations cloud enrollment set: usage errors (exit 2, no request)', () => {
  it.each([
    [[...set, '--for', 'SAST'], 'say which enrollment: --org or --compound NAME'],
    [[...set, '--org'], 'give --for SAST,SCA (what to enroll for), or --disable'],
    [[...set, '--org', '--for', 'SAST,DAST'], 'invalid value for --for: "DAST" (choose from SAST, SCA)'],
    [[...set, '--org', '--for', ','], '--for must name at least one of SAST, SCA'],
    [
      [...set, '--app', 'payments-api', '--for', 'SAST'],
      '--app: the service has no operation to enroll a single app (only compounds and the organization); enroll the app’s compound with --compound NAME (`enrollment show --app ID` names it)',
    ],
    [
      [...set, '--org', '--compound', 'shop', '--for', 'SCA'],
      '--org (the organization level) cannot be used with --app or --compound',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('does not offer --app in its help', async () => {
    const result = await cli.run([...set, '--help'], { env: authEnv() });
    expect(result.stdout).not.toContain('--app');
  });
});

describe('integrations cloud enrollment set', () => {
  it('enrolls the organization (kinds upper-cased, once each), enabled', async () => {
    const body = { enrolled_for: ['SAST', 'SCA'], scope: 'organization', is_enabled: true };
    cli.stub('updateWizOrgEnrollment', { body }).reply(200, '');
    const result = await cli.run([...set, '--org', '--for', 'sast,SCA', '--for', 'SAST'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Enrolled the organization for SAST, SCA on the cloud-security platform (Wiz).\n',
    });
  });

  it('disables a compound without touching what it is enrolled for', async () => {
    const body = { scope: 'compound', is_enabled: false };
    cli.stub('updateWizCompoundEnrollment', { path: { compoundName: 'legacy docs' }, body }).reply(200, '');
    const result = await cli.run([...set, '--compound', 'legacy docs', '--disable'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Disabled compound legacy docs on the cloud-security platform (Wiz).\n');
    expect(cli.calls()[0]?.path).toContain('/compounds/named/legacy%20docs/integrations/wiz/enrollment');
  });

  it('a refused kind is exit 6', async () => {
    cli
      .stub('updateWizOrgEnrollment')
      .reply(400, { ok: false, code: 'BAD_REQUEST', message: 'The provided wiz enrichment type is invalid' });
    const result = await cli.run([...set, '--org', '--for', 'SCA'], { env: authEnv() });
    expect(result.code).toBe(6);
  });
});
