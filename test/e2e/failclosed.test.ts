import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  type HostileServer,
  ok,
  orgId,
  type Received,
  type Reply,
  startHostile,
} from './hostile.js';
import type { OperationId } from '@secscan/api/operations';
import { secscanInTerminal, secscan as spawnCli } from './sandbox.js';

/**
 * The fail-closed rules of issue 13 (test/e2e/failsafe.test.ts covers the commands that existed then) for
 * the commands merged alongside them: teams, groups, users, SAML, organization settings, policies, the
 * webhook, saved searches, integrations, backups, reports, the audit log, rules convert, sandbox scan and
 * auth login --from-sl. A well-formed service answers every call; each case spoils one answer (or the
 * input) as a broken or hostile service, or a careless user, would.
 */

const team = '11111111-2222-4333-8444-555555555555';
const group = '21111111-2222-4333-8444-555555555555';
const user = '31111111-2222-4333-8444-555555555555';
const backupId = '51111111-2222-4333-8444-555555555555';
const teamAdmin = '41111111-2222-4333-8444-555555555555';
const teamMember = '61111111-2222-4333-8444-555555555555';

/** The operations a reply answers (by operationId: the fault server routes by the table), and which of their calls. */
type Route = [
  operations: OperationId | readonly OperationId[],
  reply: (req: Received) => Reply,
  when?: (req: Received) => boolean,
];

const teamBody = {
  version: 3,
  team_id: team,
  team_name: 'web',
  applications: ['payments-api'],
  users: [{ user_id_v2: user, team_role: 'TEAM_MEMBER' }],
};
const groupBody = {
  group_id: group,
  group_name: 'devs',
  members: [{ user_id_v2: user, email: 'a@example.com' }],
  teams: [{ team_id: team, team_name: 'web', role: 'TEAM_MEMBER' }],
};
const userBody = {
  id_v2: user,
  name: 'Ann',
  email: 'a@example.com',
  team_membership: [
    { team_id: team, team_name: 'web', role_name: 'Team Member', role_aliases: ['TEAM_MEMBER'] },
  ],
};
const currentUser = { idv2: user, name: 'Ann', email: 'a@example.com', emailVerified: true };
const role = (id: string, alias: string) => ({
  id,
  name: alias,
  description: '',
  id_aliases: [alias],
  scopes: ['apps:list'],
  role_type: 'team',
});
const yaml = { 'content-type': 'application/yaml' };

