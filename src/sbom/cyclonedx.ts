import { UnexpectedResponseError } from '../errors.js';
import { byText, uuidV5 } from './ids.js';
import { type Inventory, type SbomPackage, type SbomVulnerability, scanKey } from './model.js';
import { stateText } from './vex.js';

/**
 * CycloneDX JSON (1.6, or 1.5 for older consumers) of an inventory: the subject as metadata.component,
 * each package a `library` whose bom-ref is its purl, the graph the service knows (the subject, or each app
 * of a compound or organization, on its packages), and each advisory on a package a vulnerability with its
 * VEX analysis (one per advisory and package, whatever the findings and apps). Every bom-ref is unique:
 * a document that would hold one twice is refused (exit 8), never written. `vexOnly`: the vulnerabilities alone, each affecting a BOM-Link into the BOM of the same
 * scan (`urn:cdx:SERIAL/1#BOM-REF`), as a VEX document published apart from its BOM.
 */

export type CdxVersion = '1.5' | '1.6';

interface Tool {
  name: string;
  version: string;
}

type Json = Record<string, unknown>;

const prop = (name: string, value: string | undefined) => (value ? [{ name, value }] : []);

/** The BOM's serial number: a name-based UUID of the scans it was read from and its spec version. */
export function bomSerial(inv: Inventory, spec: CdxVersion): string {
  return uuidV5(`cyclonedx-${spec}\u0000${scanKey(inv)}`);
}

const appRef = (app: string) => `urn:secscan:app:${app}`;

function rootRef(inv: Inventory): string {
  if (inv.subject.kind === 'app') return appRef(inv.subject.name);
  return `urn:secscan:${inv.subject.kind}:${inv.subject.name}`;
}

/** An SPDX licence expression as the service may give one (`MIT`, `Apache-2.0 OR MIT`). */
export const licenseExpression =
  /^\(?[A-Za-z0-9][A-Za-z0-9.+-]*\)?(?: (?:AND|OR|WITH) \(?[A-Za-z0-9][A-Za-z0-9.+-]*\)?)*$/;

function licenses(p: SbomPackage): Json[] | undefined {
  if (!p.licenses.length) return undefined;
  const [only] = p.licenses;
  if (p.licenses.length === 1 && only && licenseExpression.test(only)) return [{ expression: only }];
  return p.licenses.map((name) => ({ license: { name } }));
}

const severities = new Set(['critical', 'high', 'medium', 'low', 'info', 'none']);

