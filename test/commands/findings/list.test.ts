import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, ORG, useCli } from '../../helpers/cli.js';
import { finding } from './fixtures.js';
import { findingsDocument } from '../../../src/output/export/findings.js';
import { formatsOf } from '../../../src/output/export/spec.js';

/** The ids of -o ndjson output, one finding a line. */
const ndjsonIds = (stdout: string): string[] =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).id);
const cli = useCli();
const base = `/api/v4/orgs/${ORG}`;
const fullUrl = (i: number) => new URL(cli.agent.getCallHistory()?.calls()[i]?.fullUrl ?? 'http://none');

describe('findings list: usage errors (exit 2, no request)', () => {
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
      'invalid value for --type: "bug" (choose from vuln, secret, insight, extscan, oss_vuln, container, security_issue, oss_risk)',
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
      ['findings', 'list', '--app', 'a', '--limit', 'lots'],
      'invalid value for --limit: "lots" (expected a whole number from 1 to 100000000)',
    ],
    [['findings', 'list', '--app', 'a', '--compound', 'b'], '--app and --compound cannot be used together'],
    [['findings', 'list', '--app', ' '], '--app must not be empty'],
    [['findings', 'list', '--compound', ''], '--compound must not be empty'],
    [
      ['findings', 'list', '--org', '--app', 'a'],
      '--org (the organization level) cannot be used with --app or --compound',
    ],
    [
      ['findings', 'list', '--org', '--compound', 'c'],
      '--org (the organization level) cannot be used with --app or --compound',
    ],
    [
      ['findings', 'list', '--app', 'a', '--assignee', 'a@b.io', '--assignment', 'assigned'],
      '--assignee and --assignment cannot be used together',
    ],
    [
      ['findings', 'list', '--app', 'a', '--assignee', 'nobody'],
      'invalid value for --assignee: "nobody" (expected an e-mail address)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--assignment', 'mine'],
      'invalid value for --assignment: "mine" (choose from assigned, unassigned)',
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
      ['findings', 'list', '--reachable'],
      '--reachable is not available at organization level (only with --compound)',
    ],
    [
      ['findings', 'list', '--branch', 'main'],
      '--branch is not available at organization level (only with --app or --compound)',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--scan', '3'],
      '--scan is not available with --compound (only with --app); use --polyglot-scan',
    ],
    // One scan selector: the service answers for the first of scan, version, branch, tag and ignores the rest.
    [
      ['findings', 'list', '--app', 'a', '--scan', '3', '--version', 'v1'],
      '--scan and --version cannot be used together',
    ],
    [
      ['findings', 'list', '--app', 'a', '--tag', 'k=v', '--scan', '3'],
      '--scan and --tag cannot be used together',
    ],
    [
      ['findings', 'list', '--app', 'a', '--version', 'v1', '--branch', 'main'],
      '--version and --branch cannot be used together',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--polyglot-scan', '4', '--version', 'v1'],
      '--version and --polyglot-scan cannot be used together',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--polyglot-scan', '4', '--tag', 'k=v'],
      '--polyglot-scan and --tag cannot be used together',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--branch', 'main', '--tag', 'k=v'],
      '--branch and --tag cannot be used together with --compound (one scan selector)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--scan', 'latest'],
      'invalid value for --scan: "latest" (expected a scan id (a number))',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--polyglot-scan', '0'],
      'invalid value for --polyglot-scan: "0" (expected a scan id (a number))',
    ],
    [
      ['findings', 'list', '--app', 'a', '--finding-tag', 'nope'],
      'invalid value for --finding-tag: "nope" (expected key__operator__value, e.g. category__eq__XSS)',
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
      [
        'findings',
        'list',
        '--compound',
        'c',
        '--severity',
        'high',
        '--category',
        'XSS',
        ...Array.from({ length: 19 }, () => ['--finding-tag', 'a__eq__b']).flat(),
      ],
      '--finding-tag, --severity and --category make more than 20 tag queries',
    ],
    [
      ['findings', 'list', '--compound', 'c', ...Array.from({ length: 6 }, () => ['--search', 'x']).flat()],
      '--search can be given at most 5 times',
    ],
    [['findings', 'list', '--search', ' '], '--search must not be empty'],
    [
      ['findings', 'list', '--app', 'a', '--tag', 'env'],
      'invalid value for --tag: "env" (expected key=value)',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--tag', 'a=b,c=d'],
      '--tag can be given once with --compound (one scan tag)',
    ],
    [['findings', 'list', '--app', 'a', '--diff', 'new'], '--diff needs --source (the scan to compare with)'],
    [
      ['findings', 'list', '--app', 'a', '--source', 'scan.3'],
      '--source needs --diff new|regression|common|fixed',
    ],
    [
      ['findings', 'list', '--app', 'a', '--source', 'scan.x', '--diff', 'new'],
      'invalid value for --source: "scan.x" (expected scan.N or tag.KEY=VALUE, e.g. scan.1042 or tag.branch=main)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--source', 'scan.3', '--diff', 'old'],
      'invalid value for --diff: "old" (choose from new, regression, common, fixed)',
    ],
    [
      ['findings', 'list', '--app', 'a', '--all', '--limit', '3'],
      '--all and --limit cannot be used together',
    ],
    [['findings', 'list', '--app', 'a', '--page', '2', '--all'], '--page and --all cannot be used together'],
    [
      ['findings', 'list', '--app', 'a', '--page', '2', '--limit', '5'],
      '--page and --limit cannot be used together',
    ],
    [
      ['findings', 'list', '--compound', 'c', '--status', 'unset'],
      '--status unset is not available with --compound (the compound list filters on fixed, ignored, 3rdparty; without --status it lists every status)',
    ],
    [
      ['findings', 'list', '--app', 'a', '-o', 'junit'],
      `invalid value for -o, --output: "junit" (choose from ${formatsOf(findingsDocument).join(', ')})`,
    ],
    [
      ['findings', 'list', '--app', 'a', '--fields', 'id,cvss'],
      'unknown field "cvss" for --fields (choose from id, severity, type, title, category, status, assignee, app, owasp_category, version_first_seen, internal_id, location, suppressed)',
    ],
    [['findings', 'lst'], "unknown command 'lst' (did you mean one of list, ls?)"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings list: flags map to each level’s parameters', () => {
  it('app level: severity, status, type, assignee, tags, sort and order', async () => {
    cli
      .stub('ListAppFindings', {
        path: { appID: 'shop-api' },
        query: {
          severity: ['high', 'critical'],
          status: 'any',
          type: 'vuln',
          assignee: 'dev@example.com',
          category: 'XSS',
          finding_tags: 'category=XSS',
          tags: ['env=prod', 'branch=main'],
          sort: 'severity',
          order: 'asc',
          source: 'scan.3',
          diff: 'new',
          per_page: 20,
        },
      })
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
      source: 'scan.3',
      diff: 'new',
      per_page: '20',
    });
    expect(url.searchParams.getAll('tags')).toEqual(['env=prod', 'branch=main']);
  });

  it.each([
    ['app', ['--app', 'a'], 'ListAppFindings', { appID: 'a' }],
    ['organization', [], 'ListOrgFindings', {}],
  ] as const)(
    '%s level: --finding-tag with another operator than eq goes as the clients’ `tag`',
    async (_level, where, op, path) => {
      cli
        .stub(op, {
          path,
          query: {
            finding_tags: 'category=XSS',
            tag: ['cvss_31_severity_rating__in__critical,high', 'cvss_score__gte__7'],
            type: 'oss_risk',
          },
        })
        .reply(200, ok({ has_more: false, findings: [] }));
      const result = await cli.run(
        [
          'findings',
          'list',
          ...where,
          '--finding-tag',
          'cvss_31_severity_rating__in__critical,high',
          '--finding-tag',
          'category__eq__XSS',
          '--finding-tag',
          'cvss_score__gte__7',
          '--type',
          'oss_risk',
        ],
        { env: authEnv() },
      );
      expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    },
  );

  it('app level: --tag takes comma-separated pairs', async () => {
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { tags: ['env=prod', 'team=web'] } })
      .reply(200, ok({ has_more: false, findings: [] }));
    const result = await cli.run(['findings', 'list', '--app', 'a', '--tag', 'env=prod, team=web'], {
      env: authEnv(),
    });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('compound level: finding_* names, scan selectors, tag queries', async () => {
    cli
      .stub('ListCompoundFindings', {
        path: { compoundName: 'shop' },
        query: {
          finding_type: 'secret',
          finding_status: 'fixed',
          finding_assignment: 'unassigned',
          finding_tag: ['cvss_score__gte__7', 'severity__in__high'],
          finding_search: 'sql',
          finding_sort: 'title',
          finding_order: 'desc',
          finding_reachable: true,
          finding_exploitable: true,
          finding_has_ai_fix: true,
          polyglot_scan: '4',
          scan_language: 'java',
        },
      })
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
        '--scan-language',
        'java',
        '--reachable',
        '--exploitable',
        '--has-ai-fix',
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
      scan_language: 'java',
    });
  });

  it.each([
    [['--app', 'a', '--scan', '7'], 'ListAppFindings', { scan: '7' }],
    [['--app', 'a', '--version', 'abc'], 'ListAppFindings', { version: 'abc' }],
    [['--compound', 'shop', '--version', 'v1'], 'ListCompoundFindings', { scan_version: 'v1' }],
    [['--compound', 'shop', '--branch', 'main'], 'ListCompoundFindings', { scan_branch: 'main' }],
    [['--compound', 'shop', '--tag', 'env=prod'], 'ListCompoundFindings', { scan_tag: 'env__eq__prod' }],
  ] as const)('one scan selector: %j', async (argv, id, query) => {
    const path: Record<string, string> = argv[0] === '--app' ? { appID: 'a' } : { compoundName: 'shop' };
    cli.stub(id, { path, query }).reply(200, ok({ has_more: false, findings: [] }));
    const result = await cli.run(['findings', 'list', ...argv], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('compound level with --diff: the deprecated list, with the app parameter names and a note', async () => {
    cli
      .stub('ListCompoundFindingsDEPRECATED', {
        path: { compoundName: 'shop' },
        query: { scan: '4', source: 'tag.branch=main', diff: 'fixed', status: 'unset' },
      })
      .reply(200, ok({ has_more: false, findings: [finding('8')] }));
    const result = await cli.run(
      [
        'findings',
        'list',
        '--compound',
        'shop',
        '--polyglot-scan',
        '4',
        '--source',
        'tag.branch=main',
        '--diff',
        'fixed',
        '--status',
        'unset',
        '--fields',
        'id,status',
      ],
      { env: authEnv() },
    );
    expect(result).toEqual({
      code: 0,
      stdout: '8\tunset\n',
      stderr: 'note: --diff with --compound uses the deprecated compound findings list\n',
    });
  });

  it('organization level (no --app or --compound) filters --search on the client', async () => {
    cli
      .stub('ListOrgFindings', { query: { assignment: 'assigned' } })
      .reply(200, ok({ has_more: false, findings: [finding('3'), finding('4', { title: 'SQL here' })] }));
    const result = await cli.run(
      ['findings', 'list', '--search', 'sql', '--assignment', 'assigned', '-o', 'ndjson'],
      { env: authEnv() },
    );
    expect(ndjsonIds(result.stdout)).toEqual(['4']);
    expect(`${fullUrl(0).pathname}${fullUrl(0).search}`).toBe(`${base}/findings?assignment=assigned`);
  });

  it('--search on the client folds case as the service does (simple case folding: sigma, long s)', async () => {
    const titles = ['Κωδικασμός ελέγχου', 'Mi\u017fsing check', 'TITLE', 'Other'];
    cli
      .stub('ListAppFindings', { path: { appID: 'a' } })
      .reply(
        200,
        ok({ has_more: false, findings: titles.map((title, i) => finding(String(i + 1), { title })) }),
      );
    const result = await cli.run(
      ['findings', 'list', '--app', 'a', '--search', 'ΚΩΔΙΚΑΣ', '--search', 'ΕΛΈΓΧΟΥ', '-o', 'ndjson'],
      { env: authEnv() },
    );
    expect(ndjsonIds(result.stdout)).toEqual(['1']);
    for (const [text, id] of [
      ['missing', '2'],
      ['title', '3'],
    ]) {
      cli
        .stub('ListAppFindings', { path: { appID: 'a' } })
        .reply(
          200,
          ok({ has_more: false, findings: titles.map((title, i) => finding(String(i + 1), { title })) }),
        );
      const one = await cli.run(
        ['findings', 'list', '--app', 'a', '--search', text as string, '-o', 'ndjson'],
        {
          env: authEnv(),
        },
      );
      expect(JSON.parse(one.stdout).id, text).toBe(id);
    }
  });

  it('takes a tag value as a string (as the service sends it) or a number (as the specification allows)', async () => {
    cli.stub('ListAppFindings', { path: { appID: 'a' } }).reply(
      200,
      ok({
        has_more: false,
        findings: [
          finding('1', { tags: [{ key: 'cvss_score', value: '7.2' }] }),
          finding('2', { tags: [{ key: 'cvss_score', value: 7.2 }] }),
        ],
      }),
    );
    const result = await cli.run(['findings', 'list', '--app', 'a', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((f: { tags: unknown[] }) => f.tags)).toEqual([
      [{ key: 'cvss_score', value: '7.2' }],
      [{ key: 'cvss_score', value: 7.2 }],
    ]);
  });

  it('a bare --org asks for the organization level; --org UUID also names the organization', async () => {
    cli.stub('ListOrgFindings').reply(200, ok({ has_more: false, findings: [finding('5')] }));
    const bare = await cli.run(['findings', 'list', '--org', '-o', 'ndjson'], { env: authEnv() });
    expect(bare.code).toBe(0);
    expect(JSON.parse(bare.stdout).id).toBe('5');
    expect(fullUrl(0).pathname).toBe(`${base}/findings`);
  });

  it('a bare --org before the command is bare, not the command taken as its value', async () => {
    cli.stub('ListOrgFindings').reply(200, ok({ has_more: false, findings: [finding('5')] }));
    const bare = await cli.run(['--org', 'findings', 'list', '--fields', 'id'], { env: authEnv() });
    expect(bare).toEqual({ code: 0, stdout: '5\n', stderr: '' });
    expect(fullUrl(0).pathname).toBe(`${base}/findings`);
  });

  it('a word after --org that is neither an id nor a command is refused as an organization id', async () => {
    expectUsage(
      await cli.run(['--org', 'acme', 'findings', 'list'], { env: authEnv() }),
      'invalid organization id "acme" (from --org): expected a UUID',
      cli,
    );
  });

  it('--org UUID lists another organization’s findings', async () => {
    const other = '11111111-2222-4333-8444-555555555555';
    cli
      .stub('ListOrgFindings', { path: { orgID: other } })
      .reply(200, ok({ has_more: false, findings: [finding('6')] }));
    const result = await cli.run(['findings', 'list', '--org', other, '--fields', 'id'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '6\n', stderr: '' });
  });

  it('--all follows next_page and --limit stops requesting pages', async () => {
    const next = (page: number) =>
      `https://elsewhere.example/api/v4/orgs/${ORG}/apps/a/findings?page=${page}&per_page=2`;
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 2 } })
      .reply(200, ok({ has_more: true, findings: [finding('1'), finding('2')] }, next(2)));
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { page: 2, per_page: 2 } })
      .reply(200, ok({ has_more: true, findings: [finding('3'), finding('4')] }, next(3)));
    const limited = await cli.run(
      ['findings', 'list', '--app', 'a', '--limit', '3', '--per-page', '2', '-o', 'ndjson'],
      { env: authEnv() },
    );
    expect(limited.stdout.trim().split('\n')).toHaveLength(3);
    expect(cli.calls()).toHaveLength(2);
  });

  it('a page that fails after others printed leaves their rows on stdout, then the error', async () => {
    const next = `/api/v4/orgs/${ORG}/apps/a/findings?page=2&per_page=250`;
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 250 } })
      .reply(200, ok({ has_more: true, findings: [finding('1'), finding('2')] }, next));
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { page: 2, per_page: 250 } })
      .reply(200, ok({ has_more: false, findings: 'not a list' }));
    const result = await cli.run(['findings', 'list', '--app', 'a', '--all', '-o', 'ndjson'], {
      env: authEnv(),
    });
    expect(result.code).toBe(8);
    expect(ndjsonIds(result.stdout)).toEqual(['1', '2']);
    expect(result.stderr).toMatch(/^error: ListAppFindings/);
  });

  it('a page fetched ahead that fails: the rows of the page written meanwhile, then the error', async () => {
    const next = (page: number) => `/api/v4/orgs/${ORG}/apps/a/findings?per_page=250&page=${page}`;
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 250 } })
      .reply(200, ok({ has_more: true, findings: [finding('1')] }, next(2)));
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 250, page: 2 } })
      .reply(200, ok({ has_more: true, findings: [finding('2'), finding('3')] }, next(3)));
    // Page 3 is asked for while page 2 is written; its answer is wrong.
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 250, page: 3 } })
      .reply(200, ok({ has_more: false, findings: 'not a list' }));
    const result = await cli.run(['findings', 'list', '--app', 'a', '--all', '-o', 'ndjson'], {
      env: authEnv(),
    });
    expect(result.code).toBe(8);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['1', '2', '3']);
    expect(result.stderr).toMatch(/^error: ListAppFindings/);
  });

  it('--all asks for pages of 250 and follows next_page to the end', async () => {
    const next = `/api/v4/orgs/${ORG}/apps/a/findings?page=2&per_page=250`;
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 250 } })
      .reply(200, ok({ has_more: true, findings: [finding('1')] }, next));
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { page: 2, per_page: 250 } })
      .reply(200, ok({ has_more: false, findings: [finding('2')] }));
    const result = await cli.run(['findings', 'list', '--app', 'a', '--all', '--fields', 'id'], {
      env: authEnv(),
    });
    expect(result).toEqual({ code: 0, stdout: '1\n2\n', stderr: '' });
  });

  it('prints the footer N of TOTAL on a terminal when more exist', async () => {
    cli
      .stub('ListCompoundFindings', { path: { compoundName: 'shop' } })
      .reply(200, ok({ has_more: true, total_count: 9, findings: [finding('1')] }));
    const result = await cli.run(['findings', 'list', '--compound', 'shop'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
      stderrTTY: true,
    });
    expect(result.stdout.split('\n')[0]).toMatch(
      /^ID\s+SEVERITY\s+TYPE\s+TITLE\s+CATEGORY\s+STATUS\s+ASSIGNEE\s+APP$/,
    );
    // Without --status the compound list gives every status, the others open findings: a notice says so
    // (wrapped at the terminal's width).
    expect(result.stderr.replace(/\n(?!1 of|$)/g, ' ')).toBe(
      '--compound: findings of every status are listed (fixed, ignored and 3rdparty too; --app and the organization list give open ones): narrow with --status fixed|ignored|3rdparty\n' +
        '1 of 9 findings (--all for every page)\n',
    );
  });

  it('with --status, a compound listing on a terminal says nothing of the statuses', async () => {
    cli
      .stub('ListCompoundFindings', {
        path: { compoundName: 'shop' },
        query: { finding_status: ['ignored'] },
      })
      .reply(200, ok({ has_more: false, total_count: 1, findings: [finding('1')] }));
    const result = await cli.run(['findings', 'list', '--compound', 'shop', '--status', 'ignored'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('says more exist on a terminal when a page without a total has more', async () => {
    cli
      .stub('ListAppFindings', { path: { appID: 'a' } })
      .reply(200, ok({ has_more: true, findings: [finding('1')] }));
    const result = await cli.run(['findings', 'list', '--app', 'a'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('1 findings shown; more exist (--all, or --limit N)\n');
  });

  it('writes SARIF with -o sarif', async () => {
    cli.stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 250 } }).reply(
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

  it('notes an empty list on a terminal', async () => {
    cli.stub('ListAppFindings', { path: { appID: 'a' } }).reply(200, ok({ has_more: false, findings: [] }));
    const result = await cli.run(['findings', 'ls', '--app', 'a'], { env: authEnv(), stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No findings match.\n' });
  });
});