/** A service that answers every call these commands make, in the shapes the specification gives. */
const routes: Route[] = [
  ['ListTeams', () => ({ body: ok([{ team_id: team, team_name: 'web' }]) })],
  ['CreateTeam', () => ({ body: ok({ team_id: team }) })],
  ['ReadTeam', () => ({ body: ok(teamBody) })],
  [
    ['UpdateTeam', 'UpdateTeamApps', 'UpdateTeamMembership', 'UpdateTeamMetadata'],
    () => ({ body: ok({ ...teamBody, version: 4 }) }),
  ],
  ['DeleteTeam', () => ({ body: { ok: true } })],
  ['ListGroups', () => ({ body: ok([groupBody]) })],
  ['ReadTeamGroup', () => ({ body: ok(groupBody) })],
  ['UpsertGroup', () => ({ body: { ok: true } })],
  ['RemoveGroupFromTeam', () => ({ body: { ok: true } })],
  [
    ['ReadTeamConfig', 'ReadMergedTeamConfig'],
    () => ({ body: ok({ analysis_configuration: { secrets: { entropy: 4, disable: false } } }) }),
  ],
  ['PatchTeamConfig', () => ({ body: ok({ analysis_configuration: { secrets: { entropy: 5 } } }) })],
  ['ListHumanGroups', () => ({ body: ok({ groups: [groupBody] }) })],
  ['ReadGroup', () => ({ body: ok(groupBody) })],
  ['ListOrgRBACUsers', () => ({ body: ok([userBody]) })],
  ['UpdateOrgUser', () => ({ body: { ok: true } })],
  ['DeleteOrgUser', () => ({ body: { ok: true } })],
  ['ListOrgRBACInvitations', () => ({ body: ok([{ email: 'i@example.com', role: teamMember }]) })],
  [
    'ListOrgRBACRoles',
    () => ({ body: ok([role(teamAdmin, 'TEAM_ADMIN'), role(teamMember, 'TEAM_MEMBER')]) }),
  ],
  ['ListApps', () => ({ body: ok([{ id: 'payments-api', name: 'payments-api', team_id: team }]) })],
  [
    'ListOrgSAMLConfigs',
    () => ({ body: ok([{ name: 'okta', idp_metadata_url: 'https://idp.example.com/m' }]) }),
  ],
  ['CreateOrgSAMLConfig', () => ({ body: ok({ name: 'okta2' }) })],
  ['UpdateOrgSAMLConfig', () => ({ body: ok({ name: 'okta' }) })],
  ['DeleteOrgSAMLConfig', () => ({ body: { ok: true } })],
  [
    'ProvisionSAMLUsers',
    () => ({ body: ok({ users: [{ ...currentUser, email: 'b@example.com' }], rejected_emails: [] }) }),
  ],
  ['BulkResetSAMLUserAccessTokens', () => ({ body: ok({ reset: [user] }) })],
  ['ResetSAMLUserAccessToken', () => ({ status: 204 })],
  [
    ['ReadAppConfig', 'ReadOrgConfig'],
    () => ({ body: ok({ sso_name: 'acme', session_timeout_hours: 168 }) }),
  ],
  [
    ['UpdateAppConfig', 'UpdateOrgConfig', 'CreateOrgAnalysisConfig', 'UpdateTeamConfig'],
    () => ({ body: { ok: true } }),
  ],
  [['PatchAppConfig', 'PatchOrgConfig', 'UpdateOrgAnalysisConfig'], () => ({ body: { ok: true } })],
  [
    'ListCheckAnalysisConfiguration',
    () => ({ body: ok([{ contentHash: 'abc', tags: [{ name: 'gate', tags: ['1'] }] }]) }),
  ],
  [
    'ResolveCheckAnalysisConfiguration',
    () => ({ body: 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n', headers: yaml }),
  ],
  ['UpsertCheckAnalysisConfiguration', () => ({ body: ok({ contentHash: 'def', tags: ['2'] }) })],
  ['GetWebhook', () => ({ body: { url: 'https://hooks.example.com/x', events: ['scan.finished'] } })],
  [
    'SetUpWebhook',
    () => ({ body: ok({ secret: 'generated', authType: 'hmac', events: ['scan.finished'] }) }),
  ],
  ['DeleteWebhook', () => ({ body: { ok: true } })],
  ['ListSavedSearches', () => ({ body: [{ id: 's1', search_name: 'mine', path_name: '/findings' }] })],
  ['CreateSavedSearch', () => ({ status: 201 })],
  ['UpdateSavedSearch', () => ({ body: '' })],
  ['DeleteSavedSearch', () => ({ status: 204 })],
  ['DeleteSlackConfiguration', () => ({ body: { ok: true } })],
  [
    'GetAzureboardAssociation',
    () => ({ body: { azure_org_name: 'o', azure_project_name: 'p', finding_work_item_type: 'Bug' } }),
  ],
  ['PutAzureboardAssociation', () => ({ body: ok({ azure_org_name: 'o', azure_project_name: 'p' }) })],
  ['DeleteAzureboardAssociation', () => ({ body: { ok: true } })],
  ['SubmitFindingToAzureBoardPut', () => ({ body: { ok: true } })],
  [
    'GetAssociationAzureBoardByFindingID',
    () => ({ body: { azure_workitem_id: 5, azure_workitem_url: 'https://dev.azure.com/o/p/5' } }),
  ],
  ['GetAzureOrgList', () => ({ body: ok({ accounts: [{ name: 'o' }] }) })],
  ['getWizCreds', () => ({ body: { client_id: 'c', auth_url: 'https://auth.wiz.io' } })],
  ['storeWizCreds', () => ({ body: '' })],
  [
    ['getWizCompoundEnrollmentStatus', 'getWizOrgEnrollmentStatus'],
    () => ({ body: { enrolled_for: ['SAST'], scope: 'organization', is_enabled: true } }),
  ],
  [['updateWizCompoundEnrollment', 'updateWizOrgEnrollment'], () => ({ body: '' })],
  ['removeWizCompoundEnrollment', () => ({ body: '' })],
  [
    'ListOrganizationBackups',
    () => ({
      body: ok([{ backup_id: backupId, status: 'completed', created_at: '2026-05-01T00:00:00Z' }]),
    }),
  ],
  [
    'DownloadOrganizationBackup',
    () => ({ body: 'GZIP'.repeat(256), headers: { 'content-type': 'application/gzip' } }),
  ],
  [
    ['DownloadSarifReport', 'ReadCWEReport', 'ReadDetailedOWASPReport', 'ReadScanPCIDSSReport'],
    () => ({ body: '<html><body>report</body></html>', headers: { 'content-type': 'text/html' } }),
  ],
  [
    ['DownloadAuditLog', 'DownloadDailyAuditLog'],
    () => ({
      body: 'time,user,action\n2026-05-01,a@example.com,login\n',
      headers: { 'content-type': 'application/csv' },
    }),
  ],
  [
    'GetOrgSCMSecretsAuditLog',
    () => ({ body: ok({ total_attempts: 2, projects: [{ project_id: 'payments-api', attempts: 2 }] }) }),
  ],
  ['ReadUser', () => ({ body: ok(currentUser) })],
  [['ListMyOrgScopes', 'ListMyAppScopes', 'ListMyTeamScopes'], () => ({ body: ok(['apps:list']) })],
];

/** The well-formed service, with some of its answers replaced (the first route that matches answers). */
function service(...overrides: Route[]): Answer {
  return (req) => {
    for (const [operations, reply, when] of [...overrides, ...routes]) {
      const ids: readonly string[] = typeof operations === 'string' ? [operations] : operations;
      if (req.operation && ids.includes(req.operation) && (when?.(req) ?? true)) return reply(req);
    }
    return {
      status: 404,
      body: { ok: false, code: 'NOT_FOUND', message: `no route ${req.method} ${req.path}` },
    };
  };
}

let server: HostileServer;
let work: string;
let env: Record<string, string>;

async function secscan(args: string[], extra: Record<string, string> = {}, input?: string) {
  const r = await spawnCli(
    args,
    { ...env, ...extra },
    { cwd: work, ...(input === undefined ? {} : { input, stdin: undefined }) },
  );
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

const writes = (s: HostileServer) => s.requests.filter((q) => q.method !== 'GET');
const errorLines = (stderr: string) => stderr.split('\n').filter((l) => /^(error|hint): /.test(l));

beforeAll(async () => {
  server = await startHostile();
  work = mkdtempSync(join(tmpdir(), 'secscan-e2e-failclosed-'));
  const files: Record<string, string> = {
    'rules.yml': 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n',
    'team.yml': 'analysis_configuration:\n  secrets:\n    entropy: 5\n',
    'org.yml': 'session_timeout_hours: 100\n',
    'users.csv': 'name,email,organization_role,team,team_role\nBob,b@example.com,MEMBER,web,TEAM_MEMBER\n',
    'two.csv':
      'name,email,organization_role,team,team_role\nBob,b@example.com,MEMBER,,\nCy,c@example.com,MEMBER,,\n',
    'access.yml': 'teams:\n  - name: web\n    members:\n      a@example.com: TEAM_ADMIN\n  - name: mobile\n',
    'bad.yml': 'not: [valid',
    'empty.yml': '',
    'unknown-key.yml': 'bogus_key: 1\n',
    'bad-email.csv': 'name,email,organization_role,team,team_role\nB,not-an-email,MEMBER,,\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
  env = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    SECSCAN_CONFIG_DIR: join(work, 'config'),
    SECSCAN_BASE_URL: server.baseUrl,
    SECSCAN_ORG_ID: orgId,
    SECSCAN_TOKEN: 'hostile-test-token',
  };
});
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
  server.answer = service();
});

const html: Reply = {
  body: '<!doctype html><html><body>Sign in</body></html>',
  headers: { 'content-type': 'text/html' },
};

const unexpected: Reply = { body: ok({ unexpected: 1 }) };

const answer = (reply: Reply) => (): Reply => reply;

/** What must never reach a terminal raw: C0 but tab and newline, DEL, C1, bidi and zero-width characters. */
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/** What a terminal would act on or hide, in JSON or YAML (where C0 is escaped by the format itself). */
const rawInData = /[\u001b\u0007\u007f-\u009f\u202e\u200b]/;

const hostile = '\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b31m\r error: forged \u202eevil\u200b';

/** Every string of an answer but the ids, with hostile text added. */
function poisoned(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return /(^|_)id(_v2)?$|^idv2$|contentHash/.test(key) ? value : `${value}${hostile}`;
  if (Array.isArray(value)) return value.map((v) => poisoned(v, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'ok' ? v : poisoned(v, k)]));
  }
  return value;
}

