import { expect, it } from 'vitest';
import { describeContract, violations } from './harness.js';

/**
 * The commands whose answers must have the shape they read (a wrong shape is exit 8): run in-process against
 * the vendor's examples, none may find the documented answers unreadable.
 */
const commands: string[][] = [
  ['whoami'],
  ['auth', 'status'],
  ['tokens', 'list'],
  ['roles', 'list'],
  ['roles', 'list', '--access-token'],
  ['scopes', 'list'],
  ['scopes', 'available'],
  ['apps', 'list'],
  ['apps', 'show', 'payments-api'],
  ['apps', 'branches'],
  ['apps', 'scan-branches', 'payments-api'],
  ['apps', 'config', 'show', 'payments-api'],
  ['apps', 'config', 'merged', 'payments-api'],
  ['app-groups', 'list'],
  ['app-groups', 'show', 'web'],
  ['analyze-failures', 'list'],
  ['compounds', 'show', 'shop'],
  ['compounds', 'show', 'shop', '--full'],
  ['compounds', 'scans', 'shop'],
  ['compounds', 'scans', 'shop', '--streamlined'],
  ['compounds', 'branches', 'shop'],
  ['compounds', 'scan', 'shop', '7'],
  ['compounds', 'fixes-stats'],
  ['findings', 'list', '--app', 'payments-api'],
  ['findings', 'list', '--compound', 'shop'],
  ['findings', 'list'],
  ['findings', 'list', '--app', 'payments-api', '-o', 'sarif'],
  ['findings', 'summary'],
  ['findings', 'summary', '--app', 'payments-api'],
  ['findings', 'summary', '--app', 'payments-api', '--version', 'v1'],
  ['findings', 'show', '--app', 'payments-api', '12'],
  ['findings', 'fix', '--app', 'payments-api', '12'],
  ['findings', 'comment', 'list', '--app', 'payments-api', '12'],
  ['scans', 'list', '--app', 'payments-api'],
  ['scans', 'show', '--app', 'payments-api', '12'],
  ['scans', 'report', '--app', 'payments-api', '12'],
  ['scans', 'owasp', '--app', 'payments-api', '12'],
  ['scans', 'compare', '--app', 'payments-api', '--source', 'scan.1', '--target', 'scan.2'],
  ['dependencies', 'search', 'log4j'],
  ['packages', 'show', 'pkg:maven/commons-io/commons-io@2.5'],
  ['sca', 'packages', '--app', 'payments-api'],
];

describeContract('contract: read commands find the documented answers readable', (cli) => {
  it.each(commands)('%s %s %s %s', async (...argv) => {
    const run = await cli.run(argv);
    expect(violations(run)).toEqual([]);
    expect(run.stderr).not.toMatch(/unexpected response|the answer/);
    expect([run.code, run.stderr]).toEqual([0, expect.any(String)]);
  });
});
