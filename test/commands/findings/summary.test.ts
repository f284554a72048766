import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const scan = { id: '7', app: 'payments-api', version: 'v2', successful: true };
const vulns = {
  finding_type: 'vuln',
  total: 5,
  total_fixed: 1,
  total_ignored: 1,
  by_severity: { low: { total: 1 }, critical: { total: 2, total_fixed: 1 }, high: { total: 2 } },
  by_category: { XSS: { total: 1 }, 'SQL Injection': { total: 4, total_ignored: 1 } },
};
const secrets = { finding_type: 'secret', total: 2, by_severity: { critical: { total: 2 } } };

describe('findings summary: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['findings', 'summary', '--org', '--app', 'a'],
      '--org (the organization level) cannot be used with --app',
    ],
    [['findings', 'summary', '--version', 'v2'], '--version needs --app'],
    [['findings', 'summary', '--app', 'a', '--tag', 'env=prod'], '--app and --tag cannot be used together'],
    [
      ['findings', 'summary', '--app', 'a', '--default-branch'],
      '--app and --default-branch cannot be used together',
    ],
    [['findings', 'summary', '--app', ' '], '--app must not be empty'],
    [
      ['findings', 'summary', '--type', 'bug'],
      'invalid value for --type: "bug" (choose from vuln, secret, insight, extscan, oss_vuln, container, security_issue)',
    ],
    [['findings', 'summary', '--tag', 'env'], 'invalid value for --tag: "env" (expected key=value)'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings summary', () => {
  it('organization: totals by type, severity (most severe first), category (largest first), then each app', async () => {
    cli
      .stub('ReadOrgFindingsSummary', {
        query: { tags: ['env=prod', 'team=web'], type: ['vuln', 'secret'], default_branch: true },
      })
      .reply(
        200,
        ok({
          findings_summaries: [vulns, secrets],
          apps: [
            { app: 'payments-api', findings_summaries: [vulns, secrets], scan },
            { app: 'empty-app', findings_summaries: [] },
          ],
        }),
      );
    const result = await cli.run(
      [
        'findings',
        'summary',
        '--tag',
        'env=prod',
        '--tag',
        'team=web',
        '--type',
        'vuln',
        '--type',
        'secret',
        '--default-branch',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'type\tvuln\t5\t1\t1',
        'type\tsecret\t2\t0\t0',
        'severity\tcritical\t4\t1\t0',
        'severity\thigh\t2\t0\t0',
        'severity\tlow\t1\t0\t0',
        'category\tSQL Injection\t4\t0\t1',
        'category\tXSS\t1\t0\t0',
        'app\tpayments-api\t7\t1\t1',
        'app\tempty-app\t0\t0\t0',
        '',
      ].join('\n'),
    );
  });

  it('--app: the latest version’s totals', async () => {
    cli
      .stub('ListAppVersions', { path: { appID: 'payments-api' }, query: { type: 'secret' } })
      .reply(200, ok([{ version: 'v2', scan, findings_summaries: [secrets] }]));
    const result = await cli.run(['findings', 'summary', '--app', 'payments-api', '--type', 'secret'], {
      env: authEnv(),
    });
    expect(result).toEqual({
      code: 0,
      stdout: 'type\tsecret\t2\t0\t0\nseverity\tcritical\t2\t0\t0\n',
      stderr: '',
    });
  });

  it('--app --version: that version’s totals; an app never scanned is nothing to evaluate (exit 5)', async () => {
    cli
      .stub('ReadAppVersion', { path: { appID: 'payments-api', versionID: 'v1' } })
      .reply(200, ok({ version: 'v1', scan, findings_summaries: [{ total: 3 }] }));
    const result = await cli.run(['findings', 'summary', '--app', 'payments-api', '--version', 'v1'], {
      env: authEnv(),
    });
    expect(result).toEqual({ code: 0, stdout: 'type\tall\t3\t0\t0\n', stderr: '' });
    cli.stub('ListAppVersions', { path: { appID: 'new-app' } }).reply(200, ok([]));
    const empty = await cli.run(['findings', 'summary', '--app', 'new-app'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expect(empty).toEqual({
      code: 5,
      stdout: '',
      stderr:
        'error: ListAppVersions: app new-app has no scanned version\nhint: see `secscan scans list --app new-app`\n',
    });
  });
});