const poisonedService: Answer = (req) => {
  const reply = service()(req);
  if (typeof reply.body === 'string')
    return { ...reply, body: reply.body.replace(/a@example\.com/g, `a@example.com${hostile}`) };
  return reply.body === undefined ? reply : { ...reply, body: poisoned(reply.body) };
};

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
      ['groups', 'list'],
      ['ListHumanGroups', answer(unexpected)],
      /^error: ListHumanGroups: unexpected response at groups/,
    ],
    [
      ['groups', 'show', 'devs'],
      ['ListHumanGroups', answer({ body: ok({ group: [groupBody] }) })],
      /^error: ListHumanGroups: unexpected response at groups/,
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
    [
      ['users', 'invitations'],
      ['ListOrgRBACInvitations', answer(html)],
      /^error: ListOrgRBACInvitations: the service answered with a body that is not JSON/,
    ],
    [
      ['users', 'list', '--email', 'a@example.com'],
      ['ListOrgRBACUsers', answer({ body: '{"ok":true,"response":[{"id_v2":"3111' })],
      /^error: ListOrgRBACUsers: the service answered with a body that is not JSON/,
    ],
    [
      ['saml', 'list'],
      ['ListOrgSAMLConfigs', answer({ body: ok({}) })],
      /^error: ListOrgSAMLConfigs: unexpected response/,
    ],
    [
      ['org', 'config', 'show'],
      ['ReadOrgConfig', answer(unexpected)],
      /^error: ReadOrgConfig: unexpected response: none of the fields sso_name, /,
    ],
    [
      ['org', 'config', 'show'],
      ['ReadOrgConfig', answer({ body: ok([]) })],
      /^error: ReadOrgConfig: unexpected response/,
    ],
    [
      ['webhook', 'show'],
      ['GetWebhook', answer({ body: { events: ['scan.finished'] } })],
      /^error: GetWebhook: unexpected response at url/,
    ],
    [
      ['webhook', 'show'],
      ['GetWebhook', answer({ body: ok({ url: 'https://hooks.example.com/x' }) })],
      /^error: GetWebhook: unexpected response at url/,
    ],
    [
      ['integrations', 'board', 'orgs'],
      ['GetAzureOrgList', answer(unexpected)],
      /^error: GetAzureOrgList: unexpected response at accounts/,
    ],
    [
      ['integrations', 'board', 'show', 'payments-api'],
      ['GetAzureboardAssociation', answer({ body: {} })],
      /^error: GetAzureboardAssociation: unexpected response at azure_org_name/,
    ],
    [
      ['integrations', 'board', 'finding', 'payments-api', '12'],
      [
        'GetAssociationAzureBoardByFindingID',
        answer({ body: { azure_org_name: 'o' } }),
        (req) => req.params.findingID === '12',
      ],
      /^error: GetAssociationAzureBoardByFindingID: unexpected response at azure_workitem_id/,
    ],
    [
      ['integrations', 'cloud', 'creds', 'show'],
      ['getWizCreds', answer({ body: { unexpected: 1 } })],
      /^error: getWizCreds: unexpected response: none of the fields client_id, auth_url, api_url$/m,
    ],
    [
      ['integrations', 'cloud', 'enrollment', 'show', '--org'],
      [['getWizCompoundEnrollmentStatus', 'getWizOrgEnrollmentStatus'], answer({ body: { unexpected: 1 } })],
      /^error: getWizOrgEnrollmentStatus: unexpected response: none of the fields/,
    ],
    [
      ['audit', 'scm-secrets', '--by-project'],
      ['GetOrgSCMSecretsAuditLog', answer({ body: ok({ total_attempts: 1 }) })],
      /^error: GetOrgSCMSecretsAuditLog: unexpected response at projects/,
    ],
    [
      ['backups', 'list'],
      ['ListOrganizationBackups', answer({ body: '{"ok":true,"response":[{"backup_id":"51' })],
      /^error: ListOrganizationBackups: the service answered with a body that is not JSON/,
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

  // A document (a stored policy, the audit log's CSV) is checked too: never an HTML page, JSON or nothing.
  const documents: [string[], Route, RegExp][] = [
    [
      ['policies', 'show', 'gate'],
      ['ResolveCheckAnalysisConfiguration', answer(html)],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with an HTML page \(text\/html\) where application\/yaml was expected/,
    ],
    [
      ['policies', 'show', 'gate'],
      ['ResolveCheckAnalysisConfiguration', answer({ body: ok('rules: []') })],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with JSON \(application\/json\)/,
    ],
    [
      ['policies', 'show', 'gate'],
      ['ResolveCheckAnalysisConfiguration', answer({ body: '', headers: yaml })],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with an empty body/,
    ],
    [
      ['policies', 'diff', 'gate', 'rules.yml'],
      ['ResolveCheckAnalysisConfiguration', answer(html)],
      /^error: ResolveCheckAnalysisConfiguration: the service answered with an HTML page/,
    ],
    [
      ['audit', 'log', '--year', '2026', '--month', '5'],
      [['DownloadAuditLog', 'DownloadDailyAuditLog'], answer(html)],
      /^error: the audit log of 2026-05: the service answered with text\/html, beginning "<!doctype html>/,
    ],
    [
      ['audit', 'log', '--year', '2026', '--month', '5', '-o', 'json'],
      [['DownloadAuditLog', 'DownloadDailyAuditLog'], answer(html)],
      /^error: .*DownloadAuditLog: the service answered with an HTML page/,
    ],
  ];

  it.each(documents)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
  });

  it('org config set reads the configuration first: of the wrong shape, nothing is replaced', async () => {
    server.answer = service([['ReadAppConfig', 'ReadOrgConfig', 'ReadTeamConfig'], answer(unexpected)]);
    const r = await secscan(['org', 'config', 'set', 'org.yml', '--yes']);
    expect(r.exitCode).toBe(8);
    expect(writes(server)).toEqual([]);
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

  it('webhook set: an answer without the secret the service generated is exit 8, never a silent loss', async () => {
    server.answer = service(['SetUpWebhook', answer({ body: ok({ authType: 'hmac', events: [] }) })]);
    const r = await secscan([
      'webhook',
      'set',
      '--url',
      'https://hooks.example.com/x',
      '--event',
      'scan.finished',
    ]);
    expect(r.exitCode).toBe(8);
    expect(errorLines(r.stderr)).toEqual([
      'error: SetUpWebhook: the service set up the webhook but its answer carries no secret: deliveries are signed with a secret nobody has seen',
      'hint: set it up again with your own secret: --secret-stdin < secret.txt',
    ]);
  });

  it('saml provision: users the answer neither provisions nor rejects are rows of their own and exit 8', async () => {
    server.answer = service(['ListOrgRBACUsers', answer({ body: ok([]) })]);
    const r = await secscan(['saml', 'provision', 'two.csv']);
    expect(r.exitCode).toBe(8);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'created\tuser\tb@example.com\t31111111-2222-4333-8444-555555555555\tMEMBER',
      'unknown\tuser\tc@example.com\t\tthe answer neither provisions nor rejects it',
    ]);
    expect(r.stderr).toContain('1 created, 0 updated, 0 rejected, 1 unaccounted for.');
    expect(r.stderr).toMatch(
      /^error: ProvisionSAMLUsers: the answer accounts for 1 of the 2 users sent: c@example\.com neither provisioned nor rejected$/m,
    );
    server.answer = service(['ProvisionSAMLUsers', answer(unexpected)]);
    const none = await secscan(['saml', 'provision', 'users.csv']);
    expect(none.exitCode).toBe(8);
    expect(none.stderr).not.toContain('0 created, 0 updated, 0 rejected.');
  });

  it('saml reset-token: users the answer leaves out are never counted as reset', async () => {
    const other = '71111111-2222-4333-8444-555555555555';
    server.answer = service(['BulkResetSAMLUserAccessTokens', answer(unexpected)]);
    const r = await secscan(['saml', 'reset-token', user, other, '--yes']);
    expect(r.exitCode).toBe(8);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(r.stdout).toMatch(/^unknown\tuser\t/m);
    expect(r.stderr).toMatch(
      /^error: BulkResetSAMLUserAccessTokens: the answer accounts for 0 of the 2 users sent/m,
    );
  });
});

