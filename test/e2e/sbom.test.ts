import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCdxgenAccepts } from '../helpers/cdxgen.js';
import { isolatedEnv, type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * `secscan sbom` against the sandbox, checked by the standards' own tools and a consumer's: the CycloneDX
 * library's strict JSON validator (1.6 and 1.5), cdxgen's `cdx-validate --strict` and its SPDX 3.0.1
 * conversion, and ajv with the official SPDX 2.3 schema (test/fixtures/spdx), plus what the SPDX schema
 * leaves out. Every expectation is read from the sandbox's own answers (its packages and
 * dependency findings through the API), never from its seed, which changes.
 */

const app = 'shiftleft-java-demo';
let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;
let dir: string;
let ignoreFile: string;
/**
 * The dependency findings the test triaged: fixed, ignored (a reason that says "not a false positive"),
 * ignored (risk), in the ignore file stating not_affected.
 */
let triaged: { fixed: string; unaffected: string; risk: string; suppressed: string };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function api(path: string): Promise<Json> {
  const res = await fetch(`${sandbox.baseUrl}/api/v4/orgs/${sandbox.orgId}${path}`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).response;
}

/** The app's latest scan's packages and dependency findings (every status), as the API gives them. */
async function served(appId: string): Promise<{ scan: string; purls: Set<string>; findings: Json[] }> {
  const packages = await api(`/apps/${appId}/sca/packages?per_page=10000`);
  const findings: Json[] = [];
  for (let page = 1; ; page++) {
    const data = await api(
      `/apps/${appId}/findings?scan=${packages.scans[0].id}&type=oss_vuln&type=container&status=any&per_page=250&page=${page}`,
    );
    findings.push(...data.findings);
    if (!data.has_more) break;
  }
  const purls = new Set<string>(packages.packages.map((p: Json) => p.package_url));
  return { scan: packages.scans[0].id, purls, findings };
}

const tag = (f: Json, key: string): string | undefined =>
  f.tags?.find((t: Json) => t.key === key)?.value?.toString();

/** What CycloneDX's consumers check: the library's strict validator, then cdxgen's (and its SPDX 3.0.1 conversion). */
async function cyclonedxValid(text: string, version: '1.5' | '1.6'): Promise<void> {
  const validator = new Validation.JsonStrictValidator(
    version === '1.5' ? Spec.Version.v1dot5 : Spec.Version.v1dot6,
  );
  expect(await validator.validate(text)).toBeNull();
  await expectCdxgenAccepts(text);
}

const spdxSchema = JSON.parse(
  readFileSync(new URL('../fixtures/spdx/spdx-schema-2.3.json', import.meta.url), 'utf8'),
) as Json;

/** The SPDX 2.3 schema, then what it leaves out: the namespace, the document's id, every package reached. */
function spdxValid(doc: Json): void {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(spdxSchema);
  expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  expect(doc.spdxVersion).toBe('SPDX-2.3');
  expect(doc.SPDXID).toBe('SPDXRef-DOCUMENT');
  expect(doc.dataLicense).toBe('CC0-1.0');
  const ns = new URL(doc.documentNamespace);
  expect(ns.protocol).toBe('https:');
  expect(doc.documentNamespace).not.toContain('#');
  const ids = doc.packages.map((p: Json) => p.SPDXID as string);
  expect(new Set(ids).size).toBe(ids.length);
  const known = new Set(['SPDXRef-DOCUMENT', ...ids]);
  const edges = new Map<string, string[]>();
  for (const r of doc.relationships) {
    expect(known.has(r.spdxElementId), r.spdxElementId).toBe(true);
    expect(known.has(r.relatedSpdxElement), r.relatedSpdxElement).toBe(true);
    edges.set(r.spdxElementId, [...(edges.get(r.spdxElementId) ?? []), r.relatedSpdxElement]);
  }
  const reached = new Set<string>(['SPDXRef-DOCUMENT']);
  const todo = ['SPDXRef-DOCUMENT'];
  while (todo.length) {
    for (const next of edges.get(todo.pop() as string) ?? []) {
      if (reached.has(next)) continue;
      reached.add(next);
      todo.push(next);
    }
  }
  expect(ids.filter((id: string) => !reached.has(id))).toEqual([]);
}

const purlsOf = (doc: Json) =>
  new Set<string>(doc.components.filter((c: Json) => c.type === 'library').map((c: Json) => c['bom-ref']));

const run = (args: string[]) => secscan(['sbom', ...args], env, { cwd: dir });

