import { expect, it } from 'vitest';
import { describeContract, violations } from './harness.js';
import { pathSamples } from './samples.js';

/**
 * The access commands (teams, groups, users, saml) run in-process against the vendor document served by
 * Prism: every request they send is valid for the document, and they read its example answers. The names
 * used are those of the document's examples (Team1, Group1, peter@example.com).
 */
describeContract('contract: the access commands against the vendor document', (cli) => {
  it.each<[string[], number?]>([
    [['teams', 'list', '-o', 'json']],
    [['teams', 'list', '--members', '--name', 'Team1']],
    [['teams', 'show', 'Team1', '-o', 'json']],
    [['teams', 'create', 'Mobile', '--member', 'peter@example.com:TEAM_ADMIN']],
    [['teams', 'update', 'Team1', '--rename', 'Billing']],
    [['teams', 'update', 'Team1', '--add-member', 'peter@example.com', '--remove-app', 'one_application_id']],
    [['teams', 'delete', 'Team1', '--yes']],
    [['teams', 'groups', 'list', 'Team1']],
    [['teams', 'groups', 'show', 'Team1', 'Group1']],
    [['teams', 'groups', 'add', 'Team1', 'Group1:TEAM_MANAGER', 'Group2']],
    [['teams', 'groups', 'set-role', 'Team1', 'Group1', 'TEAM_ADMIN']],
    [['teams', 'groups', 'remove', 'Team1', 'Group1', '--yes']],
    [['teams', 'export', '-o', 'json']],
    [['groups', 'list', '--iname', 'group1']],
    [['groups', 'show', 'Group1', '-o', 'json']],
    [['users', 'list', '--email', 'peter@example.com']],
    [['users', 'update', 'peter@example.com', '--role', 'TEAM_DEFINED']],
    [['users', 'delete', 'peter@example.com', '--yes']],
    [['users', 'invitations']],
    [['saml', 'list', '-o', 'json']],
    [
      [
        'saml',
        'create',
        'corp-sso',
        '--idp-metadata-url',
        'https://idp.example.com/metadata',
        '--sign-auth-requests',
      ],
    ],
    [['saml', 'delete', 'corp-sso', '--yes']],
    [['saml', 'reset-token', 'peter@example.com', '--yes']],
  ])('secscan %j sends no request violation and reads the answers', async (argv, exit = 0) => {
    const run = await cli.run(argv);
    expect(violations(run)).toEqual([]);
    expect(run.stderr).not.toMatch(/^error:/m);
    expect(run.code).toBe(exit);
    expect(run.sent.length).toBeGreaterThan(0);
  });

  it('saml reset-token of several users reads the bulk answer', async () => {
    // Prism's bulk answer names one user (the one sent here) as reset, not found and not SAML: the answer
    // accounts for every user sent, and some were not reset (exit 6). Users it does not name would be exit 8.
    const run = await cli.run(['saml', 'reset-token', '--ids-from', '-', '--yes'], {
      stdin: '497f6eca-6276-4993-bfeb-53cbbbba6f08\n',
    });
    expect(violations(run)).toEqual([]);
    expect(run.stderr).not.toMatch(/^error:/m);
    expect(run.code).toBe(6);
    const other = await cli.run([
      'saml',
      'reset-token',
      pathSamples.userIDv2 as string,
      'peter@example.com',
      '--yes',
    ]);
    expect(violations(other)).toEqual([]);
    expect(other.code).toBe(8);
    expect(other.stderr).toMatch(
      /^error: BulkResetSAMLUserAccessTokens: the answer accounts for 0 of the 2 users sent/m,
    );
  });

  it('saml show and update read the configuration from the listing and send it back whole', async () => {
    const show = await cli.run(['saml', 'show', 'string', '-o', 'json']);
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout).sp_login_url).toBe('http://example.com');
    const update = await cli.run(['saml', 'update', 'string', '--default-org-role', 'MEMBER']);
    expect(violations(update)).toEqual([]);
    expect(update.code).toBe(0);
    expect(update.sent.map((r) => r.method)).toEqual(['GET', 'PUT']);
  });

  it('saml provision resolves the team and the users, then sends the service its own shape', async () => {
    // The e-mail Prism's answer names among the users provisioned: the answer accounts for the user sent.
    const csv =
      'name,email,organization_role,team,team_role\nPeter,user@example.com,MEMBER,Team1,TEAM_ADMIN\n';
    const dry = await cli.run(['saml', 'provision', '-', '--dry-run'], { stdin: csv });
    expect(violations(dry)).toEqual([]);
    expect(dry.code).toBe(0);
    const run = await cli.run(['saml', 'provision', '-', '--allow-rejections', '-o', 'json'], {
      stdin: csv,
    });
    expect(violations(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.sent.at(-1)?.method).toBe('POST');
  });

  it('teams apply plans and applies a file against the document’s examples', async () => {
    const file = cli.file(
      'access.yml',
      [
        'teams:',
        '  - name: Mobile',
        '    apps: [BillingAPI]',
        '    members: {peter@example.com: TEAM_ADMIN}',
        '    groups: {Group1: TEAM_MANAGER}',
        '',
      ].join('\n'),
    );
    const dry = await cli.run(['teams', 'apply', file, '--dry-run', '-o', 'json']);
    expect(violations(dry)).toEqual([]);
    expect(dry.code).toBe(0);
    expect(
      JSON.parse(dry.stdout).map((c: { action: string; what: string }) => `${c.action} ${c.what}`),
    ).toEqual(['create team', 'add app', 'add member', 'add group']);
    const run = await cli.run(['teams', 'apply', file]);
    expect(violations(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.sent.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST', 'PUT']);
  });
});
