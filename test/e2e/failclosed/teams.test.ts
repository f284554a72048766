import { describe, expect, it } from 'vitest';
import { ok, orgId, type Received } from '../hostile.js';
import {
  answer,
  errorLines,
  group,
  groupBody,
  type Route,
  secscan,
  server,
  service,
  team,
  unexpected,
  useHostileService,
  user,
  writes,
  expectInert,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan teams`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['teams', 'config', 'show', 'web'],
      ['ReadTeamConfig', answer(unexpected)],
      /^error: ReadTeamConfig: unexpected response: none of the fields analysis_configuration/,
    ],
    [
      ['teams', 'config', 'merged', 'web'],
      ['ReadMergedTeamConfig', answer({ body: ok([]) })],
      /^error: ReadMergedTeamConfig: unexpected response/,
    ],
    [
      ['teams', 'groups', 'show', 'web', 'devs'],
      ['ListHumanGroups', answer(unexpected)],
      /^error: ListHumanGroups: /,
    ],
    [
      ['teams', 'list'],
      ['ListTeams', answer({ body: ok({ teams: [] }) })],
      /^error: ListTeams: unexpected response/,
    ],
    [['teams', 'export'], ['ReadTeam', answer(unexpected)], /^error: ReadTeam: unexpected response/],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a write answered in a shape this version cannot read says the change was most likely made', async () => {
    server.answer = service([['PatchAppConfig', 'PatchOrgConfig', 'PatchTeamConfig'], answer(unexpected)]);
    const r = await secscan(['teams', 'config', 'patch', 'web', 'team.yml']);
    expect(r.exitCode).toBe(8);
    expect(errorLines(r.stderr)).toEqual([
      expect.stringMatching(
        /^error: PatchTeamConfig: unexpected response: none of the fields analysis_configuration/,
      ),
      'hint: the service answered HTTP 200, so the change was most likely made: check with `secscan teams config show web` before retrying',
    ]);
  });
});

describe('a list read whole follows next_page, with its checks: never page 1 taken for all', () => {
  const elsewhere = `/orgs/${orgId}/rbac/users`;

  it.each([
    [['teams', 'list'], ok([{ team_id: team, team_name: 'web' }]), 'ListTeams'],
    [['teams', 'show', 'web'], ok([{ team_id: team, team_name: 'web' }]), 'ListTeams'],
  ] as const)('%j: a next_page naming another list is exit 8', async (argv, body, op) => {
    server.answer = service([op, answer({ body: { ...body, next_page: `${server.baseUrl}${elsewhere}` } })]);
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toMatch(new RegExp(`^error: ${op}: next_page names another list`, 'm'));
  });

  it('a team or group on page 2 is found, not reported missing (or created again)', async () => {
    const page2 = (req: Received) => req.query.get('page') === '2';
    const next = (path: string) => `${path}?page=2`;
    server.answer = service(
      [
        'ListTeams',
        (req) =>
          page2(req)
            ? { body: ok([{ team_id: team, team_name: 'web' }]) }
            : { body: { ...ok([{ team_id: user, team_name: 'other' }]), next_page: next(req.path) } },
      ],
      [
        'ListHumanGroups',
        (req) =>
          page2(req)
            ? { body: ok({ groups: [groupBody] }) }
            : { body: { ...ok({ groups: [] }), next_page: next(req.path) } },
      ],
    );
    const shown = await secscan(['teams', 'show', 'web', '-o', 'json']);
    expect([shown.exitCode, JSON.parse(shown.stdout).team_id]).toEqual([0, team]);
    const created = await secscan(['teams', 'create', 'web']);
    expect(created.exitCode).not.toBe(0);
    expect(writes(server)).toEqual([]);
    const groupShown = await secscan(['teams', 'groups', 'show', 'web', 'devs', '-o', 'json']);
    expect([groupShown.exitCode, JSON.parse(groupShown.stdout).group_id]).toEqual([0, group]);
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([
    [['teams', 'list']],
    [['teams', 'show', team]],
    [['teams', 'groups', 'list', team]],
    [['teams', 'export']],
  ])('%j', async (argv) => {
    await expectInert(argv);
  });

  it.each([
    [['teams', 'update', 'web', '--rename', 'webx']],
    [['teams', 'delete', 'web', '--yes']],
    [['teams', 'groups', 'add', 'web', 'devs']],
  ])('the error of a refused %j is one clean line', async (argv) => {
    await expectRefusalClean(argv);
  });
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [['teams', 'groups', 'add', 'web', 'devs:'], 2, 'invalid group "devs:": expected GROUP or GROUP:ROLE'],
    [
      ['teams', 'update', 'web', '--version', '1.5', '--rename', 'x'],
      2,
      'invalid value for --version: "1.5"',
    ],
    [['teams', 'apply', 'missing.yml'], 3, 'missing.yml: cannot read missing.yml'],
    [['teams', 'apply', 'bad.yml'], 3, 'bad.yml:1: not valid YAML or JSON'],
    [
      ['teams', 'config', 'set', 'web', 'unknown-key.yml', '--yes'],
      3,
      'unknown-key.yml:1: unknown key "bogus_key"',
    ],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('a write whose answer is lost says its outcome is unknown and how to check (exit 7)', () => {
  const lost: [string[], string][] = [
    [['teams', 'create', 'web2'], 'check with `secscan teams list --name "web2"` before retrying'],
    [['teams', 'update', 'web', '--rename', 'webx'], `check with \`secscan teams show ${team}\``],
    [
      ['teams', 'update', 'web', '--add-member', 'a@example.com:TEAM_ADMIN'],
      `check with \`secscan teams show ${team}\``,
    ],
    [['teams', 'delete', 'web', '--yes'], `check with \`secscan teams show ${team}\``],
    [['teams', 'groups', 'add', 'web', 'devs'], `check with \`secscan teams groups list ${team}\``],
    [
      ['teams', 'groups', 'remove', 'web', 'devs', '--yes'],
      `check with \`secscan teams groups list ${team}\``,
    ],
    [['teams', 'config', 'set', 'web', 'team.yml', '--yes'], 'check with `secscan teams config show web`'],
  ];

  it.each(lost)('%j', async (argv, hint) => {
    server.answer = (req) => (req.method === 'GET' ? service()(req) : { drop: true });
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    const [error, hintLine] = errorLines(r.stderr);
    expect(error).toMatch(/failed before an answer .*: the change may or may not have been applied$/);
    expect(hintLine).toContain(hint);
    expect(r.stderr).not.toContain('safe to retry');
    expect(writes(server).length).toBeGreaterThan(0);
  });

  it('a repeat refused after a lost answer (409 stale version, 404 gone) is an unknown outcome, not a refusal', async () => {
    let puts = 0;
    server.answer = (req) =>
      req.method === 'GET'
        ? service()(req)
        : ++puts === 1
          ? { drop: true }
          : { status: 409, body: { ok: false, code: 'CONFLICT', message: 'stale team version' } };
    const r = await secscan(['teams', 'update', 'web', '--rename', 'webx']);
    expect(r.exitCode).toBe(7);
    expect(errorLines(r.stderr)).toEqual([
      'error: UpdateTeamMetadata: stale team version (HTTP 409 CONFLICT); an earlier attempt lost its answer and may have been applied: the outcome of the change is unknown',
      `hint: check with \`secscan teams show ${team}\` before retrying`,
    ]);
    let deletes = 0;
    server.answer = (req) =>
      req.method === 'GET'
        ? service()(req)
        : ++deletes === 1
          ? { drop: true }
          : { status: 404, body: { ok: false, code: 'NOT_FOUND', message: 'no such user' } };
    const gone = await secscan(['users', 'delete', 'a@example.com', '--yes']);
    expect(gone.exitCode).toBe(7);
    expect(gone.stderr).toContain('may have been applied');
  });
});

