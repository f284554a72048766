import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, ORG, ok, useCli } from '../helpers/cli.js';

const cli = useCli();
const base = `${API}/orgs/${ORG}`;
const finding = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  app: 'shop-api',
  type: 'vuln',
  internal_id: `x/${id}`,
  title: `Finding ${id}`,
  description: 'A flaw.',
  severity: 'high',
  category: 'SQL Injection',
  status: 'unset',
  details: { file_name: 'src/a.java', line_number: 3 },
  tags: [{ key: 'cwe_category', value: '89' }],
  ...extra,
});
const fullUrl = (i: number) => new URL(cli.agent.getCallHistory()?.calls()[i]?.fullUrl ?? 'http://none');
const under = (prefix: string) => (path: string) => path.split('?')[0] === prefix;

describe('findings: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['findings', 'list', '--app', 'a', '--severity', 'huge'],
      'invalid value for --severity: "huge" (choose from low, medium, high, critical)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--status', 'open'],
      'invalid value for --status: "open" (choose from unset, fixed, ignored, 3rdparty, any)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--type', 'bug'],
      'invalid value for --type: "bug" (choose from vuln, secret, insight, extscan, oss_vuln, container, security_issue)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--sort', 'name'],
      'invalid value for --sort: "name" (choose from id, title, severity, created_at)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--order', 'up'],
      'invalid value for --order: "up" (choose from asc, desc)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--per-page', '251'],
      'invalid value for --per-page: "251" (expected a whole number from 1 to 250)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--page', '0'],
      'invalid value for --page: "0" (expected a whole number from 1 to 1000000)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--compound', 'b'],
      '--app and --compound cannot be used together (choose one level)',
    ],
    [
      ['findings', 'list', '--org', '--app', 'a'],
      '--org (the organization level) cannot be used with --app or --compound',
    ],
    [
      ['findings', 'summary', '--org', '--app', 'a'],
      '--org (the organization level) cannot be used with --app',
    ],
    [
      ['findings', 'list', '--app', 'a', '--assignee', 'a@b.io', '--assignment', 'assigned'],
      '--assignee and --assignment cannot be used together',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--scan-platform', 'java', '--scan-language', 'go'],
      '--scan-platform and --scan-language cannot be used together',
    ],
    [
      ['findings', 'list', '--app', 'a', '--scan-platform', 'java'],
      '--scan-platform is not available with --app (only with --compound)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--finding-tag', 'nope'],
      'invalid value for --finding-tag: "nope" (expected key__operator__value, e.g. category__eq__XSS)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--finding-tag', 'cvss__gt__7'],
      '--finding-tag "cvss__gt__7": only the __eq__ operator is available with --app',
    ],
    [
      [
        'findings',
        'list',
        '--compound',
        'c',
        ...Array.from({ length: 21 }, () => ['--finding-tag', 'a__eq__b']).flat(),
      ],
      '--finding-tag can be given at most 20 times',
    ],
    [
      ['findings', 'list', '--compound', 'c', ...Array.from({ length: 6 }, () => ['--search', 'x']).flat()],
      '--search can be given at most 5 times',
    ],
    [['findings', 'list', '--app', 'a', '--diff', 'new'], '--diff needs --source (the scan to compare with)'],
    [
      ['findings', 'list', '--app', 'a', '--source', 'scan.x', '--diff', 'new'],
      'invalid value for --source: "scan.x" (expected scan.<number> or tag.<key>=<value>)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--all', '--limit', '3'],
      '--all and --limit cannot be used together',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--status', 'unset'],
      '--status unset is not available with --compound (the compound list filters on fixed, ignored, 3rdparty; without --status it lists every status)',
    ],
    [
      ['findings', 'list', '--app', 'a', '-o', 'junit'],
      'invalid value for -o, --output: "junit" (choose from table, tsv, json, ndjson, yaml, csv, sarif)',
    ],
    [['findings', 'show', '12'], '--app is required (the app the finding belongs to)'],
    [['findings', 'show', '--app', 'a', 'abc'], 'invalid finding id "abc": expected a positive whole number'],
    [
      ['findings', 'status', '--app', 'a', '12'],
      '--set is required (one of fixed, ignore, codeviolationfixed, codeviolationignore, codeviolationremovestatus, none)',
    ],
    [
      ['findings', 'status', '--app', 'a', '--set', 'done', '12'],
      'invalid value for --set: "done" (choose from fixed, ignore, codeviolationfixed, codeviolationignore, codeviolationremovestatus, none)',
    ],
    [
      ['findings', 'status', '--app', 'a', '--set', 'fixed'],
      'give at least one finding id, or --ids-from FILE|- (ids one a line or a JSON array)',
    ],
    [
      ['findings', 'assign', '--app', 'a', '--to', 'nobody', '1'],
      'invalid value for --to: "nobody" (expected an e-mail address)',
    ],
    [['findings', 'assign', '--app', 'a', '1'], 'give --to EMAIL, or --none to unassign'],
    [['findings', 'comment', 'add', '--app', 'a', '1', ' '], 'the comment text must not be empty'],
    [
      ['dependencies', 'search', 'x', '--from', 'yesterday'],
      'invalid value for --from: "yesterday" (expected a date such as 2026-09-01, Unix seconds, or an age such as 30d)',
    ],
    [['packages', 'show', 'log4j'], 'invalid package URL "log4j": expected pkg:<type>/<name>@<version>'],
    [['sca', 'packages'], 'give either --app ID or --compound NAME'],
    [
      ['sca', 'packages', '--app', 'a', '--sort', 'size'],
      'invalid value for --sort: "size" (choose from package, url, name, namespace, type, version, license, created_at, num_vulns, num_reachable, num_exploitable)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses bad ids from --ids-from before any request', async () => {
    const result = await cli.run(['findings', 'status', '--app', 'a', '--set', 'fixed', '--ids-from', '-'], {
      env: authEnv(),
      stdin: '["12", "x"]',
    });
    expectUsage(
      result,
      'invalid finding id at item 2 of --ids-from stdin "x": expected a positive whole number',
      cli,
    );
  });
});

