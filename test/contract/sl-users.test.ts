import { expect, it } from 'vitest';
import { describeContract, violations } from './harness.js';
import { pathSamples } from './samples.js';

/**
 * What `sl` users bring (an sl check-analysis v2 rules file, the sl CLI's config.json) and the finding
 * readers of the service's shapes, run in-process against the vendor document served by Prism.
 */
describeContract('contract: sl rules files, --from-sl and finding locations', (cli) => {
  // Without `source:`: the document's oneOf of {branch} and {scan} matches both for any object (see samples.ts).
  // A diff gate names its baseline (the merge target, else the default branch) as `source: {branch}`: the
  // body is checked here with --baseline none, which sends a single check and no source.
  it('scans check --rules with an sl v2 file sends a check body the document accepts', async () => {
    const rules = cli.file(
      'shiftleft.yml',
      'build_rules:\n  - id: no-crits\n    finding_types: [vuln]\n' +
        '    cvss_31_severity_ratings: [critical]\n    threshold: 0\n    options: {num_findings: 5, reachable: true}\n',
    );
    const run = await cli.run([
      ...['scans', 'check', '--compound', 'storefront', '--rules', rules, '--baseline', 'none'],
      ...['-o', 'json'],
    ]);
    expect(violations(run)).toEqual([]);
    expect(run.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /api/v4/orgs/${pathSamples.orgID}/apps/storefront/scans/check`,
    ]);
    // Prism makes up the answer's rule ids: a gate that finds no result for its rule fails closed (exit 8).
    expect(run.code).toBe(8);
    expect(run.stderr).toContain('CheckScans: the answer has no result for rule no-crits');
  });

  it('auth login --from-sl verifies the imported token against the document', async () => {
    const config = cli.file(
      'sl-config.json',
      JSON.stringify({ orgId: pathSamples.orgID, accessToken: 'contract-test-token' }),
    );
    const run = await cli.run(['auth', 'login', '--from-sl', config], {
      env: { SECSCAN_TOKEN: '', SECSCAN_ORG_ID: '' },
    });
    expect(violations(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Imported the organization id and access token of ${config}.`);
    expect(run.stderr).not.toContain('contract-test-token');
  });

  it('findings show and findings list -o sarif read the document’s findings without failing', async () => {
    const show = await cli.run(['findings', 'show', '--app', 'shiftleft-java-demo', '42']);
    expect(violations(show)).toEqual([]);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^location\t/m);
    // One page, on request: the document's next_page names another list, which a whole report would follow.
    const sarif = await cli.run([
      'findings',
      'list',
      '--app',
      'shiftleft-java-demo',
      '-o',
      'sarif',
      '--page',
      '1',
    ]);
    expect(violations(sarif)).toEqual([]);
    expect(sarif.code, sarif.stderr).toBe(0);
    const log = JSON.parse(sarif.stdout);
    for (const result of log.runs[0].results) {
      expect(result.locations[0].physicalLocation.region.startLine).toBeGreaterThan(0);
    }
  });
});
