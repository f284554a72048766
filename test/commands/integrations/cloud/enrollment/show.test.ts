import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, ORG, useCli } from '../../../../helpers/cli.js';

const cli = useCli();
const show = ['integrations', 'cloud', 'enrollment', 'show'];
const orgEnrollment = { enrolled_for: ['SAST', 'SCA'], scope: 'organization', is_enabled: true };
const embedded = (id: string, compound: string) => ({ id, name: id, compound });

describe('integrations cloud enrollment show: usage errors (exit 2, no request)', () => {
  it.each([
    [show, 'say which enrollment: --org, --compound NAME or --app ID'],
    [
      [...show, '--org', '--compound', 'shop'],
      '--org (the organization level) cannot be used with --app or --compound',
    ],
    [[...show, '--app', 'a', '--compound', 'shop'], '--app and --compound cannot be used together'],
    [
      [...show, '--app', 'no/app'],
      'invalid value for --app: "no/app" (letters and digits, with _ : . - allowed inside)',
    ],
    [[...show, '--compound', ''], '--compound must not be empty'],
    [[...show, '--org', '--for', 'SAST'], "unknown option '--for'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('integrations cloud enrollment show', () => {
  it('--org: the organization level', async () => {
    cli.stub('getWizOrgEnrollmentStatus').reply(200, orgEnrollment);
    const result = await cli.run([...show, '--org'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: 'level\torganization\nenrolled_for\tSAST, SCA\nis_enabled\ttrue\n',
      stderr: '',
    });
  });

  it('--compound with its own enrollment: level compound; disabled, it overrides the organization', async () => {
    cli
      .stub('getWizCompoundEnrollmentStatus', { path: { compoundName: 'shop' } })
      .reply(200, { enrolled_for: ['SCA'], scope: 'compound', is_enabled: false });
    const result = await cli.run([...show, '--compound', 'shop', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      level: 'compound',
      compound: 'shop',
      enrolled_for: ['SCA'],
      scope: 'compound',
      is_enabled: false,
    });
    expect(result.stderr).toBe('Disabled for compound shop: this overrides the organization’s enrollment.\n');
  });

  it('--compound without its own: the service falls back to the organization, and the level says so', async () => {
    cli.stub('getWizCompoundEnrollmentStatus', { path: { compoundName: 'shop' } }).reply(200, orgEnrollment);
    const result = await cli.run([...show, '--compound', 'shop'], { env: authEnv() });
    expect(result.stdout).toBe(
      'level\torganization\ncompound\tshop\nenrolled_for\tSAST, SCA\nis_enabled\ttrue\n',
    );
    expect(result.stderr).toBe('Compound shop has no enrollment of its own: the organization’s applies.\n');
  });

  it('--app: the enrollment of the compound the app belongs to', async () => {
    cli.stub('ReadApp', { path: { appID: 'payments-api' } }).reply(200, ok({ id: 'payments-api' }));
    cli.stub('ListOrgCompounds', { query: { archived: false, per_page: 100 } }).reply(
      200,
      ok(
        {
          compounds: [
            {
              id: '5d2c8e1f-7a3b-4c6d-9e0f-1a2b3c4d5e61',
              name: 'docs',
              apps: { '1': embedded('docs-site', 'docs') },
            },
          ],
        },
        `http://elsewhere.example/api/v4/orgs/${ORG}/compounds?archived=false&per_page=100&page=2`,
      ),
    );
    cli.stub('ListOrgCompounds', { query: { archived: false, per_page: 100, page: 2 } }).reply(
      200,
      ok({
        compounds: [
          {
            id: '5d2c8e1f-7a3b-4c6d-9e0f-1a2b3c4d5e62',
            name: 'shop',
            apps: { '1': embedded('web', 'shop'), '2': embedded('payments-api', 'shop') },
          },
        ],
      }),
    );
    cli
      .stub('ListOrgCompounds', { query: { archived: true, per_page: 100 } })
      .reply(200, ok({ compounds: [] }));
    cli
      .stub('getWizCompoundEnrollmentStatus', { path: { compoundName: 'shop' } })
      .reply(200, { enrolled_for: ['SAST'], scope: 'compound', is_enabled: true });
    const result = await cli.run([...show, '--app', 'payments-api', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      level: 'compound',
      app: 'payments-api',
      compound: 'shop',
      enrolled_for: ['SAST'],
      scope: 'compound',
      is_enabled: true,
    });
  });

  it('--app of no compound: the organization’s enrollment', async () => {
    cli.stub('ReadApp', { path: { appID: 'lone' } }).reply(200, ok({ id: 'lone' }));
    cli
      .stub('ListOrgCompounds', { query: { archived: false, per_page: 100 } })
      .reply(200, ok({ compounds: [] }));
    cli
      .stub('ListOrgCompounds', { query: { archived: true, per_page: 100 } })
      .reply(200, ok({ compounds: [] }));
    cli.stub('getWizOrgEnrollmentStatus').reply(200, orgEnrollment);
    const result = await cli.run([...show, '--app', 'lone'], { env: authEnv() });
    expect(result.stdout).toBe(
      'level\torganization\napp\tlone\ncompound\t\nenrolled_for\tSAST, SCA\nis_enabled\ttrue\n',
    );
    expect(result.stderr).toBe('lone belongs to no compound: the organization’s enrollment applies.\n');
  });

  it('--app that does not exist exits 5 before reading compounds', async () => {
    cli
      .stub('ReadApp', { path: { appID: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no app nope' });
    // The apps are listed once, for the close matches of the hint: no compound is read.
    cli.stub('ListApps').reply(200, ok([{ id: 'nope-app' }, { id: 'lone' }]));
    const result = await cli.run([...show, '--app', 'nope'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('hint: did you mean nope-app? (see `secscan apps list`)');
    expect(cli.calls().map((c) => c.path.split('?')[0]?.split('/').pop())).toEqual(['nope', 'apps']);
  });

  it('nothing enrolled (the service’s 400) exits 5 with how to enroll', async () => {
    cli
      .stub('getWizCompoundEnrollmentStatus', { path: { compoundName: 'shop' } })
      .reply(400, { ok: false, code: 'ENROLLMENT_NOT_FOUND', message: 'Enrollment not found' });
    const result = await cli.run([...show, '--compound', 'shop'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      'error: getWizCompoundEnrollmentStatus: Enrollment not found (HTTP 400 ENROLLMENT_NOT_FOUND)\n' +
        'hint: enroll with `secscan integrations cloud enrollment set --compound shop --for SAST,SCA`\n',
    );
    cli
      .stub('getWizCompoundEnrollmentStatus', { path: { compoundName: 'shop' } })
      .reply(400, { ok: false, code: 'ENROLLMENT_NOT_FOUND', message: 'Enrollment not found' });
    const json = await cli.run([...show, '--compound', 'shop', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stderr.trimEnd().split('\n').at(-1) as string).error).toMatchObject({
      code: 'ENROLLMENT_NOT_FOUND',
      status: 400,
      exit_code: 5,
    });
  });

  it('an answer that does not say its level shows level unknown, with a warning', async () => {
    cli
      .stub('getWizCompoundEnrollmentStatus', { path: { compoundName: 'shop' } })
      .reply(200, { enrolled_for: ['SAST'], is_enabled: true });
    const result = await cli.run([...show, '--compound', 'shop'], { env: authEnv() });
    expect(result.stdout.split('\n')[0]).toBe('level\tunknown');
    expect(result.stderr).toContain(
      'warning: the service did not say whether this is the compound’s own enrollment',
    );
  });

  it('an empty answer warns instead of inventing an enrollment', async () => {
    cli.stub('getWizOrgEnrollmentStatus').reply(200, '');
    const result = await cli.run([...show, '--org', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(result.stdout)).toEqual({ level: 'organization' });
    expect(result.stderr).toBe('warning: the service answered without the enrollment’s details\n');
  });

  it('a wrong-shaped answer exits 8', async () => {
    cli.stub('getWizOrgEnrollmentStatus').reply(200, { enrolled_for: 'SAST' });
    const result = await cli.run([...show, '--org'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stdout).toBe('');
  });
});
