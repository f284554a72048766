import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const report = {
  total_attempts: 5,
  total_user_ids: ['u1', 'u2'],
  total_token_ids: ['t1', 't2', 't3'],
  projects: [
    { project_id: 'payments-api', attempts: 3, user_ids: ['u1', 'u2'], token_ids: ['t1', 't2'] },
    { project_id: 'web\u001b]52;c;x\u0007', attempts: 2, user_ids: ['u2'], token_ids: ['t3'] },
  ],
};

describe('audit scm-secrets: usage errors (exit 2, no request)', () => {
  it.each([
    [['audit', 'scm-secrets'], '--by-project or --by-user is required'],
    [
      ['audit', 'scm-secrets', '--by-project', '--by-user'],
      '--by-project and --by-user cannot be used together',
    ],
    [
      ['audit', 'scm-secrets', '--by-user', '--days', '0'],
      'invalid value for --days: "0" (expected a whole number from 1 to 3650)',
    ],
    [
      ['audit', 'scm-secrets', '--by-user', '--fields', 'project_id'],
      'unknown field "project_id" for --fields (choose from user_id, attempts, projects, tokens, project_ids, token_ids)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('audit scm-secrets', () => {
  it('counts by project: attempts, users and tokens, with the totals under the table', async () => {
    cli.stub('GetOrgSCMSecretsAuditLog', { query: { days: 90, 'by-project': true } }).reply(200, ok(report));
    const r = await cli.run(['audit', 'scm-secrets', '--by-project', '--days', '90'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.replace(/\s+/g, ' ')),
    ).toEqual(['PROJECT ATTEMPTS USERS TOKENS', 'payments-api 3 2 2', 'web 2 1 1']);
    expect(r.stderr).toBe('5 attempts by 2 users with 3 tokens in the last 90 days\n');
  });

  it('prints the whole report with -o json, and user rows by user when the answer has them', async () => {
    cli.stub('GetOrgSCMSecretsAuditLog', { query: { 'by-project': true } }).reply(200, ok(report));
    const json = await cli.run(['audit', 'scm-secrets', '--by-project', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual(report);
    const users = [{ user_id: 'u1', attempts: 3, project_ids: ['payments-api'], token_ids: ['t1', 't2'] }];
    cli.stub('GetOrgSCMSecretsAuditLog', { query: { 'by-user': true } }).reply(200, ok({ ...report, users }));
    const tsv = await cli.run(['audit', 'scm-secrets', '--by-user'], { env: authEnv() });
    expect(tsv.stdout).toBe('u1\t3\t1\t2\n');
  });

  it('exits 8 on an answer without its projects', async () => {
    cli
      .stub('GetOrgSCMSecretsAuditLog', { query: { 'by-project': true } })
      .reply(200, ok({ total_attempts: 1 }));
    const r = await cli.run(['audit', 'scm-secrets', '--by-project'], { env: authEnv() });
    expect(r.code).toBe(8);
  });
});