describe('a list read whole follows next_page, with its checks: never page 1 taken for all', () => {
  const elsewhere = `/orgs/${orgId}/rbac/users`;
  it.each([
    [['teams', 'list'], ok([{ team_id: team, team_name: 'web' }]), 'ListTeams'],
    [['groups', 'list'], ok({ groups: [groupBody] }), 'ListHumanGroups'],
    [['users', 'invitations'], ok([{ email: 'i@example.com' }]), 'ListOrgRBACInvitations'],
    [['teams', 'show', 'web'], ok([{ team_id: team, team_name: 'web' }]), 'ListTeams'],
    [['groups', 'show', 'devs'], ok({ groups: [groupBody] }), 'ListHumanGroups'],
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
    [['groups', 'list']],
    [['groups', 'show', group]],
    [['users', 'list', '--email', 'a@example.com']],
    [['users', 'invitations']],
    [['saml', 'list']],
    [['org', 'config', 'show']],
    [['policies', 'list']],
    [['webhook', 'show']],
    [['searches', 'list']],
    [['integrations', 'board', 'orgs']],
    [['integrations', 'board', 'show', 'payments-api']],
    [['integrations', 'cloud', 'creds', 'show']],
    [['backups', 'list']],
    [['audit', 'log', '--year', '2026', '--month', '5', '-o', 'tsv']],
    [['audit', 'scm-secrets', '--by-project']],
    [['teams', 'export']],
  ])('%j', async (argv) => {
    server.answer = poisonedService;
    const tsv = await secscan(argv);
    expect(tsv.exitCode).toBe(0);
    expect(tsv.stdout).not.toMatch(unsafe);
    expect(tsv.stderr).not.toMatch(unsafe);
    for (const format of ['json', 'yaml']) {
      const data = await secscan([...argv.filter((a) => a !== '-o' && a !== 'tsv'), '-o', format]);
      expect(data.exitCode).toBe(0);
      expect(data.stdout).not.toMatch(rawInData);
    }
    const table = await secscanInTerminal(
      [...argv.filter((a) => a !== '-o' && a !== 'tsv'), '--no-color'],
      env,
    );
    expect(String(table.stdout)).not.toMatch(/[\u0007\u009b\u202e\u200b]|\u001b\]52|\u001b\[2J/);
  });

  it.each([
    [['teams', 'update', 'web', '--rename', 'webx']],
    [['teams', 'delete', 'web', '--yes']],
    [['teams', 'groups', 'add', 'web', 'devs']],
    [['users', 'update', 'a@example.com', '--role', 'MEMBER']],
    [['saml', 'create', 'okta2', '--idp-metadata-url', 'https://idp.example.com/m']],
    [['saml', 'provision', 'users.csv']],
    [['org', 'config', 'patch', 'org.yml']],
    [['policies', 'push', 'rules.yml', '--name', 'gate']],
    [['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', 'scan.finished']],
    [['searches', 'delete', 's1', '--yes']],
    [['integrations', 'board', 'link', 'payments-api', '--board-org', 'o', '--project', 'p']],
    [['integrations', 'cloud', 'enrollment', 'set', '--org', '--for', 'SAST']],
  ])('the error of a refused %j is one clean line', async (argv) => {
    const refused = {
      status: 422,
      body: { ok: false, code: `BAD${hostile}`, message: `refused ${hostile}`, validation_errors: [hostile] },
    };
    server.answer = (req) => (req.method === 'GET' ? service()(req) : refused);
    const r = await secscan(argv);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).not.toMatch(unsafe);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error: '))).toHaveLength(1);
    expect(r.stderr).not.toMatch(/^\s*error: forged/m);
  });

  it('the notices, rows and plan of a write quote the service made safe (teams apply, saml provision, org config set)', async () => {
    server.answer = poisonedService;
    const provision = await secscan(['saml', 'provision', 'users.csv']);
    expect(provision.stdout + provision.stderr).not.toMatch(unsafe);
    const set = await secscan(['org', 'config', 'set', 'org.yml', '--yes']);
    expect(set.exitCode).toBe(0);
    expect(set.stderr).toContain('leaves out sso_name');
    expect(set.stderr).not.toMatch(unsafe);
    // The teams to delete come from the service: the plan names them, on a terminal too.
    const old = '71111111-2222-4333-8444-555555555555';
    const oldTeam = { ...teamBody, team_id: old, team_name: `old${hostile}`, applications: [] };
    server.answer = service(
      ['ListTeams', answer({ body: ok([{ team_id: team, team_name: 'web' }, oldTeam]) })],
      ['ReadTeam', answer({ body: ok(oldTeam) }), (req) => req.params.rbacTeamID === old],
    );
    const plan = await secscanInTerminal(
      ['teams', 'apply', join(work, 'access.yml'), '--prune', '--dry-run', '--no-color'],
      env,
    );
    expect(String(plan.stdout)).toMatch(/- delete team old/);
    expect(String(plan.stdout)).not.toMatch(/[\u0007\u009b\u202e\u200b]|\u001b\]52|\u001b\[2J/);
    const rows = await secscan(['teams', 'apply', 'access.yml', '--prune', '--dry-run']);
    expect(rows.stdout + rows.stderr).not.toMatch(unsafe);
  });

  it('rules convert: a rules file’s text is escaped in JSON and YAML too', async () => {
    writeFileSync(
      join(work, 'hostile-rules.yml'),
      `rules:\n  - id: ${JSON.stringify(`a${hostile}`)}\n    tags:\n      severity: [critical]\n`,
    );
    for (const format of [[], ['-o', 'json']]) {
      const r = await secscan(['rules', 'convert', 'hostile-rules.yml', ...format]);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toMatch(rawInData);
      expect(r.stdout).toContain('\\u202e');
    }
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
    [['users', 'list', '--email', 'nobody'], 2, 'invalid value for --email: "nobody"'],
    [['users', 'update', 'a@example.com', '--role', 'BOGUS'], 2, 'invalid value for --role: "BOGUS"'],
    [
      ['saml', 'create', 'bad name!', '--idp-metadata-url', 'https://idp.example.com/m'],
      2,
      'invalid SAML configuration name "bad name!"',
    ],
    [
      ['saml', 'create', 'okta2', '--idp-metadata-url', 'ftp://idp.example.com/m'],
      2,
      'invalid value for --idp-metadata-url',
    ],
    [
      ['saml', 'provision', 'bad-email.csv'],
      3,
      'bad-email.csv:2: email: "not-an-email" is not an e-mail address',
    ],
    [['org', 'config', 'set', 'unknown-key.yml', '--yes'], 3, 'unknown-key.yml:1: unknown key "bogus_key"'],
    [['org', 'analysis', 'set', '--secrets-entropy', 'NaN'], 2, 'invalid value for --secrets-entropy: "NaN"'],
    [['policies', 'push', 'empty.yml', '--name', 'gate'], 3, 'empty.yml:1: the file is empty'],
    [['policies', 'show', 'a:b:c'], 2, 'invalid policy reference "a:b:c"'],
    [
      ['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', ''],
      2,
      'invalid value for --event: "" (choose from scan.finished)',
    ],
    [
      ['webhook', 'set', '--url', 'notaurl', '--event', 'scan.finished'],
      2,
      'invalid value for --url: "notaurl"',
    ],
    [['searches', 'update', 's1'], 2, 'nothing to change'],
    [
      ['integrations', 'board', 'submit', 'payments-api', '12', '--scan', '0'],
      2,
      'invalid value for --scan: "0"',
    ],
    [
      [
        'integrations',
        'cloud',
        'creds',
        'set',
        '--client-id',
        'c',
        '--auth-url',
        'http://a.example.com',
        '--api-url',
        'https://a.example.com',
      ],
      2,
      'invalid value for --auth-url',
    ],
    [['backups', 'download', '--dir', 'b', '--keep', '0'], 2, 'invalid value for --keep: "0"'],
    [
      ['reports', 'owasp', '--app', 'payments-api', '7', '--year', '2019'],
      2,
      'invalid value for --year: "2019"',
    ],
    [
      ['reports', 'cwe', '--app', 'payments-api', '7', '--out', 'no/such/dir/r.html'],
      2,
      'invalid value for --out: the directory of no/such/dir/r.html does not exist',
    ],
    [
      ['audit', 'log', '--year', '2026', '--month', '2', '--day', '30'],
      2,
      'invalid value for --day: 2026-02 has no day 30',
    ],
    [['rules', 'convert', 'bad.yml'], 3, 'bad.yml:1: not valid YAML'],
    [
      ['sandbox', 'scan', '--app', 'payments-api', '--new', 'critical=0'],
      2,
      'invalid value for --new: "critical=0"',
    ],
    [['auth', 'login', '--from-sl', 'missing.json'], 3, '--from-sl: cannot read missing.json'],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('a token holding control characters is refused before any request, wherever it comes from', async () => {
    const token = 'abc\u001b[2Jdef';
    writeFileSync(join(work, 'sl.json'), JSON.stringify({ orgId, accessToken: token }));
    const fromSl = await secscan(['auth', 'login', '--from-sl', 'sl.json']);
    expect([fromSl.exitCode, fromSl.stderr.split('\n')[0]]).toEqual([
      3,
      'error: --from-sl: the accessToken in sl.json holds characters a token cannot have (control or non-ASCII characters)',
    ]);
    const stdin = await secscan(['auth', 'login', '--with-token'], {}, token);
    expect([stdin.exitCode, stdin.stderr.split('\n')[0]]).toEqual([
      2,
      'error: the token holds characters a token cannot have (control or non-ASCII characters)',
    ]);
    const variable = await secscan(['teams', 'list'], { SECSCAN_TOKEN: token });
    expect([variable.exitCode, variable.stderr.split('\n')[0]]).toEqual([
      3,
      'error: the token (from $SECSCAN_TOKEN) holds characters a token cannot have: spaces, control or non-ASCII characters',
    ]);
    expect(fromSl.stderr + stdin.stderr + variable.stderr).not.toMatch(unsafe);
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
    [
      ['users', 'update', 'a@example.com', '--role', 'MEMBER'],
      'check with `secscan users list --email a@example.com`',
    ],
    [['users', 'delete', 'a@example.com', '--yes'], 'check with `secscan users list --email a@example.com`'],
    [['saml', 'update', 'okta', '--default-org-role', 'MEMBER'], 'check with `secscan saml show okta`'],
    [['saml', 'delete', 'okta', '--yes'], 'check with `secscan saml list`'],
    [['saml', 'provision', 'users.csv'], 'check with `secscan users list --email ADDRESS`'],
    [['org', 'config', 'set', 'org.yml', '--yes'], 'check with `secscan org config show`'],
    [['org', 'analysis', 'set', '--secrets-entropy', '4'], 'check with `secscan org config show`'],
    [['policies', 'push', 'rules.yml', '--name', 'gate'], 'check with `secscan policies list --name gate`'],
    [
      ['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', 'scan.finished'],
      'whose generated secret was never shown',
    ],
    [['webhook', 'delete', '--yes'], 'check with `secscan webhook show`'],
    [['searches', 'update', 's1', '--name', 'x'], 'check with `secscan searches list`'],
    [['searches', 'delete', 's1', '--yes'], 'check with `secscan searches list`'],
    [['integrations', 'chat', 'remove', '--yes'], 'removing it again is harmless'],
    [
      ['integrations', 'board', 'link', 'payments-api', '--board-org', 'o', '--project', 'p'],
      'check with `secscan integrations board show payments-api`',
    ],
    [
      ['integrations', 'board', 'unlink', 'payments-api', '--yes'],
      'check with `secscan integrations board show payments-api`',
    ],
    [
      ['integrations', 'board', 'submit', 'payments-api', '12', '--scan', '7'],
      'check with `secscan integrations board finding payments-api 12`',
    ],
    [
      ['integrations', 'cloud', 'enrollment', 'set', '--org', '--for', 'SAST'],
      'check with `secscan integrations cloud enrollment show --org`',
    ],
    [
      ['integrations', 'cloud', 'enrollment', 'remove', '--compound', 'shop', '--yes'],
      'check with `secscan integrations cloud enrollment show --compound shop`',
    ],
    [
      ['sandbox', 'scan', '--app', 'payments-api'],
      'check with `secscan scans list --app payments-api` before recording another',
    ],
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

  it('a 503 to a PUT, retried to the end, is an unknown outcome too', async () => {
    server.answer = (req) =>
      req.method === 'GET'
        ? service()(req)
        : { status: 503, body: { ok: false, code: 'UNAVAILABLE', message: 'busy' } };
    const r = await secscan(['users', 'update', 'a@example.com', '--role', 'MEMBER', '--retries', '1']);
    expect(r.exitCode).toBe(7);
    expect(errorLines(r.stderr)).toEqual([
      'error: UpdateOrgUser: busy (HTTP 503 UNAVAILABLE); the outcome of the change is unknown',
      'hint: check with `secscan users list --email a@example.com` before retrying',
    ]);
  });

  it('a write that never left (connection refused) says so: safe to retry', async () => {
    const r = await secscan(['saml', 'create', 'okta2', '--idp-metadata-url', 'https://idp.example.com/m'], {
      SECSCAN_BASE_URL: 'http://127.0.0.1:1',
    });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(
      /^error: CreateOrgSAMLConfig: cannot reach http:\/\/127\.0\.0\.1:1: ECONNREFUSED$/m,
    );
    expect(r.stderr).toContain('safe to retry');
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

  it('integrations board submit: the batches filed before a failure are named', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => String(i + 1));
    let puts = 0;
    server.answer = (req) =>
      req.method === 'GET'
        ? service()(req)
        : ++puts === 1
          ? service()(req)
          : {
              status: 400,
              body: { ok: false, code: 'BAD_REQUEST', message: 'finding 101 is not in scan 7' },
            };
    const r = await secscan(['integrations', 'board', 'submit', 'payments-api', '--scan', '7', ...ids]);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/^warning: stopped part-way: submitted 100 of 150 findings of payments-api$/m);
    expect(r.stderr).toMatch(/^not submitted: 101, 102, .*, 150$/m);
  });

  it('backups download --keep: a backup it cannot prune leaves the new one in place and names both', async () => {
    const dir = join(work, 'keep');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'backup-old.tar.gz', 'stuck'), { recursive: true });
    const old = {
      file: 'backup-old.tar.gz',
      backup_id: 'old',
      created_at: '2026-01-01T00:00:00Z',
      bytes: 1,
      sha256: 'x',
      downloaded_at: '2026-01-01T00:00:00Z',
    };
    writeFileSync(join(dir, '.secscan-backups.json'), JSON.stringify({ version: 1, backups: [old] }));
    const r = await secscan(['backups', 'download', '--dir', dir, '--keep', '1']);
    expect(r.exitCode).toBe(3);
    const file = 'backup-20260501T000000Z-51111111-2222-4333-8444-555555555555.tar.gz';
    expect(r.stderr.split('\n')[0]).toBe(
      `error: downloaded backup ${backupId} to ${join(dir, file)}, then --keep: cannot remove ${join(dir, 'backup-old.tar.gz')} (ERR_FS_EISDIR)`,
    );
    expect(readFileSync(join(dir, file), 'utf8')).toBe('GZIP'.repeat(256));
    expect(existsSync(join(dir, `${file}.sha256`))).toBe(true);
  });
});

