import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { OperationId } from '@secscan/api/operations';
import {
  type Answer,
  type HostileServer,
  ok,
  orgId,
  type Received,
  type Reply,
  startHostile,
} from '../hostile.js';
import { secscanInTerminal, secscan as spawnCli } from '../sandbox.js';

/**
 * The fail-closed rules of issue 13, one file a noun beside this one, (test/e2e/failsafe.test.ts covers the commands that existed then) for
 * the commands merged alongside them: teams, groups, users, SAML, organization settings, policies, the
 * webhook, saved searches, integrations, backups, reports, the audit log, rules convert, sandbox scan and
 * auth login --from-sl. A well-formed service answers every call; each case spoils one answer (or the
 * input) as a broken or hostile service, or a careless user, would.
 */
export const team = '11111111-2222-4333-8444-555555555555';
export const group = '21111111-2222-4333-8444-555555555555';
export const user = '31111111-2222-4333-8444-555555555555';
export const backupId = '51111111-2222-4333-8444-555555555555';
export const teamAdmin = '41111111-2222-4333-8444-555555555555';
export const teamMember = '61111111-2222-4333-8444-555555555555';

/** The operations a reply answers (by operationId: the fault server routes by the table), and which of their calls. */
export type Route = [
  operations: OperationId | readonly OperationId[],
  reply: (req: Received) => Reply,
  when?: (req: Received) => boolean,
];

export const teamBody = {
  version: 3,
  team_id: team,
  team_name: 'web',
  applications: ['payments-api'],
  users: [{ user_id_v2: user, team_role: 'TEAM_MEMBER' }],
};
export const groupBody = {
  group_id: group,
  group_name: 'devs',
  members: [{ user_id_v2: user, email: 'a@example.com' }],
  teams: [{ team_id: team, team_name: 'web', role: 'TEAM_MEMBER' }],
};
export const userBody = {
  id_v2: user,
  name: 'Ann',
  email: 'a@example.com',
  team_membership: [
    { team_id: team, team_name: 'web', role_name: 'Team Member', role_aliases: ['TEAM_MEMBER'] },
  ],
};
export const currentUser = { idv2: user, name: 'Ann', email: 'a@example.com', emailVerified: true };
export const role = (id: string, alias: string) => ({
  id,
  name: alias,
  description: '',
  id_aliases: [alias],
  scopes: ['apps:list'],
  role_type: 'team',
});
export const yaml = { 'content-type': 'application/yaml' };

/** A service that answers every call these commands make, in the shapes the specification gives. */
export const routes: Route[] = [
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
export function service(...overrides: Route[]): Answer {
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

export let server: HostileServer;
export let work: string;
export let env: Record<string, string>;

export async function secscan(args: string[], extra: Record<string, string> = {}, input?: string) {
  const r = await spawnCli(
    args,
    { ...env, ...extra },
    { cwd: work, ...(input === undefined ? {} : { input, stdin: undefined }) },
  );
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

export const writes = (s: HostileServer) => s.requests.filter((q) => q.method !== 'GET');
export const errorLines = (stderr: string) => stderr.split('\n').filter((l) => /^(error|hint): /.test(l));

/** Starts the fault server and the work directory for the file's tests; each test starts from the well-formed service. */
export function useHostileService(): void {
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
      'access.yml':
        'teams:\n  - name: web\n    members:\n      a@example.com: TEAM_ADMIN\n  - name: mobile\n',
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
}

export const html: Reply = {
  body: '<!doctype html><html><body>Sign in</body></html>',
  headers: { 'content-type': 'text/html' },
};

export const unexpected: Reply = { body: ok({ unexpected: 1 }) };

export const answer = (reply: Reply) => (): Reply => reply;

/** What must never reach a terminal raw: C0 but tab and newline, DEL, C1, bidi and zero-width characters. */
export const unsafe =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/** What a terminal would act on or hide, in JSON or YAML (where C0 is escaped by the format itself). */
export const rawInData = /[\u001b\u0007\u007f-\u009f\u202e\u200b]/;

export const hostile = '\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b31m\r error: forged \u202eevil\u200b';

/** Every string of an answer but the ids, with hostile text added. */
export function poisoned(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return /(^|_)id(_v2)?$|^idv2$|contentHash/.test(key) ? value : `${value}${hostile}`;
  if (Array.isArray(value)) return value.map((v) => poisoned(v, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'ok' ? v : poisoned(v, k)]));
  }
  return value;
}

export const poisonedService: Answer = (req) => {
  const reply = service()(req);
  if (typeof reply.body === 'string')
    return { ...reply, body: reply.body.replace(/a@example\.com/g, `a@example.com${hostile}`) };
  return reply.body === undefined ? reply : { ...reply, body: poisoned(reply.body) };
};

/**
 * The service's text poisoned everywhere (`poisonedService`), `argv` still succeeds and shows nothing raw:
 * as tab-separated text on both streams, as JSON and YAML (escaped), and as a table on a terminal.
 */
export async function expectInert(argv: string[]): Promise<void> {
  server.answer = poisonedService;
  const tsv = await secscan(argv);
  expect(tsv.exitCode).toBe(0);
  expect(tsv.stdout).not.toMatch(unsafe);
  expect(tsv.stderr).not.toMatch(unsafe);
  const plain = argv.filter((a) => a !== '-o' && a !== 'tsv');
  for (const format of ['json', 'yaml']) {
    const data = await secscan([...plain, '-o', format]);
    expect(data.exitCode).toBe(0);
    expect(data.stdout).not.toMatch(rawInData);
  }
  const table = await secscanInTerminal([...plain, '--no-color'], env);
  expect(String(table.stdout)).not.toMatch(/[\u0007\u009b\u202e\u200b]|\u001b\]52|\u001b\[2J/);
}

/**
 * The service refuses `argv`'s write (422) with hostile text in its code, message and validation errors:
 * exit 6, and its error is one clean line (nothing raw, no forged second error line).
 */
export async function expectRefusalClean(argv: string[]): Promise<void> {
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
}
