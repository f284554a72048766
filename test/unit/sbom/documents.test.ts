import { readFileSync } from 'node:fs';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { UnexpectedResponseError } from '../../../src/errors.js';
import { cyclonedx } from '../../../src/sbom/cyclonedx.js';
import { uuidV5 } from '../../../src/sbom/ids.js';
import type { Inventory, SbomPackage } from '../../../src/sbom/model.js';
import { spdx } from '../../../src/sbom/spdx.js';

const schema = JSON.parse(
  readFileSync(new URL('../../fixtures/spdx/spdx-schema-2.3.json', import.meta.url), 'utf8'),
) as object;
const tool = { name: 'secscan', version: '1.2.3' };

const pkg = (purl: string, licenses: string[], apps: string[]): SbomPackage => ({
  purl,
  name: purl.replace(/^.*\/|@.*$/g, ''),
  namespace: '',
  type: 'npm',
  version: '1.0.0',
  licenses,
  apps,
  container: false,
});

/** A compound of two apps; one package the service ties to no app, licences of every kind. */
const inventory = (): Inventory => ({
  org: 'org-1',
  subject: { kind: 'compound', name: 'shop', id: 'c-1' },
  polyglotScan: '4',
  scans: [
    { app: 'api', id: '11', version: 'aaa', branch: 'main', time: '2026-09-01T10:00:00.000Z' },
    { app: 'web', id: '12', time: '2026-09-01T11:00:00.000Z' },
  ],
  time: '2026-09-01T11:00:00.000Z',
  packages: [
    pkg('pkg:npm/a@1.0.0', ['MIT', 'Apache-2.0'], ['api', 'web']),
    pkg('pkg:npm/b@1.0.0', ['MIT OR Apache-2.0'], ['web']),
    pkg('pkg:npm/c@1.0.0', ['Some licence, see file'], []),
  ],
  vulnerabilities: [
    {
      app: 'web',
      finding: '5',
      purl: 'pkg:npm/c@1.0.0',
      advisory: 'SNYK-JS-C-1',
      aliases: [],
      severity: 'bogus',
      status: 'unset',
      title: 'a flaw',
      analysis: { state: 'in_triage', detail: 'no reachability' },
      others: [],
    },
  ],
  advisories: new Map(),
  skipped: [{ app: 'old', reason: 'no completed scan' }],
});

