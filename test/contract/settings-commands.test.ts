import { expect, it } from 'vitest';
import { describeContract, violations } from './harness.js';
import { pathSamples } from './samples.js';

const TEAM = pathSamples.rbacTeamID as string;

describeContract('contract: the settings commands against the vendor document', (cli) => {
  const rules = 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n';

  it.each([
    [['org', 'autofix', 'show', '-o', 'json']],
    [['org', 'analysis', 'set', '--secrets-entropy', '0.5']],
    [['teams', 'config', 'show', TEAM, '-o', 'yaml']],
    [['teams', 'config', 'merged', TEAM]],
    [['policies', 'list', '--name', 'blah']],
    [['policies', 'show', 'default:v1']],
    [['webhook', 'show', '--version', '1']],
    [['webhook', 'events']],
    [['webhook', 'delete', '--yes']],
    [
      [
        'webhook',
        'set',
        '--url',
        'https://hooks.example.com/s',
        '--event',
        'scan.finished',
        '--email-on-failure',
      ],
    ],
    [['searches', 'list']],
    [['searches', 'create', 'Mine', '--path', '/findings', '--query', 'severity=high']],
    [['searches', 'update', 'string', '--query', 'severity=critical']],
    [['searches', 'delete', 'search-1', '--yes']],
  ])('%j: no request violation, exit 0', async (argv) => {
    const run = await cli.run(argv);
    expect(violations(run)).toEqual([]);
    expect([run.code, run.stderr.startsWith('error:') ? run.stderr : '']).toEqual([0, '']);
  });

  it('`org config show -o yaml` goes back through `org config set` unchanged', async () => {
    const shown = await cli.run(['org', 'config', 'show', '-o', 'yaml']);
    expect(shown.code).toBe(0);
    const set = await cli.run(['org', 'config', 'set', cli.file('org.yml', shown.stdout)]);
    expect(violations(set)).toEqual([]);
    expect([set.code, set.stderr]).toEqual([
      0,
      'Replaced the organization configuration. No setting changed.\n',
    ]);
    expect(set.sent.map((r) => r.method)).toEqual(['GET', 'PUT', 'GET']);
    const patch = await cli.run(['org', 'config', 'patch', '-'], {
      stdin: 'session_timeout_hours: 24\n',
    });
    expect(violations(patch)).toEqual([]);
    expect(patch.code).toBe(0);
  });

  it('replaces and patches a team configuration', async () => {
    const body = 'analysis_configuration:\n  secrets:\n    entropy: 0.5\n    disable: false\n';
    const set = await cli.run(['teams', 'config', 'set', TEAM, cli.file('team.yml', body), '--yes']);
    const patch = await cli.run(['teams', 'config', 'patch', TEAM, '-'], {
      stdin: 'analysis_configuration: {secrets: {disable: true}}\n',
    });
    expect([...violations(set), ...violations(patch)]).toEqual([]);
    expect([set.code, patch.code]).toEqual([0, 0]);
  });

  it('pushes a policy as YAML with its tag, and diffs a file against a stored one', async () => {
    const path = cli.file('rules.yml', rules);
    const push = await cli.run(['policies', 'push', path, '--name', 'default', '--tag', 'v3', '-o', 'json']);
    expect(violations(push)).toEqual([]);
    expect(push.code).toBe(0);
    expect(push.sent[0]?.path).toBe(
      `/api/v4/orgs/${pathSamples.orgID}/checkanalysis/policies/default?tag=v3`,
    );
    expect(JSON.parse(push.stdout)).toMatchObject({ name: 'default', tags: ['v1', 'v2', 'latest'] });
    const diff = await cli.run(['policies', 'diff', 'default', path]);
    expect(violations(diff)).toEqual([]);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('+rules:\n');
  });

  it('sets up a webhook with a secret or a bearer token from standard input', async () => {
    const hmac = await cli.run(
      [
        'webhook',
        'set',
        '--url',
        'https://hooks.example.com/s',
        '--event',
        'scan.finished',
        '--secret-stdin',
      ],
      { stdin: 'shared-secret\n' },
    );
    const renewal = cli.file(
      'renewal.yml',
      'renewalMetadata:\n  url: https://auth.example.com/token\n  method: POST\n  bodyFields: {grant_type: client_credentials}\nresponseHandling:\n  tokenField: access_token\n',
    );
    const bearer = await cli.run(
      [
        'webhook',
        'set',
        '--url',
        'https://hooks.example.com/b',
        '--event',
        'scan.finished',
        '--token-stdin',
        '--renewal',
        renewal,
        '--version',
        '1',
      ],
      { stdin: 'a-token' },
    );
    expect([...violations(hmac), ...violations(bearer)]).toEqual([]);
    expect([hmac.code, bearer.code]).toEqual([0, 0]);
    expect(hmac.stdout + bearer.stdout).not.toMatch(/shared-secret|a-token/);
  });
});
