import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, nullCases, type Reader } from './null-cases.js';
import { useRewritingService } from './rewrite.js';

/**
 * The answers of writes, and what `teams apply` plans from: null for a list or an object they read is exit
 * 8 (the change was most likely made, the hint says), never an empty result or an empty plan.
 */
const service = useRewritingService();

beforeAll(async () => {
  service.file(
    'users.csv',
    'name,email,organization_role,team,team_role\nAda,collaborator@initech.example,MEMBER,Payments,TEAM_MANAGER\n',
  );
  service.file('rules.yml', 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n');
  service.file('team.yml', 'analysis_configuration:\n  secrets:\n    entropy: 4.5\n');
  const exported = await service.run(['teams', 'export']);
  expect(exported.code).toBe(0);
  service.file('access.yml', exported.stdout);
});

const readers: Reader[] = [
  {
    argv: ['apps', 'create', 'null-app-{n}', '--name', 'N'],
    ops: ['CreateApp'],
    skip: Object.fromEntries(
      ['tags', 'tags[]', 'labels'].map((p) => [
        p,
        'of the one-app form; the sandbox answers in the bulk form',
      ]),
    ),
  },
  { argv: ['apps', 'labels', 'payments-api', '--add', 'l{n}'], ops: ['UpdateAppLabels'] },
  { argv: ['app-groups', 'upsert', 'payments', '--add', 'ledger-service'], ops: ['UpsertAppGroup'] },
  {
    argv: ['saml', 'provision', '{dir}/users.csv'],
    ops: ['ProvisionSAMLUsers'],
    skip: { 'users[].invites[]': 'a provisioned user has no invitation' },
  },
  {
    argv: ['saml', 'reset-token', 'collaborator@initech.example', 'guest@initech.example', '--yes'],
    ops: ['BulkResetSAMLUserAccessTokens'],
  },
  {
    argv: [
      'teams',
      'update',
      'Platform',
      '--add-member',
      'member@initech.example:{alt:TEAM_MEMBER|TEAM_ADMIN}',
    ],
    ops: ['UpdateTeamMembership'],
  },
  { argv: ['teams', 'config', 'patch', 'Payments', '{dir}/team.yml'], ops: ['PatchTeamConfig'] },
  { argv: ['teams', 'apply', '{dir}/access.yml', '--dry-run'], ops: ['ReadTeam', 'ListGroups', 'ListApps'] },
  {
    argv: ['policies', 'push', '{dir}/rules.yml', '--name', 'gate', '--tag', 't{n}'],
    ops: ['UpsertCheckAnalysisConfiguration'],
  },
  {
    argv: ['webhook', 'set', '--url', 'https://hooks.example.com/{n}', '--event', 'scan.finished'],
    ops: ['SetUpWebhook'],
  },
  {
    argv: ['roles', 'create', '--name', 'null-role-{n}', '--scope', 'apps:list'],
    ops: ['CreateCustomRBACRole'],
  },
  {
    argv: ['findings', 'comment', 'add', '--app', 'shiftleft-java-demo', '3', 'seen {n}'],
    ops: ['CreateAppFindingComment'],
  },
];

const cases = await nullCases(readers);

describe('null in the answer to a write, or in what a plan is made from: exit 8', () => {
  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_, c) => {
    await expectRefused(service, c);
  });
});