describe('sbom documents', () => {
  it('SPDX: valid; an expression kept, free text as NOASSERTION with a comment; every package reached', () => {
    const doc = spdx(inventory(), tool) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    const byName = new Map(doc.packages.map((p: { name: string }) => [p.name, p]));
    expect(byName.get('a')).toMatchObject({ licenseDeclared: 'MIT AND Apache-2.0' });
    expect(byName.get('b')).toMatchObject({ licenseDeclared: 'MIT OR Apache-2.0' });
    expect(byName.get('c')).toMatchObject({
      licenseDeclared: 'NOASSERTION',
      licenseComments: 'as the service names it: Some licence, see file',
    });
    const c = byName.get('c') as { SPDXID: string; externalRefs: Record<string, string>[] };
    expect(doc.relationships).toContainEqual({
      spdxElementId: doc.packages[0].SPDXID,
      relationshipType: 'DEPENDS_ON',
      relatedSpdxElement: c.SPDXID,
    });
    expect(c.externalRefs[1]).toMatchObject({ referenceCategory: 'OTHER', referenceLocator: 'SNYK-JS-C-1' });
    expect(doc.creationInfo.comment).toContain('Left out: app old (no completed scan).');
  });

  it('CycloneDX: valid 1.5 and 1.6; names for free-text licences, an unknown severity as unknown', async () => {
    for (const [spec, version] of [
      ['1.5', Spec.Version.v1dot5],
      ['1.6', Spec.Version.v1dot6],
    ] as const) {
      const doc = cyclonedx(inventory(), spec, tool) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(await new Validation.JsonStrictValidator(version).validate(JSON.stringify(doc))).toBeNull();
      const a = doc.components.find((x: { name: string }) => x.name === 'a');
      expect(a.licenses).toEqual([{ license: { name: 'MIT' } }, { license: { name: 'Apache-2.0' } }]);
      expect(doc.vulnerabilities[0].ratings[0].severity).toBe('unknown');
      expect(doc.dependencies[0].dependsOn).toEqual([
        'pkg:npm/c@1.0.0',
        'urn:secscan:app:api',
        'urn:secscan:app:web',
      ]);
      expect(doc.serialNumber).toBe(
        `urn:uuid:${uuidV5(`cyclonedx-${spec}\u0000${['org-1', 'compound', 'shop', '4', 'api@11,web@12'].join('\u0000')}`)}`,
      );
    }
  });

  it('a not_affected analysis keeps its justification; SPDX names the OpenVEX term beside it', () => {
    const inv = inventory();
    const [v] = inv.vulnerabilities as [Inventory['vulnerabilities'][number]];
    v.analysis = { state: 'not_affected', justification: 'requires_configuration', detail: 'stated' };
    const cdx = cyclonedx(inv, '1.6', tool) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(cdx.vulnerabilities[0].analysis).toEqual({
      state: 'not_affected',
      justification: 'requires_configuration',
      detail: 'stated',
    });
    const doc = spdx(inv, tool) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const c = doc.packages.find((p: { name: string }) => p.name === 'c');
    expect(c.externalRefs[1].comment).toContain(
      'VEX not_affected (requires_configuration; OpenVEX vulnerable_code_cannot_be_controlled_by_adversary): stated',
    );
  });

  it('a scoped package: its purl canonical (%40), its bom-ref and every reference to it written out', async () => {
    const inv = inventory();
    inv.packages.push({
      ...pkg('pkg:npm/%40scope/d@2.0.0', ['MIT'], ['api']),
      namespace: '@scope',
      name: 'd',
    });
    inv.vulnerabilities.push({
      ...(inv.vulnerabilities[0] as Inventory['vulnerabilities'][number]),
      app: 'api',
      finding: '6',
      purl: 'pkg:npm/%40scope/d@2.0.0',
      advisory: 'SNYK-JS-D-1',
    });
    const doc = cyclonedx(inv, '1.6', tool) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(
      await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(JSON.stringify(doc)),
    ).toBeNull();
    const d = doc.components.find((x: { name: string }) => x.name === 'd');
    expect(d).toMatchObject({ 'bom-ref': 'pkg:npm/@scope/d@2.0.0', purl: 'pkg:npm/%40scope/d@2.0.0' });
    // cdxgen's validator refuses a reference with %40, %3A or %2F in `dependencies`.
    const refs = doc.dependencies.flatMap((x: { ref: string; dependsOn: string[] }) => [
      x.ref,
      ...x.dependsOn,
    ]);
    expect(refs).toContain('pkg:npm/@scope/d@2.0.0');
    expect(refs.filter((r: string) => /%40|%3A|%2F/i.test(r))).toEqual([]);
    const vuln = doc.vulnerabilities.find((v: { id: string }) => v.id === 'SNYK-JS-D-1');
    expect(vuln.affects).toEqual([{ ref: 'pkg:npm/@scope/d@2.0.0' }]);
    const vex = cyclonedx(inv, '1.6', tool, true) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const link = vex.vulnerabilities.find((v: { id: string }) => v.id === 'SNYK-JS-D-1').affects[0].ref;
    expect(link).toBe(
      `urn:cdx:${doc.serialNumber.slice('urn:uuid:'.length)}/1#${encodeURIComponent('pkg:npm/@scope/d@2.0.0')}`,
    );
  });

  it('an inventory that would give one bom-ref (or SPDXID) twice is refused, never written', () => {
    const inv = inventory();
    inv.scans.push({ ...(inv.scans[0] as Inventory['scans'][number]) });
    expect(() => cyclonedx(inv, '1.6', tool)).toThrow(
      new UnexpectedResponseError(
        "the service's answers would give the document the bom-ref urn:secscan:app:api twice",
      ),
    );
    expect(() => spdx(inv, tool)).toThrow(UnexpectedResponseError);
  });

  it('a name-based UUID is version 5, RFC 4122 variant, the same for the same name', () => {
    expect(uuidV5('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV5('x')).toBe(uuidV5('x'));
    expect(uuidV5('x')).not.toBe(uuidV5('y'));
  });
});
