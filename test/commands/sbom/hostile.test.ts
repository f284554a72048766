import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../../helpers/cli.js';
import {
  finding,
  findingsQuery,
  packagesPage,
  packagesQuery,
  pkg,
  records,
  scan,
  stubApp,
} from './fixtures.js';

/**
 * `secscan sbom` on hostile service data (issue 41, §6): each answer is exit 8 with one line, nothing on
 * standard output, or a valid document that is the same however the answers arrive.
 */

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-sbom-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const run = (args: string[]) => cli.run(['sbom', ...args], { env: authEnv() });

/** Exit 8, one line naming the problem, nothing written. */
function refused(result: { code: number; stdout: string; stderr: string }, message: string): void {
  expect(result.code).toBe(8);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(`error: ${message}\n`);
}

/** The packages listing and nothing after it: a refusal of the listing sends no other request. */
function stubPackages(packages: unknown[]): void {
  cli
    .stub('ReadAppSCAPackages', { path: { appID: 'a' }, query: packagesQuery })
    .reply(200, packagesPage(packages));
}

describe('sbom: package URLs that do not parse', () => {
  it.each([
    ['a bad percent-encoding', 'pkg:npm/%E0%A4%A@1.0.0', 'its name has a bad percent-encoding'],
    ['a lone %', 'pkg:npm/lodash@1.0%', 'its version has a bad percent-encoding'],
    ['the app’s bom-ref', 'urn:secscan:app:a', 'it does not start with pkg:'],
    ['no name', 'pkg:npm/@1.0.0', 'it has no name'],
    ['a space', 'pkg:npm/lo dash@1.0.0', 'it holds a character that must be percent-encoded'],
    ['no type', 'pkg:/lodash@1.0.0', 'it has no type and name (pkg:TYPE/NAME)'],
  ])('in the packages listing, %s: exit 8', async (_what, purl, why) => {
    stubPackages([pkg('x', { package_url: purl })]);
    refused(
      await run(['--app', 'a', '--no-ignore-file']),
      `app a: the packages listing gives ${JSON.stringify(purl)} as a package URL, which does not parse: ${why}`,
    );
  });

  it('a finding’s package_url tag with a bad percent-encoding: exit 8, not an internal error', async () => {
    stubPackages([pkg('lodash')]);
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery })
      .reply(
        200,
        ok({ scan, findings: [finding('4', { package_url: 'pkg:npm/lodash@%zz', cve: 'CVE-1' })] }),
      );
    // An ignore file with a package entry reads the finding's purl too (it crashed on it before).
    const file = join(dir, 'ignore.yml');
    writeFileSync(file, 'ignores:\n  - package: pkg:npm/lodash\n    reason: r\n');
    refused(
      await run(['--app', 'a', '--ignore-file', file]),
      'app a: finding 4 of app a has "pkg:npm/lodash@%zz" as a package URL, which does not parse: its version has a bad percent-encoding',
    );
  });

  it('two spellings of one purl are one component, in its canonical form', async () => {
    stubApp(
      cli,
      [finding('4', { package_url: 'pkg:NPM/@babel/core@7.0.0?b=2&a=1', cve: 'CVE-1' })],
      [pkg('core', { package_url: 'pkg:npm/%40babel/core@7.0.0?a=1&b=2', namespace: '@babel' })],
    );
    const result = await run(['--app', 'a', '--no-ignore-file']);
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout) as Json;
    const canonical = 'pkg:npm/%40babel/core@7.0.0?a=1&b=2';
    // The bom-ref is the purl with its @ written out (cdxgen refuses %40 in a reference).
    const ref = 'pkg:npm/@babel/core@7.0.0?a=1&b=2';
    expect(doc.components.map((c: Json) => [c['bom-ref'], c.purl, c.group, c.name, c.version])).toEqual([
      [ref, canonical, '@babel', 'core', '7.0.0'],
    ]);
    expect(doc.vulnerabilities[0].affects).toEqual([{ ref }]);
  });
});