/** Where an advisory id is published. */
export function advisorySource(id: string): { name: string; url?: string } {
  if (/^CVE-\d{4}-\d+$/i.test(id)) return { name: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${id}` };
  if (/^GHSA(-[0-9a-z]{4}){3}$/i.test(id))
    return { name: 'GitHub', url: `https://github.com/advisories/${id}` };
  return { name: 'secscan' };
}

/**
 * A package's bom-ref: its purl with the %-escapes of `@`, `:` and `/` written out
 * (`pkg:npm/@babel/core@7.24.0`); the component's `purl` keeps the canonical form. cdxgen's validator (and the
 * tools built on it) refuse an encoded reference in `dependencies`.
 */
export function packageRef(purl: string): string {
  return purl.replace(/%40/g, '@').replace(/%3A/gi, ':').replace(/%2F/gi, '/');
}

function component(p: SbomPackage, several: boolean): Json {
  const l = licenses(p);
  const properties = [
    ...(several ? p.apps.map((app) => ({ name: 'secscan:app', value: app })) : []),
    ...(p.container ? [{ name: 'secscan:package_type', value: 'container_package' }] : []),
  ];
  return {
    type: 'library',
    'bom-ref': packageRef(p.purl),
    ...(p.namespace ? { group: p.namespace } : {}),
    name: p.name,
    ...(p.version ? { version: p.version } : {}),
    ...(l ? { licenses: l } : {}),
    purl: p.purl,
    ...(properties.length ? { properties } : {}),
  };
}

function vulnerability(inv: Inventory, v: SbomVulnerability, affects: string): Json {
  const advisory = inv.advisories.get(v.advisory);
  const source = advisorySource(v.advisory);
  const severity = severities.has(v.severity) ? v.severity : 'unknown';
  const a = v.analysis;
  return {
    'bom-ref': `urn:secscan:finding:${v.app}:${v.finding}`,
    id: v.advisory,
    source,
    ...(v.aliases.length ? { references: v.aliases.map((id) => ({ id, source: advisorySource(id) })) } : {}),
    ratings: [
      {
        source: { name: 'secscan' },
        ...(v.score !== undefined ? { score: v.score } : {}),
        severity,
        method: 'CVSSv31',
        ...(advisory?.vector ? { vector: advisory.vector } : {}),
      },
    ],
    ...(advisory?.cwes.length ? { cwes: advisory.cwes } : {}),
    description: advisory?.description ?? v.title,
    ...(v.title && advisory?.description ? { detail: v.title } : {}),
    ...(advisory?.references.length
      ? { advisories: advisory.references.map((r) => ({ title: r.name, url: r.url })) }
      : {}),
    ...(advisory?.published ? { published: advisory.published } : {}),
    ...(advisory?.updated ? { updated: advisory.updated } : {}),
    analysis: {
      state: a.state,
      ...(a.justification ? { justification: a.justification } : {}),
      ...(a.response ? { response: a.response } : {}),
      detail: a.detail,
    },
    affects: [{ ref: affects }],
    properties: [
      { name: 'secscan:app', value: v.app },
      { name: 'secscan:finding', value: v.finding },
      ...prop('secscan:reachability', v.reachability),
      { name: 'secscan:status', value: v.status },
      ...prop(
        'secscan:suppressed_by',
        a.suppression ? `${a.suppression.file}:${a.suppression.line}` : undefined,
      ),
      ...prop('secscan:suppression_expires', a.suppression?.expires),
      ...prop('secscan:suppression_owner', a.suppression?.owner),
      ...v.others.map((o) => ({
        name: 'secscan:other_finding',
        value: `${o.app} #${o.finding}: ${stateText(o.analysis)}`,
      })),
    ],
  };
}

function metadata(inv: Inventory, tool: Tool): Json {
  const one = inv.subject.kind === 'app' ? inv.scans[0] : undefined;
  const root: Json = {
    type: 'application',
    'bom-ref': rootRef(inv),
    name: inv.subject.name,
    ...(one?.version ? { version: one.version } : {}),
    properties: [
      { name: `secscan:${inv.subject.kind}`, value: inv.subject.name },
      ...prop('secscan:compound_id', inv.subject.kind === 'compound' ? inv.subject.id : undefined),
      ...prop('secscan:polyglot_scan', inv.polyglotScan),
      ...(one
        ? [
            { name: 'secscan:scan', value: one.id },
            ...prop('secscan:commit', one.version),
            ...prop('secscan:branch', one.branch),
          ]
        : []),
    ],
  };
  return {
    timestamp: inv.time,
    tools: { components: [{ type: 'application', name: tool.name, version: tool.version }] },
    component: root,
    properties: [
      { name: 'secscan:org', value: inv.org },
      ...inv.skipped.map((s) => ({ name: 'secscan:skipped_app', value: s.app })),
    ],
  };
}

/** The apps of a compound or an organization, each with the scan read. */
function appComponents(inv: Inventory): Json[] {
  if (inv.subject.kind === 'app') return [];
  return inv.scans.map((s) => ({
    type: 'application',
    'bom-ref': appRef(s.app),
    name: s.appName ?? s.app,
    ...(s.version ? { version: s.version } : {}),
    properties: [
      { name: 'secscan:app', value: s.app },
      ...prop('secscan:branch', s.branch),
      ...prop('secscan:commit', s.version),
      { name: 'secscan:scan', value: s.id },
      { name: 'secscan:scan_time', value: s.time },
    ],
  }));
}

/** Each app's packages; those the service ties to no app read hang on the subject itself. */
export function packagesByApp(inv: Inventory): { byApp: Map<string, string[]>; orphans: string[] } {
  const byApp = new Map<string, string[]>(inv.scans.map((s) => [s.app, []]));
  const orphans: string[] = [];
  for (const p of inv.packages) {
    const mine = p.apps.filter((app) => byApp.has(app));
    for (const app of mine) byApp.get(app)?.push(p.purl);
    if (!mine.length) orphans.push(p.purl);
  }
  return { byApp, orphans };
}

function dependencies(inv: Inventory): Json[] {
  if (inv.subject.kind === 'app') {
    return [{ ref: rootRef(inv), dependsOn: inv.packages.map((p) => packageRef(p.purl)) }];
  }
  const { byApp, orphans } = packagesByApp(inv);
  return [
    {
      ref: rootRef(inv),
      dependsOn: [...inv.scans.map((s) => appRef(s.app)), ...orphans.map(packageRef)].sort(byText),
    },
    ...[...byApp]
      .map(([app, purls]) => ({ ref: appRef(app), dependsOn: purls.map(packageRef).sort(byText) }))
      .sort((a, b) => byText(a.ref, b.ref)),
  ];
}

export function cyclonedx(inv: Inventory, spec: CdxVersion, tool: Tool, vexOnly = false): Json {
  const serial = bomSerial(inv, spec);
  const several = inv.subject.kind !== 'app';
  const doc: Json = {
    bomFormat: 'CycloneDX',
    specVersion: spec,
    serialNumber: `urn:uuid:${vexOnly ? uuidV5(`vex\u0000${serial}`) : serial}`,
    version: 1,
    metadata: metadata(inv, tool),
  };
  if (!vexOnly) {
    doc.components = [...appComponents(inv), ...inv.packages.map((p) => component(p, several))].sort((a, b) =>
      byText(String(a['bom-ref']), String(b['bom-ref'])),
    );
    doc.dependencies = dependencies(inv);
  }
  doc.vulnerabilities = inv.vulnerabilities.map((v) =>
    vulnerability(
      inv,
      v,
      vexOnly ? `urn:cdx:${serial}/1#${encodeURIComponent(packageRef(v.purl))}` : packageRef(v.purl),
    ),
  );
  uniqueRefs(doc);
  return doc;
}

/** Every bom-ref of the document once: a second would make consumers (Dependency-Track) refuse it. */
function uniqueRefs(doc: Json): void {
  const meta = doc.metadata as { component: Json };
  const refs = [
    meta.component,
    ...((doc.components as Json[]) ?? []),
    ...(doc.vulnerabilities as Json[]),
  ].map((x) => String(x['bom-ref']));
  const seen = new Set<string>();
  for (const ref of refs) {
    if (seen.has(ref)) {
      throw new UnexpectedResponseError(
        `the service's answers would give the document the bom-ref ${ref} twice`,
      );
    }
    seen.add(ref);
  }
}