beforeAll(async () => {
  sandbox = await startSandbox();
  config = isolatedEnv({ ...sandbox.settings, SECSCAN_NOW: '2026-12-01' });
  env = config.env;
  dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-sbom-'));
  // Four new dependency findings of the app's latest scan, triaged four ways.
  const scan = await secscan(
    ['sandbox', 'scan', '--app', app, '--new', 'high:oss_vuln=4', '-o', 'json'],
    env,
  );
  expect(scan.exitCode, String(scan.stderr)).toBe(0);
  const [fixed, unaffected, risk, suppressed] = JSON.parse(String(scan.stdout)).new as string[];
  triaged = { fixed, unaffected, risk, suppressed } as typeof triaged;
  for (const [id, status, comment] of [
    [fixed, 'fixed', 'upgraded'],
    [unaffected, 'ignore', 'This is not a false positive, but we accept the risk until the Q3 upgrade'],
    [risk, 'ignore', 'accepted risk until the 3.x upgrade'],
  ] as const) {
    const set = await secscan(
      ['findings', 'status', '--app', app, '--set', status, '--comment', comment, id as string],
      env,
    );
    expect(set.exitCode, String(set.stderr)).toBe(0);
  }
  ignoreFile = join(dir, 'ignore.yml');
  writeFileSync(
    ignoreFile,
    `ignores:\n  - id: ${suppressed}\n    app: ${app}\n    reason: only used in tests\n    owner: alice@example.com\n    expires: 2027-06-30\n    vex: not_affected\n    justification: code_not_present\n`,
  );
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('secscan sbom --app, CycloneDX', () => {
  it('1.6: valid; the packages the service lists; each dependency finding with its triage as VEX', async () => {
    const result = await run(['--app', app, '--ignore-file', ignoreFile]);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    const text = String(result.stdout);
    await cyclonedxValid(text, '1.6');
    const doc = JSON.parse(text) as Json;
    const want = await served(app);
    expect(doc.metadata.component.properties).toContainEqual({ name: 'secscan:scan', value: want.scan });
    const findingPurls = want.findings.map((f) => tag(f, 'package_url')).filter(Boolean) as string[];
    expect(purlsOf(doc)).toEqual(new Set([...want.purls, ...findingPurls]));
    expect(doc.dependencies[0].dependsOn).toEqual([...purlsOf(doc)].sort());

    const withAdvisory = want.findings.filter(
      (f) => tag(f, 'package_url') && (tag(f, 'cve') ?? tag(f, 'oss_internal_id')),
    );
    // Each finding's own analysis, from what was stated (never from the reasons' words).
    const own = (f: Json): Json =>
      f.id === triaged.fixed
        ? { state: 'resolved' }
        : f.id === triaged.suppressed
          ? { state: 'not_affected', justification: 'code_not_present' }
          : tag(f, 'reachability') === 'unreachable'
            ? { state: 'not_affected', justification: 'code_not_reachable' }
            : f.id === triaged.unaffected || f.id === triaged.risk || f.status === 'ignored'
              ? { state: 'exploitable', response: ['will_not_fix'] }
              : tag(f, 'reachability') === 'reachable'
                ? { state: 'exploitable' }
                : { state: 'in_triage' };
    const rank = (a: Json) =>
      ({ exploitable: 0, in_triage: 2, not_affected: 3, false_positive: 3, resolved: 4 })[
        a.state as string
      ]! + (a.state === 'exploitable' && a.response ? 1 : 0);
    const words = (a: Json) =>
      a.justification ? `${a.state} (${a.justification})` : a.response ? `${a.state}, will_not_fix` : a.state;
    // One vulnerability per advisory and package: the most severe finding's analysis, the others named.
    const groups = new Map<string, Json[]>();
    for (const f of withAdvisory) {
      const key = `${tag(f, 'cve') ?? tag(f, 'oss_internal_id')} ${tag(f, 'package_url')}`;
      groups.set(key, [...(groups.get(key) ?? []), f]);
    }
    expect(doc.vulnerabilities).toHaveLength(groups.size);
    expect(groups.size).toBeLessThan(withAdvisory.length);
    const byRef = new Map<string, Json>(doc.vulnerabilities.map((v: Json) => [v['bom-ref'], v]));
    for (const group of groups.values()) {
      const sorted = [...group].sort((a, b) => rank(own(a)) - rank(own(b)) || Number(a.id) - Number(b.id));
      const top = sorted[0] as Json;
      const v = byRef.get(`urn:secscan:finding:${app}:${top.id}`) as Json;
      expect(v, top.id).toBeDefined();
      expect(v.id).toBe(tag(top, 'cve') ?? tag(top, 'oss_internal_id'));
      expect(v.affects).toEqual([{ ref: tag(top, 'package_url') }]);
      expect(v.ratings[0].score).toBe(Math.max(...group.map((f) => Number(tag(f, 'cvss_score')))));
      expect(v.analysis, `finding ${top.id}`).toMatchObject(own(top));
      expect(v.properties.filter((p: Json) => p.name === 'secscan:other_finding')).toEqual(
        sorted
          .slice(1)
          .sort((a, b) => Number(a.id) - Number(b.id))
          .map((f) => ({ name: 'secscan:other_finding', value: `${app} #${f.id}: ${words(own(f))}` })),
      );
    }
    for (const v of doc.vulnerabilities) {
      if (v.analysis.state === 'not_affected') expect(v.analysis.justification, v.id).toBeDefined();
    }
    // The triaged findings are one advisory on one package: their verdicts are in its detail.
    const details = doc.vulnerabilities.map((v: Json) => v.analysis.detail).join('\n');
    expect(details).toContain(
      `suppressed by ${ignoreFile}:2: only used in tests (owner alice@example.com, expires 2027-06-30), which states not_affected (code_not_present)`,
    );
    expect(details).toContain(
      'ignored in the service: This is not a false positive, but we accept the risk until the Q3 upgrade',
    );
    expect(details).toContain('ignored in the service: accepted risk until the 3.x upgrade');
  }, 180_000);

  it('the same scan gives the same bytes, on standard output and in --out', async () => {
    const out = join(dir, 'sbom.cdx.json');
    const [a, b, c] = await Promise.all([
      run(['--app', app, '--ignore-file', ignoreFile]),
      run(['--app', app, '--ignore-file', ignoreFile]),
      run(['--app', app, '--ignore-file', ignoreFile, '--out', out]),
    ]);
    expect([a.exitCode, b.exitCode, c.exitCode]).toEqual([0, 0, 0]);
    expect(String(a.stdout)).toBe(String(b.stdout));
    expect(String(c.stdout)).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(`${String(a.stdout)}\n`);
    expect(String(c.stderr)).toMatch(
      /^Wrote .*sbom\.cdx\.json \(\d+(\.\d)? KiB\): \d+ packages?, \d+ vulnerabilit(y|ies)\.$/,
    );
  });

  it('1.5 for older consumers: valid', async () => {
    const result = await run(['--app', app, '--format', 'cyclonedx-1.5', '--no-ignore-file']);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    await cyclonedxValid(String(result.stdout), '1.5');
    expect(JSON.parse(String(result.stdout)).specVersion).toBe('1.5');
  }, 180_000);

  it('--vex-only: valid, no components, each vulnerability affecting a BOM-Link into the BOM', async () => {
    const [bom, vex] = await Promise.all([
      run(['--app', app, '--ignore-file', ignoreFile]),
      run(['--app', app, '--ignore-file', ignoreFile, '--vex-only']),
    ]);
    expect([bom.exitCode, vex.exitCode]).toEqual([0, 0]);
    await cyclonedxValid(String(vex.stdout), '1.6');
    const b = JSON.parse(String(bom.stdout)) as Json;
    const v = JSON.parse(String(vex.stdout)) as Json;
    expect(v.components).toBeUndefined();
    expect(v.serialNumber).not.toBe(b.serialNumber);
    const serial = (b.serialNumber as string).replace(/^urn:uuid:/, '');
    expect(v.vulnerabilities.map((x: Json) => x.affects[0].ref)).toEqual(
      b.vulnerabilities.map((x: Json) => `urn:cdx:${serial}/1#${encodeURIComponent(x.affects[0].ref)}`),
    );
    expect(v.vulnerabilities.map((x: Json) => x.analysis)).toEqual(
      b.vulnerabilities.map((x: Json) => x.analysis),
    );
  }, 180_000);
});

describe('secscan sbom, SPDX 2.3', () => {
  it('--app: valid against the official schema; every package reached; advisories with their VEX', async () => {
    const result = await run(['--app', app, '--format', 'spdx', '--ignore-file', ignoreFile]);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    const doc = JSON.parse(String(result.stdout)) as Json;
    spdxValid(doc);
    const want = await served(app);
    const purls = doc.packages.flatMap((p: Json) =>
      (p.externalRefs ?? [])
        .filter((r: Json) => r.referenceType === 'purl')
        .map((r: Json) => r.referenceLocator),
    );
    for (const purl of want.purls) expect(purls).toContain(purl);
    const advisories = doc.packages.flatMap((p: Json) =>
      (p.externalRefs ?? []).filter((r: Json) => r.referenceCategory === 'SECURITY'),
    );
    // One reference per advisory on a package, naming each finding's verdict; never a not_affected unjustified.
    const risk = advisories.find((r: Json) => new RegExp(`finding ${triaged.risk}\\b`).test(r.comment));
    expect(risk.comment).toContain('accepted risk until the 3.x upgrade');
    for (const r of advisories) expect(r.comment).not.toMatch(/VEX not_affected:/);
    const keys = advisories.map((r: Json) => `${r.referenceLocator} ${r.comment.split(';')[0]}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('--compound: valid; each app of the compound scan, each depending on its packages', async () => {
    const compound = await api('/compounds/named/shop/sca/packages?per_page=10000');
    const result = await run(['--compound', 'shop', '--format', 'spdx', '--no-ignore-file']);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    const doc = JSON.parse(String(result.stdout)) as Json;
    spdxValid(doc);
    const names = doc.packages
      .filter((p: Json) => p.primaryPackagePurpose === 'APPLICATION')
      .map((p: Json) => p.name);
    expect(names.sort()).toEqual(['shop', ...compound.scans.map((s: Json) => s.app)].sort());

    const cdx = await run(['--compound', 'shop', '--no-ignore-file']);
    expect(cdx.exitCode, String(cdx.stderr)).toBe(0);
    await cyclonedxValid(String(cdx.stdout), '1.6');
    const bom = JSON.parse(String(cdx.stdout)) as Json;
    expect(purlsOf(bom)).toEqual(new Set(compound.packages.map((p: Json) => p.package_url)));
    for (const p of compound.packages) {
      for (const owner of p.apps) {
        const edge = bom.dependencies.find((d: Json) => d.ref === `urn:secscan:app:${owner}`);
        expect(edge?.dependsOn, `${owner} -> ${p.package_url}`).toContain(p.package_url);
      }
    }
  }, 180_000);

  it('--all-apps: every app with a scan in one valid document, the others named', async () => {
    const apps = (await api('/apps')) as Json[];
    const result = await run(['--all-apps', '--no-ignore-file', '--concurrency', '3']);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    const text = String(result.stdout);
    await cyclonedxValid(text, '1.6');
    const doc = JSON.parse(text) as Json;
    const read = doc.components.filter((c: Json) => c.type === 'application').map((c: Json) => c['bom-ref']);
    const skipped = doc.metadata.properties
      .filter((p: Json) => p.name === 'secscan:skipped_app')
      .map((p: Json) => `urn:secscan:app:${p.value}`);
    expect([...read, ...skipped].sort()).toEqual(apps.map((a) => `urn:secscan:app:${a.id}`).sort());
    // An advisory on a package reachable in one app and unreachable in another (the seed's OpenSSL): one
    // vulnerability, exploitable, the other app's not_affected named.
    const findings = (
      await Promise.all(read.map((ref: string) => served(ref.replace('urn:secscan:app:', ''))))
    ).flatMap((x) => x.findings.filter((f: Json) => f.status !== 'fixed' && f.status !== 'ignored'));
    const mixed = new Map<string, Json[]>();
    for (const f of findings) {
      const key = `${tag(f, 'cve')} ${tag(f, 'package_url')}`;
      if (tag(f, 'cve') && tag(f, 'package_url')) mixed.set(key, [...(mixed.get(key) ?? []), f]);
    }
    const across = [...mixed.values()].filter(
      (g) =>
        new Set(g.map((f) => f.app)).size > 1 &&
        g.some((f) => tag(f, 'reachability') === 'reachable') &&
        g.some((f) => tag(f, 'reachability') === 'unreachable'),
    );
    expect(across.length).toBeGreaterThan(0);
    for (const group of across) {
      const [first] = group as [Json];
      const vs = doc.vulnerabilities.filter(
        (v: Json) => v.id === tag(first, 'cve') && v.affects[0].ref === tag(first, 'package_url'),
      );
      expect(vs).toHaveLength(1);
      expect(vs[0].analysis.state).toBe('exploitable');
      for (const f of group.filter((x) => tag(x, 'reachability') === 'unreachable')) {
        expect(vs[0].analysis.detail).toContain(
          `${f.app} finding ${f.id}: not_affected (code_not_reachable)`,
        );
      }
    }
    // Apps read eight at a time, in whatever order they answer: the same bytes.
    const [a, b] = await Promise.all([
      run(['--all-apps', '--no-ignore-file', '--concurrency', '8']),
      run(['--all-apps', '--no-ignore-file', '--concurrency', '8']),
    ]);
    expect(String(a.stdout)).toBe(text);
    expect(String(b.stdout)).toBe(text);
    const spdx = await run(['--all-apps', '--no-ignore-file', '--format', 'spdx']);
    expect(spdx.exitCode, String(spdx.stderr)).toBe(0);
    spdxValid(JSON.parse(String(spdx.stdout)));
  }, 180_000);
});
