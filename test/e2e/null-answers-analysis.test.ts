import { beforeAll, describe, it } from 'vitest';
import { expectRefused, nullCases, type Reader } from './null-cases.js';
import { useRewritingService } from './rewrite.js';

/** Apps, compounds, scans, findings and packages: null for every list and object they read is exit 8. */
const service = useRewritingService();
let rules = '';
beforeAll(() => {
  rules = service.file('rules.yml', 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n');
});

const app = 'shiftleft-java-demo';
const readers: Reader[] = [
  { argv: ['apps', 'list'], ops: ['ListApps'] },
  { argv: ['apps', 'show', 'payments-api'], ops: ['ReadApp'] },
  { argv: ['apps', 'branches'], ops: ['ListAppsBranches'] },
  { argv: ['apps', 'scan-branches', 'payments-api'], ops: ['ListAppBranches'] },
  { argv: ['apps', 'config', 'show', 'payments-api'], ops: ['ReadAppConfig'] },
  { argv: ['apps', 'config', 'merged', 'payments-api'], ops: ['ReadMergedAppConfig'] },
  { argv: ['app-groups', 'show', 'payments'], ops: ['ReadAppGroup'] },
  { argv: ['analyze-failures', 'list'], ops: ['ListAnalyzeFailures'] },
  { argv: ['compounds', 'list'], ops: ['ListOrgCompounds'] },
  { argv: ['compounds', 'show', 'shop'], ops: ['ReadCompoundShallowByName'] },
  { argv: ['compounds', 'show', 'shop', '--full'], ops: ['ReadCompoundFull'] },
  {
    argv: ['compounds', 'scans', 'shop'],
    ops: ['ListScansInCompound'],
    skip: Object.fromEntries(
      ['counts[]', 'findings_summaries[]'].flatMap((list) =>
        [
          list,
          ...(list === 'counts[]'
            ? []
            : ['by_severity', 'by_category', 'by_assignee'].flatMap((m) => [
                `${list}.${m}`,
                `${list}.${m}{}`,
              ])),
        ].map((path) => [`scans[].${path}`, 'a compound scan carries no counts or summaries of its own']),
      ),
    ),
  },
  { argv: ['compounds', 'scans', 'shop', '--streamlined'], ops: ['GetStreamlinedScans'] },
  { argv: ['compounds', 'branches', 'shop'], ops: ['CompoundBranches'] },
  { argv: ['compounds', 'scan', 'shop', '7'], ops: ['ReadCompoundScan'] },
  { argv: ['compounds', 'fixes-stats'], ops: ['getFixesPerCompoundStats'] },
  { argv: ['findings', 'list', '--app', app], ops: ['ListAppFindings'] },
  { argv: ['findings', 'list', '--compound', 'shop'], ops: ['ListCompoundFindings'] },
  { argv: ['findings', 'list'], ops: ['ListOrgFindings'] },
  { argv: ['findings', 'show', '--app', app, '12'], ops: ['ReadAppFinding'] },
  { argv: ['findings', 'comment', 'list', '--app', app, '3'], ops: ['ListAppFindingComments'] },
  { argv: ['findings', 'summary'], ops: ['ReadOrgFindingsSummary'] },
  { argv: ['findings', 'summary', '--app', 'payments-api'], ops: ['ListAppVersions'] },
  { argv: ['findings', 'summary', '--app', 'payments-api', '--version', 'e332620'], ops: ['ReadAppVersion'] },
  { argv: ['scans', 'list', '--app', 'payments-api'], ops: ['ListScans'] },
  { argv: ['scans', 'show', '--app', 'payments-api', '1011'], ops: ['ReadScan'] },
  { argv: ['scans', 'report', '--app', 'payments-api', '1011'], ops: ['ScansCheckReport'] },
  {
    argv: ['scans', 'compare', '--app', 'payments-api', '--source', 'scan.1007', '--target', 'scan.1013'],
    ops: ['ListScansCompare'],
  },
  { argv: ['dependencies', 'search', 'log4j'], ops: ['SearchDependency'] },
  {
    argv: ['packages', 'show', 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'],
    ops: ['RetrievePackageInfo'],
  },
  { argv: ['sca', 'packages', '--app', 'payments-api'], ops: ['ReadAppSCAPackages'] },
  { argv: ['sca', 'packages', '--compound', 'shop'], ops: ['ReadCompoundSCAPackages'] },
];

const cases = await nullCases(readers);

describe('null where an answer has a list, an object or a map: exit 8 naming the operation and the place', () => {
  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_, c) => {
    await expectRefused(service, c);
  });

  it.each([
    'scans compare --app payments-api --source scan.1007 --target scan.1013 --fail-on new'.split(' '),
    'scans check --compound shop --rules <rules> --kind single'.split(' '),
  ])('the gates too: %s %s', async (...argv) => {
    const op = argv[1] === 'check' ? 'CheckScans' : 'ListScansCompare';
    for (const c of await nullCases([{ argv: argv.map((a) => (a === '<rules>' ? rules : a)), ops: [op] }]))
      await expectRefused(service, c);
  });
});
