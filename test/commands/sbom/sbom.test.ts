import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { finding, findingsQuery, packagesPage, packagesQuery, pkg, scan, stubApp } from './fixtures.js';

const cli = useCli();

describe('sbom: usage errors (exit 2, no request)', () => {
  it.each([
    [['sbom'], 'give --app ID, --compound NAME or --all-apps'],
    [['sbom', '--app', 'a', '--compound', 'c'], '--app and --compound cannot be used together'],
    [['sbom', '--app', 'a', '--all-apps'], '--app and --all-apps cannot be used together'],
    [
      ['sbom', '--all-apps', '--scan', '3'],
      '--scan needs --app or --compound (with --all-apps, --branch picks each app’s scan)',
    ],
    [
      ['sbom', '--app', 'a', '--scan', '3', '--branch', 'main'],
      '--scan and --branch cannot be used together',
    ],
    [
      ['sbom', '--app', 'a', '--format', 'swid'],
      'invalid value for --format: "swid" (choose from cyclonedx, cyclonedx-1.5, spdx)',
    ],
    [
      ['sbom', '--app', 'a', '--format', 'spdx', '--vex-only'],
      '--vex-only needs --format cyclonedx or cyclonedx-1.5 (SPDX 2.3 has no VEX)',
    ],
    [['sbom', '--app', 'a', '--scan', 'x'], 'invalid value for --scan: "x" (expected a scan id (a number))'],
    [
      ['sbom', '--app', 'a', '--out', tmpdir()],
      `invalid value for --out: ${tmpdir()} is a directory (name a file)`,
    ],
    [
      ['sbom', '--app', 'a', '--out', '/nonexistent-dir/x.json'],
      'invalid value for --out: the directory of /nonexistent-dir/x.json does not exist',
    ],
    [
      ['sbom', '--app', 'a', '--concurrency', '0'],
      'invalid value for --concurrency: "0" (expected a whole number from 1 to 64)',
    ],
    [
      ['sbom', '--app', 'a', '-o', 'yaml'],
      'invalid value for -o, --output: "yaml": a bill of materials is one JSON document (CycloneDX or SPDX), not rows (choose from json)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('sbom: fail closed (exit 8)', () => {
  it('a packages answer without its list', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
      .reply(200, ok({ packages: null, has_more: false, total_count: 0, scans: [{ id: '7', app: 'a' }] }));
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stdout).toBe('');
  });

  it('a packages answer naming no scan', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
      .reply(200, packagesPage([pkg('lodash')], { scans: [] }));
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('the packages listing names no scan');
    expect(result.stdout).toBe('');
  });

  it('fewer packages than the listing counts', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
      .reply(200, packagesPage([pkg('lodash')], { total_count: 3 }));
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('gives 1 package(s) where it counts 3');
  });

  it('a listing that always has more: past the count it states, exit 8 (never an endless read)', async () => {
    // The pages after the first are pinned to the scan it names.
    for (const query of [packagesQuery, { ...packagesQuery, page: 2, scan: '7' }])
      cli
        .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query })
        .reply(200, packagesPage([pkg('lodash')], { has_more: true, total_count: 1 }));
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('gives more than the 1 package(s) it counts');
    expect(result.stdout).toBe('');
  });

  it('a findings answer without its list, and nothing written to --out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secscan-sbom-'));
    try {
      cli
        .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
        .reply(200, packagesPage([pkg('lodash')]));
      cli
        .stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery })
        .reply(200, ok({ findings: null }));
      const out = join(dir, 'sbom.json');
      const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file', '--out', out], {
        env: authEnv(),
      });
      expect(result.code).toBe(8);
      expect(() => readFileSync(out)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a package look-up that answers for fewer packages than asked', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
      .reply(200, packagesPage([pkg('lodash'), pkg('react')]));
    cli.stub('ReadScan', { path: { appID: 'a', scanID: '7' } }).reply(200, ok([scan]));
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery })
      .reply(200, ok({ findings: [] }));
    cli
      .stub('RetrievePackageInfo')
      .reply(200, ok([{ purl: 'pkg:npm/lodash@1.0.0', licenses: [], cves: [] }]));
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('answers 1 record(s) for 2 package URL(s)');
  });
});

