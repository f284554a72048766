import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('apps create: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'create'], 'an app id is required (or --from-file)'],
    [['apps', 'create', 'bad-'], 'invalid app id "bad-": letters and digits, with _ : . - allowed inside'],
    [
      ['apps', 'create', 'a', '--from-file', 'f.yml'],
      '--from-file creates the apps the file lists: give no id, --name, --team or --base-branch',
    ],
    [
      ['apps', 'create', '--from-file', 'f.yml', '--team', 't1'],
      '--from-file creates the apps the file lists: give no id, --name, --team or --base-branch',
    ],
    [['apps', 'create', 'a', '--name', ' '], '--name must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps create', () => {
  it('reports ids the service rejected: exit 6 when none was created', async () => {
    cli.stub('CreateApp').reply(200, ok({ apps: [], rejected_ids: ['dup'], rejected_team_ids: [] }));
    const r = await cli.run(['apps', 'create', 'dup'], { env: authEnv() });
    expect(r.code).toBe(6);
    expect(cli.calls()[0]?.body).toEqual([{ id: 'dup' }]);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: CreateApp: rejected dup (the id exists or is invalid, or the team is unknown)',
    );
  });

  it('creates one app with its name, team and branch', async () => {
    const body = [{ id: 'billing-api', name: 'Billing API', team_id: 't1', base_branch: 'trunk' }];
    cli.stub('CreateApp', { body }).reply(200, ok({ apps: [{ id: 'billing-api' }] }));
    const r = await cli.run(
      ['apps', 'create', 'billing-api', '--name', 'Billing API', '--team', 't1', '--base-branch', 'trunk'],
      { env: authEnv() },
    );
    expect(r).toEqual({ code: 0, stdout: 'billing-api\tcreated\tBilling API\ttrunk\tt1\n', stderr: '' });
  });

  it('creates the apps of --from-file; some rejected: a warning and exit 6', async () => {
    const file = join(cli.configDir, 'apps.yml');
    writeFileSync(file, 'apps:\n  - id: web\n  - id: ledger\n    team_id: nope\n');
    cli
      .stub('CreateApp', { body: [{ id: 'web' }, { id: 'ledger', team_id: 'nope' }] })
      .reply(200, ok({ apps: [{ id: 'web' }], rejected_ids: [], rejected_team_ids: ['nope'] }));
    const r = await cli.run(['apps', 'create', '--from-file', file], { env: authEnv() });
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('web\tcreated\t\t\t\nledger\trejected: unknown team\t\t\tnope\n');
    expect(r.stderr).toBe('warning: rejected: ledger\n');
  });

  it('refuses a --from-file it cannot read or that lists no apps (exit 3, no request)', async () => {
    const missing = await cli.run(['apps', 'create', '--from-file', join(cli.configDir, 'none.yml')], {
      env: authEnv(),
    });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: --from-file: cannot read .*none\.yml/);
    const file = join(cli.configDir, 'apps.json');
    writeFileSync(file, '[{"id": "bad-"}]');
    const invalid = await cli.run(['apps', 'create', '--from-file', file], { env: authEnv() });
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toBe(
      `error: --from-file: ${file}: 0.id: an app id starts and ends with a letter or digit\n` +
        'hint: the file holds a list (or `apps:`) of {id, name, team_id, base_branch}\n',
    );
    expect(cli.calls()).toEqual([]);
  });
});
