import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, nullCases, type Reader } from './null-cases.js';
import { useRewritingService } from './rewrite.js';

/**
 * Teams, groups, users, roles, tokens, SAML, organization settings, policies, the webhook, saved searches,
 * backups, the audit log and the integrations: null for every list and object they read is exit 8.
 */
const service = useRewritingService();

beforeAll(async () => {
  // What the seed does not set up: a webhook and the cloud platform's credentials and enrollment.
  const setup: [string[], string?][] = [
    [['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', 'scan.finished']],
    [
      'integrations cloud creds set --client-id c --auth-url https://auth.app.wiz.io/oauth/token'
        .split(' ')
        .concat('--api-url', 'https://api.us1.app.wiz.io/graphql'),
      'secret\n',
    ],
    [['--org', 'integrations', 'cloud', 'enrollment', 'set', '--for', 'SAST']],
    [['integrations', 'cloud', 'enrollment', 'set', '--compound', 'shop', '--for', 'SCA']],
  ];
  for (const [argv, stdin] of setup) expect((await service.run(argv, stdin)).code, argv.join(' ')).toBe(0);
});

const team = 'Payments';
const readers: Reader[] = [
  {
    argv: ['teams', 'list'],
    ops: ['ListTeams'],
    skip: { '[].members[]': 'the sandbox names the members `users`' },
  },
  { argv: ['teams', 'show', team], ops: ['ReadTeam'] },
  { argv: ['teams', 'groups', 'list', team], ops: ['ListGroups'] },
  {
    argv: ['teams', 'groups', 'show', team, 'Security Champions'],
    ops: ['ListHumanGroups', 'ReadTeamGroup'],
    skip: { 'groups[].members[]': 'the groups are listed without members' },
  },
  { argv: ['teams', 'config', 'show', team], ops: ['ReadTeamConfig'] },
  { argv: ['teams', 'config', 'merged', team], ops: ['ReadMergedTeamConfig'] },
  { argv: ['teams', 'export'], ops: ['ListOrgRBACRoles', 'ListOrgRBACUsers'] },
  { argv: ['groups', 'list'], ops: ['ListHumanGroups'] },
  { argv: ['groups', 'show', 'Developers'], ops: ['ReadGroup'] },
  { argv: ['users', 'list', '--email', 'collaborator@initech.example'], ops: ['ListOrgRBACUsers'] },
  { argv: ['users', 'invitations'], ops: ['ListOrgRBACInvitations'] },
  { argv: ['roles', 'list'], ops: ['ListOrgRBACRoles'] },
  { argv: ['roles', 'list', '--access-token'], ops: ['ListRoles'] },
  { argv: ['tokens', 'list'], ops: ['ListTokens'] },
  { argv: ['scopes', 'list'], ops: ['ListMyOrgScopes'] },
  { argv: ['scopes', 'available'], ops: ['ListAvailableRBACScopes'] },
  { argv: ['whoami'], ops: ['ReadUser'], skip: { 'invites[]': 'the seeded user has no invitation' } },
  { argv: ['saml', 'list'], ops: ['ListOrgSAMLConfigs'] },
  { argv: ['org', 'config', 'show'], ops: ['ReadOrgConfig'] },
  { argv: ['org', 'autofix', 'show'], ops: ['ReadOrgAutoFixConfig'] },
  { argv: ['policies', 'list'], ops: ['ListCheckAnalysisConfiguration'] },
  { argv: ['webhook', 'show'], ops: ['GetWebhook'] },
  { argv: ['webhook', 'events'], ops: ['GetAlertingEvents'] },
  { argv: ['searches', 'list'], ops: ['ListSavedSearches'] },
  { argv: ['backups', 'list'], ops: ['ListOrganizationBackups'] },
  {
    argv: ['audit', 'scm-secrets', '--by-project'],
    ops: ['GetOrgSCMSecretsAuditLog'],
    skip: Object.fromEntries(
      ['users', 'users[]', 'users[].project_ids', 'users[].token_ids'].map((p) => [
        p,
        'by project: no users',
      ]),
    ),
  },
  {
    argv: ['audit', 'scm-secrets', '--by-user'],
    ops: ['GetOrgSCMSecretsAuditLog'],
    skip: Object.fromEntries(
      ['projects', 'projects[]', 'projects[].user_ids', 'projects[].token_ids'].map((p) => [
        p,
        'by user: the same as by project',
      ]),
    ),
  },
  { argv: ['integrations', 'cloud', 'creds', 'show'], ops: ['getWizCreds'] },
  { argv: ['--org', 'integrations', 'cloud', 'enrollment', 'show'], ops: ['getWizOrgEnrollmentStatus'] },
  {
    argv: ['integrations', 'cloud', 'enrollment', 'show', '--compound', 'shop'],
    ops: ['getWizCompoundEnrollmentStatus'],
  },
];

const cases = await nullCases(readers);

describe('null where an answer has a list, an object or a map: exit 8 naming the operation and the place', () => {
  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_, c) => {
    await expectRefused(service, c);
  });
});