describe('sbom: the package look-up answers for what was asked', () => {
  const lookUp = (answer: unknown[]) => {
    stubPackages([pkg('lodash'), pkg('react')]);
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery })
      .reply(200, ok({ scan, findings: [] }));
    cli.stub('RetrievePackageInfo').reply(200, ok(answer));
  };

  it('a record for a purl not asked for: exit 8 (its licences and advisories would be dropped)', async () => {
    lookUp([...records([pkg('lodash')]), { purl: 'pkg:npm/left-pad@1.0.0', licenses: ['MIT'], cves: [] }]);
    refused(
      await run(['--app', 'a', '--no-ignore-file']),
      'the package look-up answers for pkg:npm/left-pad@1.0.0, which was not asked for',
    );
  });

  it('two records for one purl: exit 8', async () => {
    lookUp(records([pkg('lodash'), pkg('lodash')]));
    refused(
      await run(['--app', 'a', '--no-ignore-file']),
      'the package look-up answers twice for pkg:npm/lodash@1.0.0',
    );
  });

  it('a record whose purl does not parse: exit 8', async () => {
    lookUp([...records([pkg('lodash')]), { purl: 'pkg:npm/%ZZ', licenses: [], cves: [] }]);
    refused(
      await run(['--app', 'a', '--no-ignore-file']),
      'the package look-up answers for "pkg:npm/%ZZ", which is not a package URL: its name has a bad percent-encoding',
    );
  });

  it('a record spelling the purl asked another way is that purl’s', async () => {
    lookUp([
      { purl: 'pkg:NPM/lodash@1.0.0', licenses: ['Apache-2.0'], cves: [] },
      ...records([pkg('react')]),
    ]);
    const result = await run(['--app', 'a', '--no-ignore-file']);
    expect(result.code, result.stderr).toBe(0);
    const lodash = (JSON.parse(result.stdout) as Json).components.find((c: Json) => c.name === 'lodash');
    expect(lodash.licenses).toEqual([{ license: { name: 'Apache-2.0' } }, { license: { name: 'MIT' } }]);
  });
});

describe('sbom: what is given twice', () => {
  it('a finding listed twice: exit 8', async () => {
    stubPackages([pkg('lodash')]);
    const twice = finding('4', { package_url: 'pkg:npm/lodash@1.0.0', cve: 'CVE-1' });
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: findingsQuery })
      .reply(
        200,
        ok({ scan, findings: [twice, { ...twice, tags: [...twice.tags, { key: 'cve', value: 'CVE-2' }] }] }),
      );
    refused(
      await run(['--app', 'a', '--no-ignore-file']),
      'app a: the findings listing gives finding 4 of app a twice',
    );
  });

  it('a compound scan naming one app twice: exit 8 (two components of one bom-ref)', async () => {
    cli
      .stub('ReadCompoundSCAPackages', { path: { compoundName: 'shop' }, query: packagesQuery })
      .reply(200, ok({ packages: [], has_more: false, total_count: 0, polyglot_scan_id: 4, scans: [] }));
    cli.stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: '4' } }).reply(
      200,
      ok({
        polyglot_scan_id: 4,
        scans: [
          { ...scan, id: '11', app: 'a' },
          { ...scan, id: '12', app: 'a' },
        ],
      }),
    );
    refused(
      await run(['--compound', 'shop', '--no-ignore-file']),
      'compound shop: compound scan 4 names app a twice (scans 11 and 12)',
    );
  });

  it('the apps listing naming one app twice: exit 8', async () => {
    cli.stub('ListApps').reply(200, ok([{ id: 'a' }, { id: 'b' }, { id: 'a' }]));
    refused(await run(['--all-apps', '--no-ignore-file']), 'the apps listing names app a twice');
  });
});

describe('sbom --all-apps: apps naming one purl’s package differently', () => {
  /** Apps a and b, both finding one purl, each naming it its own way; read one at a time, a first. */
  async function twoApps(names: [string, string]): Promise<Json> {
    cli.stub('ListApps').reply(200, ok([{ id: 'b' }, { id: 'a' }]));
    const purl = 'pkg:maven/org.example/lib@1.0.0';
    for (const [i, app] of ['a', 'b'].entries()) {
      const id = String(7 + i);
      cli.stub('ReadAppSCAPackages', { path: { appID: app }, query: packagesQuery }).reply(
        200,
        packagesPage(
          [
            pkg(names[i] as string, {
              package_url: purl,
              namespace: `ns-${names[i]}`,
              license: `L-${app}`,
            }),
          ],
          { scans: [{ id, app }] },
        ),
      );
      cli
        .stub('ListAppFindings', { path: { appID: app }, query: { ...findingsQuery, scan: id } })
        .reply(200, ok({ scan: { ...scan, id, app }, findings: [] }));
    }
    cli.stub('RetrievePackageInfo').reply(200, ok(records([{ package_url: purl }])));
    const result = await run(['--all-apps', '--no-ignore-file', '--concurrency', '1']);
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(result.stdout) as Json).components.find((c: Json) => c.type === 'library');
  }

  it('the same component whichever app is read first: the purl’s name, every licence and app', async () => {
    const first = await twoApps(['lib-a', 'Lib Core']);
    expect(first).toEqual({
      type: 'library',
      'bom-ref': 'pkg:maven/org.example/lib@1.0.0',
      group: 'org.example',
      name: 'lib',
      version: '1.0.0',
      licenses: [{ license: { name: 'L-a' } }, { license: { name: 'L-b' } }],
      purl: 'pkg:maven/org.example/lib@1.0.0',
      properties: [
        { name: 'secscan:app', value: 'a' },
        { name: 'secscan:app', value: 'b' },
      ],
    });
    expect(await twoApps(['Lib Core', 'lib-a'])).toEqual(first);
  });
});