describe('findings list: flags map to each level’s parameters', () => {
  it('app level: severity, status, type, assignee, tags, sort and order', async () => {
    cli.api
      .intercept({ path: under(`${base}/apps/shop-api/findings`), method: 'GET' })
      .reply(200, ok({ has_more: false, findings: [finding('1')] }));
    const result = await cli.run(
      [
        'findings',
        'list',
        '--app',
        'shop-api',
        '--severity',
        'high',
        '--severity',
        'critical',
        '--status',
        'any',
        '--type',
        'vuln',
        '--assignee',
        'dev@example.com',
        '--tag',
        'env=prod',
        '--branch',
        'main',
        '--finding-tag',
        'category__eq__XSS',
        '--category',
        'XSS',
        '--sort',
        'severity',
        '--order',
        'asc',
        '--scan',
        '7',
        '--version',
        'abc',
        '--source',
        'scan.3',
        '--diff',
        'new',
        '--per-page',
        '20',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('1\thigh\tvuln\tFinding 1\tSQL Injection\tunset\t\n');
    const url = fullUrl(0);
    expect(url.searchParams.getAll('severity')).toEqual(['high', 'critical']);
    expect(
      Object.fromEntries([...url.searchParams].filter(([k]) => !['severity', 'tags'].includes(k))),
    ).toEqual({
      status: 'any',
      type: 'vuln',
      assignee: 'dev@example.com',
      category: 'XSS',
      finding_tags: 'category=XSS',
      sort: 'severity',
      order: 'asc',
      scan: '7',
      version: 'abc',
      source: 'scan.3',
      diff: 'new',
      per_page: '20',
    });
    expect(url.searchParams.getAll('tags')).toEqual(['env=prod', 'branch=main']);
  });

  it('compound level: finding_* names, scan selectors, tag queries', async () => {
    cli.api
      .intercept({ path: under(`${base}/compounds/byname/shop/findings`), method: 'GET' })
      .reply(200, ok({ has_more: false, total_count: 1, findings: [finding('2')] }));
    const result = await cli.run(
      [
        'findings',
        'list',
        '--compound',
        'shop',
        '--type',
        'secret',
        '--status',
        'fixed',
        '--assignment',
        'unassigned',
        '--severity',
        'high',
        '--finding-tag',
        'cvss_score__gte__7',
        '--search',
        'sql',
        '--sort',
        'title',
        '--order',
        'desc',
        '--polyglot-scan',
        '4',
        '--branch',
        'main',
        '--tag',
        'env=prod',
        '--scan-language',
        'java',
        '--reachable',
        '--exploitable',
        '--has-ai-fix',
        '--version',
        'v1',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    const url = fullUrl(0);
    expect(url.searchParams.getAll('finding_tag')).toEqual(['cvss_score__gte__7', 'severity__in__high']);
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'finding_tag'))).toEqual({
      finding_type: 'secret',
      finding_status: 'fixed',
      finding_assignment: 'unassigned',
      finding_search: 'sql',
      finding_sort: 'title',
      finding_order: 'desc',
      finding_reachable: 'true',
      finding_exploitable: 'true',
      finding_has_ai_fix: 'true',
      polyglot_scan: '4',
      scan_version: 'v1',
      scan_branch: 'main',
      scan_tag: 'env__eq__prod',
      scan_language: 'java',
    });
  });

  it('organization level (no --app or --compound) filters --search on the client', async () => {
    cli.api
      .intercept({ path: under(`${base}/findings`), method: 'GET' })
      .reply(200, ok({ has_more: false, findings: [finding('3'), finding('4', { title: 'SQL here' })] }));
    const result = await cli.run(
      ['findings', 'list', '--search', 'sql', '--assignment', 'assigned', '-o', 'ndjson'],
      { env: authEnv() },
    );
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['4']);
    expect(`${fullUrl(0).pathname}${fullUrl(0).search}`).toBe(`${base}/findings?assignment=assigned`);
  });

  it('a bare --org asks for the organization level; --org UUID also names the organization', async () => {
    cli.api
      .intercept({ path: under(`${base}/findings`), method: 'GET' })
      .reply(200, ok({ has_more: false, findings: [finding('5')] }));
    const bare = await cli.run(['findings', 'list', '--org', '-o', 'ndjson'], { env: authEnv() });
    expect(bare.code).toBe(0);
    expect(JSON.parse(bare.stdout).id).toBe('5');
    expect(fullUrl(0).pathname).toBe(`${base}/findings`);
  });

  it('--all follows next_page and --limit stops requesting pages', async () => {
    const next = (page: number) =>
      `https://elsewhere.example/api/v4/orgs/${ORG}/apps/a/findings?page=${page}&per_page=2`;
    cli.api
      .intercept({ path: `${base}/apps/a/findings?per_page=2`, method: 'GET' })
      .reply(200, ok({ has_more: true, findings: [finding('1'), finding('2')] }, next(2)));
    cli.api
      .intercept({ path: `${base}/apps/a/findings?page=2&per_page=2`, method: 'GET' })
      .reply(200, ok({ has_more: true, findings: [finding('3'), finding('4')] }, next(3)));
    const limited = await cli.run(
      ['findings', 'list', '--app', 'a', '--limit', '3', '--per-page', '2', '-o', 'ndjson'],
      { env: authEnv() },
    );
    expect(limited.stdout.trim().split('\n')).toHaveLength(3);
    expect(cli.calls()).toHaveLength(2);
  });

  it('prints the footer N of TOTAL on a terminal when more exist', async () => {
    cli.api
      .intercept({ path: under(`${base}/compounds/byname/shop/findings`), method: 'GET' })
      .reply(200, ok({ has_more: true, total_count: 9, findings: [finding('1')] }));
    const result = await cli.run(['findings', 'list', '--compound', 'shop'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
      stderrTTY: true,
    });
    expect(result.stdout.split('\n')[0]).toMatch(
      /^ID\s+SEVERITY\s+TYPE\s+TITLE\s+CATEGORY\s+STATUS\s+ASSIGNEE$/,
    );
    expect(result.stderr).toBe('1 of 9 findings (--all for every page)\n');
  });

  it('writes SARIF with -o sarif', async () => {
    cli.api.intercept({ path: under(`${base}/apps/a/findings`), method: 'GET' }).reply(
      200,
      ok({
        has_more: false,
        findings: [finding('1'), finding('2', { severity: 'low', category: 'Log Forging' })],
      }),
    );
    const result = await cli.run(['findings', 'list', '--app', 'a', '-o', 'sarif'], { env: authEnv() });
    const log = JSON.parse(result.stdout);
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual([
      'sql-injection',
      'log-forging',
    ]);
    expect(log.runs[0].results.map((r: { level: string }) => r.level)).toEqual(['error', 'note']);
  });
});

