import type { Cli } from '../../helpers/cli.js';
import { ok } from '../../helpers/cli.js';

/** The answers of one app's bill of materials (app `a`, its scan 7), for the tests of `secscan sbom`. */

export const pkg = (name: string, extra: Record<string, unknown> = {}) => ({
  package: name,
  package_url: `pkg:npm/${name}@1.0.0`,
  name,
  namespace: '',
  type: 'npm',
  version: '1.0.0',
  license: 'MIT',
  first_seen: '2026-01-01T00:00:00Z',
  total_vulns: 0,
  total_reachable: 0,
  total_exploitable: 0,
  total_apps: 1,
  ...extra,
});

export const packagesPage = (packages: unknown[], extra: Record<string, unknown> = {}) =>
  ok({ packages, has_more: false, total_count: packages.length, scans: [{ id: '7', app: 'a' }], ...extra });

export const scan = {
  id: '7',
  app: 'a',
  version: 'abc1234',
  successful: true,
  started_at: '2026-09-01T10:00:00Z',
  completed_at: '2026-09-01T10:05:00Z',
  tags: { branch: 'main', commit: 'abc1234' },
};

export const finding = (id: string, tags: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  id,
  app: 'a',
  type: 'oss_vuln',
  internal_id: `dep/a/${id}`,
  title: 'Prototype pollution',
  severity: 'high',
  status: 'unset',
  tags: Object.entries(tags).map(([key, value]) => ({ key, value })),
  ...extra,
});

export const findingsQuery = { scan: '7', status: 'any', type: ['oss_vuln', 'container'], per_page: 250 };
export const packagesQuery = { per_page: 10000, page: 1, sort: 'url' };

/** An empty package look-up record of each package. */
export const records = (packages: { package_url: string }[]) =>
  packages.map((p) => ({ purl: p.package_url, licenses: [], cves: [] }));

/** The stubs of one app's document: its packages, its scan, its findings, the package look-up. */
export function stubApp(cli: Cli, findings: unknown[], packages = [pkg('lodash'), pkg('react')]): void {
  cli
    .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
    .reply(200, packagesPage(packages));
  cli.stub('ReadScan', { path: { appID: 'a', scanID: '7' } }).reply(200, ok([scan]));
  cli.stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery }).reply(200, ok({ findings }));
  cli.stub('RetrievePackageInfo').reply(200, ok(records(packages)));
}

/** The last comment of an ignored finding of app `a`: its reason. */
export function stubReason(cli: Cli, findingID: string, comment: string): void {
  cli
    .stub('ListAppFindingComments', { path: { appID: 'a', findingID } })
    .reply(200, ok([{ id: '1', finding_id: findingID, created_at: '2026-09-02T00:00:00Z', comment }]));
}