describe('sbom', () => {
  it('the requests, a valid CycloneDX 1.6 document, the triage as VEX', async () => {
    const purl = 'pkg:npm/lodash@1.0.0';
    stubApp(cli, [
      finding('1', {
        package_url: purl,
        cve: 'CVE-2021-1',
        cvss_score: '7.5',
        reachability: 'reachable',
        cvss_31_severity_rating: 'high',
      }),
      finding('2', { package_url: purl, cve: 'CVE-2021-2', cvss_score: '5', reachability: 'unreachable' }),
      finding('3', { package_url: purl, cve: 'CVE-2021-3' }, { status: 'fixed' }),
      finding(
        '4',
        { package_url: purl, cve: 'CVE-2021-4', reachability: 'reachable' },
        { status: 'ignored' },
      ),
      finding('5', { package_url: purl, cve: 'CVE-2021-5' }),
    ]);
    cli.stub('ListAppFindingComments', { path: { appID: 'a', findingID: '4' } }).reply(
      200,
      ok([
        {
          id: '2',
          finding_id: '4',
          created_at: '2026-09-03T00:00:00Z',
          comment: 'false positive: the function is never called',
        },
        { id: '1', finding_id: '4', created_at: '2026-09-02T00:00:00Z', comment: 'looking' },
      ]),
    );
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
    expect(await validator.validate(result.stdout)).toBeNull();
    const doc = JSON.parse(result.stdout);
    expect(doc.metadata.timestamp).toBe('2026-09-01T10:05:00Z');
    expect(doc.metadata.component.version).toBe('abc1234');
    expect(doc.components.map((c: { 'bom-ref': string }) => c['bom-ref'])).toEqual([
      purl,
      'pkg:npm/react@1.0.0',
    ]);
    const states = Object.fromEntries(
      doc.vulnerabilities.map((v: { id: string; analysis: Record<string, unknown> }) => [v.id, v.analysis]),
    );
    expect(states['CVE-2021-1']).toMatchObject({ state: 'exploitable' });
    expect(states['CVE-2021-2']).toMatchObject({
      state: 'not_affected',
      justification: 'code_not_reachable',
    });
    expect(states['CVE-2021-3']).toMatchObject({ state: 'resolved' });
    // A reason is free text: whatever it says, the risk is accepted, not a statement of not_affected.
    expect(states['CVE-2021-4']).toEqual({
      state: 'exploitable',
      response: ['will_not_fix'],
      detail: 'ignored in the service: false positive: the function is never called',
    });
    expect(states['CVE-2021-5']).toMatchObject({ state: 'in_triage' });
    expect(doc.vulnerabilities[0].ratings).toEqual([
      { source: { name: 'secscan' }, score: 7.5, severity: 'high', method: 'CVSSv31' },
    ]);
  });

  it('--out writes the document and says so in the one form: size, packages, vulnerabilities', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secscan-sbom-out-'));
    try {
      const out = join(dir, 'sbom.cdx.json');
      stubApp(cli, [finding('4', { package_url: 'pkg:npm/lodash@1.0.0', cve: 'CVE-2021-4' })]);
      const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file', '--out', out], {
        env: authEnv(),
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      const size = readFileSync(out).length;
      expect(size).toBeGreaterThan(1024);
      expect(size).toBeLessThan(10 * 1024); // shown to a tenth of a KiB
      expect(result.stderr).toBe(
        `Wrote ${out} (${(size / 1024).toFixed(1)} KiB): 2 packages, 1 vulnerability.\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an ignore reason that does not say the code is unaffected is accepted risk: will_not_fix', async () => {
    const purl = 'pkg:npm/lodash@1.0.0';
    stubApp(cli, [finding('4', { package_url: purl, cve: 'CVE-2021-4' }, { status: 'ignored' })]);
    cli
      .stub('ListAppFindingComments', { path: { appID: 'a', findingID: '4' } })
      .reply(
        200,
        ok([{ id: '1', finding_id: '4', created_at: '2026-09-02T00:00:00Z', comment: 'upgrade in Q3' }]),
      );
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).vulnerabilities[0].analysis).toEqual({
      state: 'exploitable',
      response: ['will_not_fix'],
      detail: 'ignored in the service: upgrade in Q3',
    });
  });

  it('the service’s text reaches standard output escaped: no control character, no runner command', async () => {
    const purl = 'pkg:npm/lodash@1.0.0';
    stubApp(
      cli,
      [
        finding(
          '1',
          { package_url: purl, cve: 'CVE-2021-1' },
          { title: '\u001b[2J\u009b31m\n::error::owned\u202e' },
        ),
      ],
      [pkg('lodash', { license: 'MIT\u001b]8;;http://x\u0007' })],
    );
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], {
      env: authEnv({ GITHUB_ACTIONS: 'true' }),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(result.stdout).not.toMatch(/^\s*::/m);
    const doc = JSON.parse(result.stdout);
    expect(doc.vulnerabilities[0].description).toBe('\u001b[2J\u009b31m\n::error::owned\u202e');
    expect(doc.components[0].licenses).toEqual([{ license: { name: 'MIT\u001b]8;;http://x\u0007' } }]);
  });
});

describe('sbom: the scan', () => {
  it('from the findings listing when it names the scan with its times: no request for it', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
      .reply(200, packagesPage([pkg('lodash')]));
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery })
      .reply(200, ok({ scan, findings: [] }));
    cli
      .stub('RetrievePackageInfo')
      .reply(200, ok([{ purl: 'pkg:npm/lodash@1.0.0', licenses: ['MIT'], cves: [] }]));
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file', '--format', 'spdx'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.creationInfo.created).toBe('2026-09-01T10:05:00Z');
    expect(doc.packages[0]).toMatchObject({
      name: 'a',
      versionInfo: 'abc1234',
      primaryPackagePurpose: 'APPLICATION',
    });
    expect(cli.calls().map((c) => c.path.split('?')[0])).not.toContain(
      `/api/v4/orgs/${'8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b'}/apps/a/scans/7`,
    );
  });

  it('a findings listing of another scan than the packages: exit 8', async () => {
    cli
      .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
      .reply(200, packagesPage([pkg('lodash')]));
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery })
      .reply(200, ok({ scan: { ...scan, id: '8' }, findings: [] }));
    const result = await cli.run(['sbom', '--app', 'a', '--no-ignore-file'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('the findings listing of scan 7 is of scan 8');
  });
});
