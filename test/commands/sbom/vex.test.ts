import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { afterAll, describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../../helpers/cli.js';
import { finding, pkg, records, scan, stubApp, stubReason } from './fixtures.js';

/**
 * `secscan sbom`'s VEX comes only from what someone stated (issue 41, §1): an ignore-file entry's `vex:`,
 * a finding's `vex` tag, the service's reachability verdict; free text never gives `not_affected`. One
 * statement per advisory and package, the most severe, the others named.
 */

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-sbom-vex-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const purl = 'pkg:npm/lodash@1.0.0';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function ignoreFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function sbom(args: string[]): Promise<{ code: number; doc: Json; stderr: string; stdout: string }> {
  const result = await cli.run(['sbom', ...args], { env: authEnv({ SECSCAN_NOW: '2026-12-01' }) });
  return { ...result, doc: result.code === 0 ? (JSON.parse(result.stdout) as Json) : {} };
}

describe('sbom: free text never says not_affected', () => {
  it.each([
    'This is not a false positive, but we accept the risk until the Q3 upgrade',
    'false positive',
    'the vulnerable method is never called',
    'not reachable from any route',
    'only used in tests',
    'dev-only dependency, not shipped',
  ])(
    'ignored in the service with the reason %j: exploitable, will_not_fix, the reason in detail',
    async (reason) => {
      stubApp(cli, [finding('4', { package_url: purl, cve: 'CVE-2021-4' }, { status: 'ignored' })]);
      stubReason(cli, '4', reason);
      const { code, doc } = await sbom(['--app', 'a', '--no-ignore-file']);
      expect(code).toBe(0);
      expect(doc.vulnerabilities[0].analysis).toEqual({
        state: 'exploitable',
        response: ['will_not_fix'],
        detail: `ignored in the service: ${reason}`,
      });
    },
  );

  it('an ignore-file entry without vex: exploitable, will_not_fix, whatever its reason says', async () => {
    const file = ignoreFile(
      'plain.yml',
      'ignores:\n  - id: 4\n    app: a\n    reason: false positive, unused\n',
    );
    stubApp(cli, [finding('4', { package_url: purl, cve: 'CVE-2021-4' })]);
    const { code, doc } = await sbom(['--app', 'a', '--ignore-file', file]);
    expect(code).toBe(0);
    expect(doc.vulnerabilities[0].analysis).toEqual({
      state: 'exploitable',
      response: ['will_not_fix'],
      detail: `suppressed by ${file}:2: false positive, unused`,
    });
  });
});

describe('sbom: VEX from an explicit statement', () => {
  it('an ignore-file entry stating vex: not_affected with its justification', async () => {
    const file = ignoreFile(
      'vex.yml',
      [
        'ignores:',
        '  - package: pkg:npm/lodash',
        '    reason: template() is never given user input',
        '    owner: alice@example.com',
        '    vex: not_affected',
        '    justification: requires_configuration',
        '',
      ].join('\n'),
    );
    stubApp(cli, [
      finding(
        '4',
        { package_url: purl, cve: 'CVE-2021-4', reachability: 'reachable' },
        { status: 'ignored' },
      ),
    ]);
    stubReason(cli, '4', 'accepted');
    const { code, doc } = await sbom(['--app', 'a', '--ignore-file', file]);
    expect(code).toBe(0);
    const v = doc.vulnerabilities[0];
    expect(v.analysis).toEqual({
      state: 'not_affected',
      justification: 'requires_configuration',
      detail: `suppressed by ${file}:2: template() is never given user input (owner alice@example.com), which states not_affected (requires_configuration); ignored in the service: accepted`,
    });
    expect(v.properties).toContainEqual({ name: 'secscan:suppressed_by', value: `${file}:2` });
  });

  it('an ignore-file entry stating vex: false_positive', async () => {
    const file = ignoreFile(
      'fp.yml',
      'ignores:\n  - id: 4\n    app: a\n    reason: wrong package\n    vex: false_positive\n',
    );
    stubApp(cli, [finding('4', { package_url: purl, cve: 'CVE-2021-4' })]);
    const { code, doc } = await sbom(['--app', 'a', '--ignore-file', file]);
    expect(code).toBe(0);
    expect(doc.vulnerabilities[0].analysis).toEqual({
      state: 'false_positive',
      detail: `suppressed by ${file}:2: wrong package, which states false_positive`,
    });
  });

  it('an expired entry states nothing any more: the reachability decides', async () => {
    const file = ignoreFile(
      'old.yml',
      'ignores:\n  - id: 4\n    app: a\n    reason: r\n    expires: 2026-01-01\n    vex: false_positive\n',
    );
    stubApp(cli, [finding('4', { package_url: purl, cve: 'CVE-2021-4', reachability: 'reachable' })]);
    const { code, doc } = await sbom(['--app', 'a', '--ignore-file', file]);
    expect(code).toBe(0);
    expect(doc.vulnerabilities[0].analysis.state).toBe('exploitable');
  });

  it('the vex tag of a finding: not_affected:JUSTIFICATION and false_positive', async () => {
    stubApp(cli, [
      finding('1', { package_url: purl, cve: 'CVE-2021-1', vex: 'not_affected:code_not_present' }),
      finding('2', { package_url: purl, cve: 'CVE-2021-2', vex: 'false_positive' }),
    ]);
    const { code, doc, stderr } = await sbom(['--app', 'a', '--no-ignore-file']);
    expect([code, stderr]).toEqual([0, '']);
    expect(doc.vulnerabilities.map((v: Json) => v.analysis)).toEqual([
      {
        state: 'not_affected',
        justification: 'code_not_present',
        detail: 'its vex tag states not_affected (code_not_present)',
      },
      { state: 'false_positive', detail: 'its vex tag states false_positive' },
    ]);
  });

  it('a vex tag that states nothing VEX reads is left out, said once', async () => {
    stubApp(cli, [
      finding('1', { package_url: purl, cve: 'CVE-2021-1', vex: 'not_affected' }),
      finding('2', { package_url: purl, cve: 'CVE-2021-2', vex: 'probably fine' }),
      finding('3', { package_url: purl, cve: 'CVE-2021-3', vex: 'false_positive:code_not_present' }),
    ]);
    const { code, doc, stderr } = await sbom(['--app', 'a', '--no-ignore-file']);
    expect(code).toBe(0);
    expect(doc.vulnerabilities.map((v: Json) => v.analysis.state)).toEqual([
      'in_triage',
      'in_triage',
      'in_triage',
    ]);
    expect(stderr).toBe(
      'warning: 3 finding(s) have a vex tag that is neither not_affected:JUSTIFICATION nor false_positive: the tag is left out (a #1, a #2, a #3)\n',
    );
  });

  it('the service’s reachability verdict: unreachable is not_affected, code_not_reachable, ignored or not', async () => {
    stubApp(cli, [
      finding(
        '1',
        { package_url: purl, cve: 'CVE-2021-1', reachability: 'unreachable' },
        { status: 'ignored' },
      ),
    ]);
    stubReason(cli, '1', 'accepted until Q3');
    const { code, doc } = await sbom(['--app', 'a', '--no-ignore-file']);
    expect(code).toBe(0);
    expect(doc.vulnerabilities[0].analysis).toEqual({
      state: 'not_affected',
      justification: 'code_not_reachable',
      detail:
        'the service’s reachability analysis finds no path to the vulnerable code; ignored in the service: accepted until Q3',
    });
  });
});

describe('sbom: one statement per vulnerability and package', () => {
  const two = () => [
    finding('15', { package_url: purl, cve: 'CVE-2023-1', reachability: 'reachable', cvss_score: '5' }),
    finding(
      '26',
      { package_url: purl, cve: 'CVE-2023-1', reachability: 'reachable', cvss_score: '7.5' },
      { status: 'ignored' },
    ),
    finding('30', { package_url: purl, cve: 'CVE-2023-1', reachability: 'unreachable' }),
  ];

  it('three findings of one app: one vulnerability, the most severe analysis, the others in detail', async () => {
    stubApp(cli, two());
    stubReason(cli, '26', 'risk accepted');
    const { code, doc } = await sbom(['--app', 'a', '--no-ignore-file']);
    expect(code).toBe(0);
    expect(doc.vulnerabilities).toHaveLength(1);
    const [v] = doc.vulnerabilities;
    expect(v['bom-ref']).toBe('urn:secscan:finding:a:15');
    expect(v.analysis).toEqual({
      state: 'exploitable',
      detail:
        'a finding 15: the service’s reachability analysis finds the vulnerable code reachable. Other findings: ' +
        'a finding 26: exploitable, will_not_fix (ignored in the service: risk accepted); ' +
        'a finding 30: not_affected (code_not_reachable) (the service’s reachability analysis finds no path to the vulnerable code)',
    });
    expect(v.ratings[0].score).toBe(7.5);
    expect(v.properties.filter((p: Json) => p.name === 'secscan:other_finding')).toEqual([
      { name: 'secscan:other_finding', value: 'a #26: exploitable, will_not_fix' },
      { name: 'secscan:other_finding', value: 'a #30: not_affected (code_not_reachable)' },
    ]);
    expect(
      await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(JSON.stringify(doc)),
    ).toBeNull();
  });

  it('the same findings in another order give the same bytes', async () => {
    const outputs: string[] = [];
    for (const findings of [two(), two().reverse()]) {
      stubApp(cli, findings);
      stubReason(cli, '26', 'risk accepted');
      const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
      expect(result.code).toBe(0);
      outputs.push(result.stdout);
    }
    expect(outputs[1]).toBe(outputs[0]);
  });

  it('SPDX: one advisory reference per package, naming every finding', async () => {
    stubApp(cli, two());
    stubReason(cli, '26', 'risk accepted');
    const { code, doc } = await sbom(['--app', 'a', '--no-ignore-file', '--format', 'spdx']);
    expect(code).toBe(0);
    const lodash = doc.packages.find((p: Json) => p.name === 'lodash');
    const advisories = lodash.externalRefs.filter((r: Json) => r.referenceCategory !== 'PACKAGE-MANAGER');
    expect(advisories).toHaveLength(1);
    expect(advisories[0].comment).toContain(
      'app a finding 15, app a finding 26 (exploitable, will_not_fix), app a finding 30 (not_affected (code_not_reachable))',
    );
  });

  it('--compound: exploitable in one app, not_affected in another is exploitable, the other named', async () => {
    const openssl = 'pkg:deb/debian/openssl@3.0.7';
    cli
      .stub('ReadCompoundSCAPackages', {
        path: { compoundName: 'shop' },
        query: { per_page: 10000, page: 1, sort: 'url' },
      })
      .reply(
        200,
        ok({
          packages: [
            pkg('openssl', { package_url: openssl, type: 'container_package', apps: ['api', 'web'] }),
          ],
          has_more: false,
          total_count: 1,
          polyglot_scan_id: 4,
          compound_id: 'c-1',
          scans: [{ id: '11', app: 'api' }],
        }),
      );
    cli.stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: '4' } }).reply(
      200,
      ok({
        polyglot_scan_id: 4,
        scans: [
          { ...scan, id: '11', app: 'api' },
          { ...scan, id: '12', app: 'web' },
        ],
      }),
    );
    const container = (id: string, app: string, reachability: string) =>
      finding(id, { package_url: openssl, cve: 'CVE-2023-0286', reachability }, { app, type: 'container' });
    cli
      .stub('ListCompoundFindings', {
        path: { compoundName: 'shop' },
        query: { polyglot_scan: '4', finding_type: ['oss_vuln', 'container'], per_page: 250 },
      })
      .reply(
        200,
        ok({ findings: [container('3', 'web', 'unreachable'), container('9', 'api', 'reachable')] }),
      );
    cli.stub('RetrievePackageInfo').reply(200, ok(records([{ package_url: openssl }])));
    const { code, doc } = await sbom(['--compound', 'shop', '--no-ignore-file']);
    expect(code).toBe(0);
    expect(doc.vulnerabilities).toHaveLength(1);
    expect(doc.vulnerabilities[0].analysis).toEqual({
      state: 'exploitable',
      detail:
        'api finding 9: the service’s reachability analysis finds the vulnerable code reachable. Other findings: ' +
        'web finding 3: not_affected (code_not_reachable) (the service’s reachability analysis finds no path to the vulnerable code)',
    });
  });
});