describe('findings status and assign', () => {
  it('one id: reads it, uses the single-finding operation with the comment, prints the change', async () => {
    cli.api.intercept({ path: `${base}/apps/a/findings/12`, method: 'GET' }).reply(200, ok(finding('12')));
    cli.api.intercept({ path: `${base}/apps/a/findings/12/status`, method: 'PUT' }).reply(200, { ok: true });
    const result = await cli.run(
      ['findings', 'status', '--app', 'a', '--set', 'fixed', '--comment', 'done', '12'],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('12\tFinding 12\tunset\tfixed\tyes\n');
    expect(cli.calls()[1]?.body).toEqual({ status: 'fixed', optional_comment: 'done' });
  });

  it('several ids from stdin: the bulk operation with integer ids; unknown ids reported, exit 5', async () => {
    cli.api.intercept({ path: `${base}/apps/a/findings/1`, method: 'GET' }).reply(200, ok(finding('1')));
    cli.api
      .intercept({ path: `${base}/apps/a/findings/2`, method: 'GET' })
      .reply(200, ok(finding('2', { status: 'ignored' })));
    cli.api
      .intercept({ path: `${base}/apps/a/findings/3`, method: 'GET' })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no finding 3' });
    cli.api.intercept({ path: `${base}/apps/a/findings_status`, method: 'PUT' }).reply(200, { ok: true });
    const result = await cli.run(['findings', 'status', '--app', 'a', '--set', 'ignore', '--ids-from', '-'], {
      env: authEnv(),
      stdin: JSON.stringify([{ id: '1' }, { id: '2' }, { id: '3' }]),
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('warning: app a has no finding 3: left out');
    expect(result.stdout).toBe('1\tFinding 1\tunset\tignored\tyes\n2\tFinding 2\tignored\tignored\tno\n');
    expect(cli.calls().find((c) => c.method === 'PUT')?.body).toEqual({ findings: [1, 2], status: 'ignore' });
  });

  it('assign --none several ids uses the bulk assignee operation', async () => {
    cli.api
      .intercept({ path: `${base}/apps/a/findings/1`, method: 'GET' })
      .reply(200, ok(finding('1', { assignee: 'x@y.io' })));
    cli.api.intercept({ path: `${base}/apps/a/findings/2`, method: 'GET' }).reply(200, ok(finding('2')));
    cli.api.intercept({ path: `${base}/apps/a/findings_assignment`, method: 'PUT' }).reply(200, { ok: true });
    const result = await cli.run(['findings', 'assign', '--app', 'a', '--none', '1', '2'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(cli.calls().find((c) => c.method === 'PUT')?.body).toEqual({ findings: [1, 2], assignee: '' });
  });
});

describe('other verbs', () => {
  it('fix --applied explains the feature when the service refuses', async () => {
    cli.api
      .intercept({ path: `${base}/apps/a/findings/9/fixes`, method: 'GET' })
      .reply(404, { ok: false, code: 'FEATURE_DISABLED', message: 'off' });
    const result = await cli.run(['findings', 'fix', '--app', 'a', '9', '--applied'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(
      /^error: finding 9 of a has no applied fix: reading applied fixes is a feature/,
    );
    expect(result.stderr).toContain(
      'hint: the recommended fix needs no feature: secscan findings fix --app a 9',
    );
  });

  it('packages show sends every PURL in one request', async () => {
    cli.api.intercept({ path: `${API}/package_info`, method: 'POST' }).reply(
      200,
      ok([
        {
          purl: 'pkg:npm/a@1',
          licenses: ['MIT'],
          cves: [{ id: 'CVE-1', impact: { cvssV3: { baseScore: 9.8, baseSeverity: 'CRITICAL' } } }],
        },
        { purl: 'pkg:npm/b@2', licenses: [], cves: [] },
      ]),
    );
    const result = await cli.run(['packages', 'show', 'pkg:npm/a@1', 'pkg:npm/b@2'], { env: authEnv() });
    expect(result.stdout).toBe('pkg:npm/a@1\tMIT\tCVE-1 (9.8 CRITICAL)\npkg:npm/b@2\t\t\n');
    expect(cli.calls()[0]?.body).toEqual({ purls: ['pkg:npm/a@1', 'pkg:npm/b@2'] });
  });

  it('dependencies search converts --from to Unix seconds and warns at the 20-page limit', async () => {
    for (let page = 1; page <= 20; page++) {
      cli.api
        .intercept({ path: (p) => p.includes(`page=${page}&`), method: 'GET' })
        .reply(200, ok([{ id: String(page), app: 'a', type: 'npm', title: 'x@1', tags: [] }]));
    }
    const result = await cli.run(['dependencies', 'search', 'x', '--per-page', '1', '--from', '2025-01-31'], {
      env: authEnv(),
    });
    expect(result.stdout.trim().split('\n')).toHaveLength(20);
    expect(`${fullUrl(0).pathname}${fullUrl(0).search}`).toBe(
      `${base}/dependencies?search=x&page=1&per_page=1&from=1738281600`,
    );
    expect(result.stderr).toContain('warning: the service serves at most 20 pages of 1');
  });

  it('dependencies search takes Unix seconds as a time, not as an age', async () => {
    cli.api.intercept({ path: (p) => p.includes('/dependencies?'), method: 'GET' }).reply(200, ok([]));
    const result = await cli.run(['dependencies', 'search', 'x', '--from', '1700000000'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(fullUrl(0).searchParams.get('from')).toBe('1700000000');
  });
});
