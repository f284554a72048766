import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { parseAccessFile } from '../../../src/access/file.js';
import { emails, ids, payments, stubTeams, web } from './access-fixtures.js';
import { accessFileDocument } from '../../../src/output/export/texts.js';
import { formatsOf } from '../../../src/output/export/spec.js';

/** The formats of the access file, from its spec: YAML first (what a run without -o gets), then JSON's. */
const formats = formatsOf(accessFileDocument).join(', ');
const notRows = 'an access file is one document, not rows';

const cli = useCli();

function stubUsers(): void {
  cli
    .stub('ListOrgRBACUsers')
    .reply(200, ok(Object.entries(emails).map(([id_v2, email]) => ({ id_v2, email, team_membership: [] }))));
}

describe('teams export: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['teams', 'export', '-o', 'csv'],
      `invalid value for -o, --output: "csv": ${notRows} (choose from ${formats})`,
    ],
    [
      ['teams', 'export', '-o', 'table'],
      `invalid value for -o, --output: "table": ${notRows} (choose from ${formats})`,
    ],
    [['teams', 'export', '-o', 'sarif'], `invalid value for -o, --output: "sarif" (choose from ${formats})`],
    [
      ['teams', 'export', '--concurrency', '65'],
      'invalid value for --concurrency: "65" (expected a whole number from 1 to 64)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('says in its help the only formats it writes', async () => {
    const help = await cli.run(['teams', 'export', '--help']);
    expect(help.code).toBe(0);
    expect(formats).toMatch(/^yaml, json\b/);
    expect(help.stdout).toContain(`Output formats (-o): ${formats}.`);
  });
});

describe('teams export', () => {
  it('writes YAML (even when piped): teams by name, apps sorted, members by e-mail, groups by name, role labels', async () => {
    stubTeams(cli, [web(), payments()]);
    stubUsers();
    const result = await cli.run(['teams', 'export'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')[0]).toBe(
      '# Teams, their apps, members and groups: edit, then `secscan teams apply FILE`.',
    );
    expect(parse(result.stdout)).toEqual({
      teams: [
        {
          name: 'Payments',
          apps: ['payments-api'],
          members: { 'alice@example.com': 'TEAM_MEMBER' },
          groups: { Developers: 'TEAM_MEMBER' },
        },
        {
          name: 'Web',
          apps: ['docs-site', 'web-frontend'],
          members: { 'bob@example.com': 'TEAM_ADMIN', 'carol@example.com': 'Release Manager' },
          groups: {},
        },
      ],
    });
  });

  it('writes a custom role named like a built-in one by its id, so that apply takes the file back', async () => {
    const team = web();
    team.users.push({ user_id_v2: ids.alice, team_role: ids.auditor });
    stubTeams(cli, [team]);
    stubUsers();
    const result = await cli.run(['teams', 'export'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(parse(result.stdout).teams[0].members).toEqual({
      'alice@example.com': ids.auditor,
      'bob@example.com': 'TEAM_ADMIN',
      'carol@example.com': 'Release Manager',
    });
    expect(parseAccessFile(result.stdout, 'access.yml').teams[0]?.members).toEqual(
      parse(result.stdout).teams[0].members,
    );
  });

  it('waits out a throttled read under the scheduler, without spending the retry budget', async () => {
    const team = payments();
    cli
      .stub('ReadTeam', { path: { rbacTeamID: team.team_id } })
      .reply(429, { ok: false, message: 'slow down' }, { headers: { 'retry-after': '0' } });
    stubTeams(cli, [team]);
    stubUsers();
    const result = await cli.run(['teams', 'export', '-o', 'json', '--retries', '0', '--concurrency', '2'], {
      env: authEnv(),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).teams.map((t: { name: string }) => t.name)).toEqual(['Payments']);
  });

  it('writes JSON with -o json', async () => {
    stubTeams(cli, [payments()]);
    stubUsers();
    const result = await cli.run(['teams', 'export', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(result.stdout).teams[0].members).toEqual({ 'alice@example.com': 'TEAM_MEMBER' });
  });

  it('writes members by user id, with a warning, when the service lists users only by e-mail', async () => {
    stubTeams(cli, [payments()]);
    cli
      .stub('ListOrgRBACUsers')
      .reply(400, { ok: false, code: 'VALIDATION_ERROR', message: 'email is required' });
    const result = await cli.run(['teams', 'export'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(parse(result.stdout).teams[0].members).toEqual({ [ids.alice]: 'TEAM_MEMBER' });
    expect(result.stderr).toBe(
      'warning: the service does not list users without an e-mail: 1 member(s) written by user id\n',
    );
  });

  it('keeps escape sequences in names escaped, never raw', async () => {
    stubTeams(cli, [{ ...payments(), team_name: 'Pay\u009b31m\u202eX' }]);
    stubUsers();
    const result = await cli.run(['teams', 'export'], { env: authEnv() });
    expect(result.stdout).not.toMatch(/[\u009b\u202e]/);
    expect(parse(result.stdout).teams[0].name).toBe('Pay\u009b31m\u202eX');
  });
});