describe('a file the tool writes never looks complete when the answer broke off', () => {
  it.each([
    [['backups', 'download', '--dir', 'out'], 'DownloadOrganizationBackup', 'application/gzip'],
    [
      ['reports', 'pci', '--app', 'payments-api', '7', '--out', 'out/r.html'],
      'ReadScanPCIDSSReport',
      'text/html',
    ],
    [
      ['reports', 'cwe', '--app', 'payments-api', '7', '--out', 'out/r.pdf'],
      'ReadCWEReport',
      'application/pdf',
    ],
    [
      ['audit', 'log', '--year', '2026', '--month', '5', '--out', 'out/a.csv'],
      'DownloadAuditLog',
      'application/csv',
    ],
  ] as const)('%j leaves nothing behind (exit 7)', async (argv, operation, type) => {
    rmSync(join(work, 'out'), { recursive: true, force: true });
    mkdirSync(join(work, 'out'));
    const starts: Record<string, string> = {
      'application/pdf': '%PDF-1.4 ',
      'text/html': '<html>',
      'application/csv': 'a,b\n',
    };
    const start = starts[type] ?? '';
    const body = `${start}${'x'.repeat(20_000)}`;
    server.answer = service([
      operation,
      answer({
        partial: body.slice(0, 10_000),
        cut: true,
        headers: { 'content-type': type, 'content-length': String(body.length) },
      }),
    ]);
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/^error: the download broke off at byte 10\d{3} of 20\d{3}/m);
    expect(readdirSync(join(work, 'out'))).toEqual([]);
  });

  it('teams export prints nothing when a read fails part-way (its output is never half a file)', async () => {
    server.answer = service(['ListGroups', answer({ drop: true })]);
    const r = await secscan(['teams', 'export', '--retries', '0']);
    expect(r.exitCode).toBe(7);
    expect(r.stdout).toBe('');
  });
});