describe('a bulk or multi-step command that stops part-way says what it did first', () => {
  it('teams apply: applied, not applied and unknown changes are listed before the error', async () => {
    let writesSeen = 0;
    const stale = { status: 409, body: { ok: false, code: 'CONFLICT', message: 'stale team version' } };
    server.answer = (req) =>
      req.method === 'GET' ? service()(req) : ++writesSeen === 2 ? stale : service()(req);
    const refused = await secscan(['teams', 'apply', 'access.yml', '--yes']);
    expect(refused.exitCode).toBe(6);
    expect(refused.stderr).toContain(
      [
        'warning: the apply stopped: 1 change applied, 1 change not applied',
        'applied:',
        '  team mobile: + create team mobile',
        'not applied:',
        '  team web: ~ member a@example.com: TEAM_MEMBER -> TEAM_ADMIN',
        'run `secscan teams apply access.yml` again to finish: it applies only what is still missing',
      ].join('\n'),
    );
    writesSeen = 0;
    server.answer = (req) =>
      req.method === 'GET'
        ? service()(req)
        : ++writesSeen === 1
          ? service()(req)
          : writesSeen === 2
            ? { drop: true }
            : stale;
    const lost = await secscan(['teams', 'apply', 'access.yml', '--yes']);
    expect(lost.exitCode).toBe(7);
    expect(lost.stderr).toContain('1 change applied, 0 changes not applied, 1 change of unknown outcome');
    expect(lost.stderr).toContain(
      'unknown (the answer was lost; it may have been applied):\n  team web: ~ member a@example.com: TEAM_MEMBER -> TEAM_ADMIN',
    );
  });

  it('teams update: apps changed, then the rename lost: both said', async () => {
    let puts = 0;
    server.answer = (req) =>
      req.method === 'GET'
        ? service(['ListApps', answer({ body: ok([{ id: 'ledger', name: 'ledger' }]) })])(req)
        : ++puts === 1
          ? service()(req)
          : { drop: true };
    const r = await secscan([
      'teams',
      'update',
      'web',
      '--add-app',
      'ledger',
      '--rename',
      'webx',
      '--retries',
      '0',
    ]);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(
      /^warning: the apps of team web were changed \(version 4\); the rename to webx may or may not have been made$/m,
    );
    expect(r.stderr).toMatch(/^error: UpdateTeamMetadata: .*may or may not have been applied$/m);
  });
});

describe('a file the tool writes never looks complete when the answer broke off', () => {
  it('teams export prints nothing when a read fails part-way (its output is never half a file)', async () => {
    server.answer = service(['ListGroups', answer({ drop: true })]);
    const r = await secscan(['teams', 'export', '--retries', '0']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toBe('');
  });
});
