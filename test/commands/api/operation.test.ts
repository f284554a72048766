import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, jwt, ORG, OTHER_ORG, ok, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const TEAM = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const GROUP = '3f2e1d0c-9b8a-4776-8554-433221100fed';
const teams = [{ team_id: TEAM, team_name: 'Payments' }];

function tempFile(name: string, content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'secscan-api-')), name);
  writeFileSync(file, content);
  return file;
}

describe('api OPERATION_ID: usage errors (exit 2, no request)', () => {
  it.each([
    [['api', 'ReadTeam'], 'ReadTeam needs the path parameter rbacTeamID: pass -F rbacTeamID=VALUE'],
    [
      ['api', 'ReadTeamGroup', '-F', `groupID=${GROUP}`],
      'ReadTeamGroup needs the path parameter rbacTeamID: pass -F rbacTeamID=VALUE',
    ],
    [
      ['api', 'RemoveGroupFromTeam'],
      'RemoveGroupFromTeam needs the path parameters rbacTeamID, groupID: pass -F rbacTeamID=VALUE -F groupID=VALUE',
    ],
    [['api', 'ReadTeam', '-F', 'rbacTeamID='], '-F rbacTeamID must not be empty'],
    [
      ['api', 'ReadTeam', '-F', 'rbacTeamID=a', '-F', 'rbacTeamID=b'],
      '-F rbacTeamID is given more than once',
    ],
    [['api', 'ListTeam'], 'unknown operation "ListTeam" (did you mean ListTeams?)'],
    [['api', 'listteams'], 'unknown operation "listteams" (did you mean ListTeams?)'],
    [['api', 'ReadTeems'], 'unknown operation "ReadTeems" (did you mean ReadTeam?)'],
    [['api', 'Teams'], 'unknown operation "Teams" (did you mean one of ListTeams, ListMyTeamScopes?)'],
    [['api', 'Frobnicate'], 'unknown operation "Frobnicate"'],
    [['api'], 'missing an operation id, or METHOD PATH'],
    [
      ['api', 'ReadTeam', '/orgs/{orgID}/rbac/teams'],
      'ReadTeam takes no PATH: its path is /orgs/{orgID}/rbac/teams/{rbacTeamID}; fill it with -F rbacTeamID=VALUE',
    ],
    [['api', 'CreateTeam', '-F', 'name=x', '--paginate'], '--paginate works only with GET'],
    [['api', 'ListTeams', '-F', 'oops'], 'invalid value for -F, --field: "oops" (expected key=value)'],
    [
      ['api', 'CreateTeam', '-F', 'name=Payments', '-F', 'nmae=x'],
      'CreateTeam: invalid request: Unrecognized key: "nmae"',
    ],
    [['api', 'ListTeams', '--input', ''], '--input must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('points at the listing when the operation is unknown', async () => {
    const result = await cli.run(['api', 'Frobnicate'], { env: authEnv() });
    expect(result.stderr).toBe(
      'error: unknown operation "Frobnicate"\nhint: see `secscan api --list`, or give METHOD PATH\n',
    );
  });

  it('shows the template of a missing path parameter', async () => {
    const result = await cli.run(['api', 'ReadTeam'], { env: authEnv() });
    expect(result.stderr.split('\n')[1]).toBe('hint: GET /orgs/{orgID}/rbac/teams/{rbacTeamID}');
  });
});

describe('api OPERATION_ID', () => {
  it('calls ListTeams with {orgID} from the settings and prints the body as received', async () => {
    const body = JSON.stringify(ok(teams));
    cli.stub('ListTeams').reply(200, body);
    const result = await cli.run(['api', 'ListTeams'], { env: authEnv() });
    // As received, then the newline it lacks, so `secscan api ListTeams | cat` ends its line.
    expect(result).toEqual({ code: 0, stdout: `${body}\n`, stderr: '' });
    const [call] = cli.calls();
    expect(call?.method).toBe('GET');
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('fills the path from -F and pretty-prints JSON on a terminal', async () => {
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM } }).reply(200, ok({ team_id: TEAM, version: 3 }));
    const result = await cli.run(['api', 'ReadTeam', '-F', `rbacTeamID=${TEAM}`], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(ok({ team_id: TEAM, version: 3 }), null, 2)}\n`);
  });

  it('sends the other fields of a GET as the query, repeated keys repeated', async () => {
    cli.stub('ListTeams', { query: { no_members: true, page: 2 } }).reply(200, ok(teams));
    cli
      .stub('ListAppFindings', { path: { appID: 'shop' }, query: { type: ['vuln', 'secret'] } })
      .reply(200, ok({ findings: [] }));
    expect(
      (await cli.run(['api', 'ListTeams', '-F', 'no_members=true', '-F', 'page=2'], { env: authEnv() })).code,
    ).toBe(0);
    const result = await cli.run(
      ['api', 'ListAppFindings', '-F', 'appID=shop', '-F', 'type=vuln', '-F', 'type=secret'],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
  });

  it('percent-encodes path values and lets -F orgID name another organization', async () => {
    cli.stub('ReadApp', { path: { orgID: OTHER_ORG, appID: 'a/../b' } }).reply(200, ok({ id: 'a/../b' }));
    const result = await cli.run(['api', 'ReadApp', '-F', 'appID=a/../b', '-F', `orgID=${OTHER_ORG}`], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(cli.calls()[0]?.path).toBe(`${API}/orgs/${OTHER_ORG}/apps/a%2F..%2Fb`);
  });

  it('sends the other fields of a POST as a JSON body checked by the operation', async () => {
    cli
      .stub('CreateTeam', { body: { name: 'Payments', applications: ['shop', 'ledger'] } })
      .reply(200, ok({ team_id: TEAM }));
    const result = await cli.run(
      ['api', 'CreateTeam', '-F', 'name=Payments', '-F', 'applications=shop', '-F', 'applications=ledger'],
      { env: authEnv() },
    );
    expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(ok({ team_id: TEAM }))}\n`, stderr: '' });
    expect(cli.calls()[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends the fields of a DELETE that takes a body (DeleteTeam) in the body', async () => {
    cli.stub('DeleteTeam', { path: { rbacTeamID: TEAM }, body: { version: 3 } }).reply(200, { ok: true });
    const result = await cli.run(['api', 'DeleteTeam', '-F', `rbacTeamID=${TEAM}`, '-F', 'version=3'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(cli.calls()[0]?.method).toBe('DELETE');
  });

  it('sends the fields of a DELETE without a body as the query', async () => {
    cli.stub('DeleteWebhook', { query: { version: 1 } }).reply(200, { ok: true });
    const result = await cli.run(['api', 'DeleteWebhook', '-F', 'version=1'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '{"ok":true}\n', stderr: '' });
  });

  it('reads the body from --input as given, and sends the other fields as the query', async () => {
    const file = tempFile('team.json', '{"version":3,"change_name":"Platform"}');
    cli
      .stub('UpdateTeamMetadata', { path: { rbacTeamID: TEAM }, query: { dry: true } })
      .reply(200, ok({ team_id: TEAM }));
    const result = await cli.run(
      ['api', 'UpdateTeamMetadata', '-F', `rbacTeamID=${TEAM}`, '-F', 'dry=true', '--input', file],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(cli.calls()[0]?.body).toEqual({ version: 3, change_name: 'Platform' });
  });

  it('uses the media types of the operation: a YAML upload and a YAML answer', async () => {
    const policy = 'rules:\n  - id: no-critical\n';
    cli
      .stub('UpsertCheckAnalysisConfiguration', { path: { reference: 'strict' }, query: { tag: 'v2' } })
      .reply(200, ok({ contentHash: 'abc', tags: ['v2'] }));
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'strict' } })
      .reply(200, policy, { headers: { 'content-type': 'application/yaml' } });
    const up = await cli.run(
      ['api', 'UpsertCheckAnalysisConfiguration', '-F', 'reference=strict', '-F', 'tag=v2', '--input', '-'],
      { env: authEnv(), stdin: policy },
    );
    expect(up.code).toBe(0);
    const read = await cli.run(['api', 'ResolveCheckAnalysisConfiguration', '-F', 'reference=strict'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expect(read).toEqual({ code: 0, stdout: policy, stderr: '' });
    const [upload, resolve] = cli.calls();
    expect(upload?.headers['content-type']).toBe('application/yaml');
    expect(upload?.body).toBe(policy);
    expect(resolve?.headers.accept).toBe('application/yaml');
  });

  it('follows next_page with --paginate', async () => {
    cli.stub('ListTeams').reply(200, ok([teams[0]], `https://app.example.com/orgs/${ORG}/rbac/teams?page=2`));
    cli.stub('ListTeams', { query: { page: 2 } }).reply(200, ok([]));
    const result = await cli.run(['api', 'ListTeams', '--paginate'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${JSON.stringify(ok([teams[0]], `https://app.example.com/orgs/${ORG}/rbac/teams?page=2`))}${JSON.stringify(ok([]))}\n`,
    );
  });

  it('prints where a redirecting operation points', async () => {
    cli
      .stub('AuthorizeSlack')
      .reply(302, '', { headers: { location: 'https://slack.example.com/oauth/authorize?state=x' } });
    const result = await cli.run(['api', 'AuthorizeSlack'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: 'https://slack.example.com/oauth/authorize?state=x\n',
      stderr: '',
    });
  });

  it('prints an error body as received, then exits by its status naming the operation', async () => {
    const body = '{"ok":false,"code":"NOT_FOUND","message":"no such team"}';
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM } }).reply(404, body);
    const result = await cli.run(['api', 'ReadTeam', '-F', `rbacTeamID=${TEAM}`], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe(body);
    // The body has no newline of its own: the error line starts one (these streams may share a terminal).
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      '',
      'error: ReadTeam: no such team (HTTP 404 NOT_FOUND)',
    ]);
  });

  it('needs no organization for an operation outside /orgs, and a configuration error otherwise', async () => {
    cli.stub('ReadUser').reply(200, ok({ email: 'dev@example.com' }));
    const env = authEnv({ SECSCAN_TOKEN: jwt({}) });
    expect((await cli.run(['api', 'ReadUser'], { env })).code).toBe(0);
    const result = await cli.run(['api', 'ListTeams'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: no organization id: pass --org, set SECSCAN_ORG_ID, or log in with a token that names one',
    );
  });
});
