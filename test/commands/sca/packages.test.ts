import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const pkg = (name: string, extra: Record<string, unknown> = {}) => ({
  package: name,
  package_url: `pkg:npm/${name}@1.0.0`,
  name,
  namespace: '',
  type: 'package',
  version: '1.0.0',
  license: 'MIT',
  first_seen: '2026-01-01T00:00:00Z',
  total_vulns: 2,
  total_reachable: 1,
  total_exploitable: 0,
  total_apps: 1,
  ...extra,
});
const page = (packages: unknown[], hasMore: boolean, total: number) =>
  ok({ packages, has_more: hasMore, total_count: total, scans: [{ id: '7', app: 'a' }] });

describe('sca packages: usage errors (exit 2, no request)', () => {
  it.each([
    [['sca', 'packages'], 'give either --app ID or --compound NAME'],
    [['sca', 'packages', '--app', 'a', '--compound', 'c'], '--app and --compound cannot be used together'],
    [
      ['sca', 'packages', '--app', 'a', '--sort', 'size'],
      'invalid value for --sort: "size" (choose from package, url, name, namespace, type, version, license, created_at, num_vulns, num_reachable, num_exploitable)',
    ],
    [
      ['sca', 'packages', '--app', 'a', '--type', 'image'],
      'invalid value for --type: "image" (choose from package, container_package)',
    ],
    [
      ['sca', 'packages', '--app', 'a', '--order', 'up'],
      'invalid value for --order: "up" (choose from asc, desc)',
    ],
    [['sca', 'packages', '--app', 'a', '--polyglot-scan', '3'], '--polyglot-scan needs --compound'],
    [['sca', 'packages', '--compound', 'c', '--scan', '3'], '--scan needs --app (use --polyglot-scan)'],
    // The service takes one scan selector: with a scan id given, the branch would be ignored.
    [
      ['sca', 'packages', '--app', 'a', '--scan', '3', '--branch', 'main'],
      '--scan and --branch cannot be used together',
    ],
    [
      ['sca', 'packages', '--compound', 'c', '--branch', 'main', '--polyglot-scan', '3'],
      '--polyglot-scan and --branch cannot be used together',
    ],
    [
      ['sca', 'packages', '--app', 'a', '--scan', 'x'],
      'invalid value for --scan: "x" (expected a scan id (a number))',
    ],
    [['sca', 'packages', '--app', 'a', '--all', '--limit', '5'], '--all and --limit cannot be used together'],
    [
      ['sca', 'packages', '--app', 'a', '--per-page', '10001'],
      'invalid value for --per-page: "10001" (expected a whole number from 1 to 10000)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('sca packages', () => {
  it('an app: one page by default, the filters as query, and the footer on a terminal', async () => {
    cli
      .stub('ReadAppSCAPackages', {
        path: { appID: 'a' },
        query: { type: 'package', sort: 'num_vulns', order: 'desc', page: 1, branch: 'main' },
      })
      .reply(200, page([pkg('lodash'), pkg('left-pad')], true, 5));
    const result = await cli.run(
      [
        'sca',
        'packages',
        '--app',
        'a',
        '--type',
        'package',
        '--sort',
        'num_vulns',
        '--order',
        'desc',
        '--branch',
        'main',
      ],
      { env: authEnv({ NO_COLOR: '1' }), stdoutTTY: true },
    );
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^PACKAGE\s+VERSION\s+TYPE\s+LICENSE\s+VULNS\s+REACHABLE$/);
    expect(result.stderr).toBe('2 of 5 packages (--all for every page)\n');
  });

  it('a compound with --all: every page, compound parameter names', async () => {
    cli
      .stub('ReadCompoundSCAPackages', {
        path: { compoundName: 'shop' },
        query: { per_page: 1, page: 1, polyglot_scan: '4' },
      })
      .reply(200, page([pkg('lodash')], true, 2));
    cli
      .stub('ReadCompoundSCAPackages', {
        path: { compoundName: 'shop' },
        query: { per_page: 1, page: 2, polyglot_scan: '4' },
      })
      .reply(200, page([pkg('react', { apps: ['a', 'b'] })], false, 2));
    const result = await cli.run(
      [
        'sca',
        'packages',
        '--compound',
        'shop',
        '--polyglot-scan',
        '4',
        '--per-page',
        '1',
        '--all',
        '--fields',
        'package,apps',
      ],
      { env: authEnv() },
    );
    expect(result).toEqual({ code: 0, stdout: 'lodash\t\nreact\ta, b\n', stderr: '' });
  });

  it('the scan selectors: --scan of an app, --branch of a compound', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: { page: 1, scan: '7' } })
      .reply(200, page([pkg('lodash')], false, 1));
    cli
      .stub('ReadCompoundSCAPackages', {
        path: { compoundName: 'shop' },
        query: { page: 1, scan_branch: 'main' },
      })
      .reply(200, page([pkg('react')], false, 1));
    const app = await cli.run(['sca', 'packages', '--app', 'a', '--scan', '7'], { env: authEnv() });
    const compound = await cli.run(['sca', 'packages', '--compound', 'shop', '--branch', 'main'], {
      env: authEnv(),
    });
    expect([app.code, compound.code]).toEqual([0, 0]);
  });

  it('--limit follows pages until it has enough', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: { per_page: 2, page: 1 } })
      .reply(200, page([pkg('one'), pkg('two')], true, 9));
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: { per_page: 2, page: 2 } })
      .reply(200, page([pkg('three'), pkg('four')], true, 9));
    const result = await cli.run(
      ['sca', 'packages', '--app', 'a', '--per-page', '2', '--limit', '3', '--fields', 'package'],
      { env: authEnv() },
    );
    expect(result).toEqual({ code: 0, stdout: 'one\ntwo\nthree\n', stderr: '' });
  });
});
