import { advisorySource, licenseExpression, packagesByApp } from './cyclonedx.js';
import { UnexpectedResponseError } from '../errors.js';
import { byText, digest, uuidV5 } from './ids.js';
import { type Inventory, type SbomVulnerability, scanKey } from './model.js';
import { openVexJustification, stateText } from './vex.js';

/**
 * SPDX 2.3 JSON of an inventory: the subject (and a compound's or organization's apps) as packages of
 * purpose APPLICATION, each package with its purl as a PACKAGE-MANAGER reference, and each dependency
 * finding a SECURITY `advisory` reference on its package whose comment carries the VEX analysis (SPDX 2.3
 * has no VEX of its own). The document DESCRIBES the subject, the subject CONTAINS its apps, and each
 * app DEPENDS_ON its packages, so every package is reached from SPDXRef-DOCUMENT.
 */

interface Tool {
  name: string;
  version: string;
}

type Json = Record<string, unknown>;

/** `SPDXRef-` then letters, digits, `.` and `-`: a readable part and a digest that keeps it unique. */
function spdxId(kind: string, readable: string, key: string): string {
  const part = readable
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `SPDXRef-${kind}-${part ? `${part}-` : ''}${digest(key, 12)}`;
}

/** SPDX times have no fraction: 2026-09-16T09:07:00Z. */
const spdxTime = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');

/** A reference locator has no white space. */
const locator = (text: string) => text.replace(/\s+/g, '-');

/**
 * The VEX analysis in words: the state, CycloneDX's justification with the OpenVEX (and SPDX 3) term for it,
 * the response, why.
 */
function vexComment(v: SbomVulnerability): string {
  const a = v.analysis;
  const justification = a.justification
    ? ` (${a.justification}; OpenVEX ${openVexJustification[a.justification]})`
    : '';
  const words = [
    `${v.advisory}${v.aliases.length ? ` (${v.aliases.join(', ')})` : ''}`,
    `severity ${v.severity || 'unknown'}${v.score !== undefined ? ` (CVSS ${v.score})` : ''}`,
    `app ${v.app} finding ${v.finding}${v.others.map((o) => `, app ${o.app} finding ${o.finding} (${stateText(o.analysis)})`).join('')}`,
    `VEX ${a.state}${justification}${a.response ? ` response ${a.response.join(', ')}` : ''}: ${a.detail}`,
  ];
  return words.join('; ');
}

function advisoryRef(v: SbomVulnerability): Json {
  const url = advisorySource(v.advisory).url;
  return url
    ? {
        referenceCategory: 'SECURITY',
        referenceType: 'advisory',
        referenceLocator: url,
        comment: vexComment(v),
      }
    : {
        referenceCategory: 'OTHER',
        referenceType: 'secscan-advisory',
        referenceLocator: locator(v.advisory),
        comment: vexComment(v),
      };
}

export function spdx(inv: Inventory, tool: Tool): Json {
  const key = scanKey(inv);
  const uuid = uuidV5(`spdx-2.3\u0000${key}`);
  const rootId =
    inv.subject.kind === 'app'
      ? spdxId('App', inv.subject.name, `app\u0000${inv.subject.name}`)
      : spdxId(
          inv.subject.kind === 'compound' ? 'Compound' : 'Organization',
          inv.subject.name,
          `${inv.subject.kind}\u0000${inv.subject.name}`,
        );
  const appId = (app: string) =>
    inv.subject.kind === 'app' ? rootId : spdxId('App', app, `app\u0000${app}`);
  const pkgId = (purl: string) => spdxId('Package', purl.replace(/^pkg:/, ''), purl);
  const one = inv.subject.kind === 'app' ? inv.scans[0] : undefined;
  const scanLine = (s: (typeof inv.scans)[number]) =>
    `scan ${s.id} of app ${s.app}${s.branch ? ` on branch ${s.branch}` : ''}${s.version ? ` at ${s.version}` : ''}, ${s.time}`;

  const root: Json = {
    SPDXID: rootId,
    name: inv.subject.name,
    ...(one?.version ? { versionInfo: one.version } : {}),
    downloadLocation: 'NOASSERTION',
    filesAnalyzed: false,
    primaryPackagePurpose: 'APPLICATION',
    comment:
      inv.subject.kind === 'app' && one
        ? `secscan: ${scanLine(one)}`
        : `secscan: ${inv.subject.kind} ${inv.subject.name}${inv.polyglotScan ? `, compound scan ${inv.polyglotScan}` : ''}`,
  };
  const apps: Json[] =
    inv.subject.kind === 'app'
      ? []
      : inv.scans.map((s) => ({
          SPDXID: appId(s.app),
          name: s.appName ?? s.app,
          ...(s.version ? { versionInfo: s.version } : {}),
          downloadLocation: 'NOASSERTION',
          filesAnalyzed: false,
          primaryPackagePurpose: 'APPLICATION',
          comment: `secscan: ${scanLine(s)}`,
        }));
  const vulnsOf = new Map<string, SbomVulnerability[]>();
  for (const v of inv.vulnerabilities) vulnsOf.set(v.purl, [...(vulnsOf.get(v.purl) ?? []), v]);
  const packages: Json[] = inv.packages.map((p) => {
    const valid = p.licenses.every((l) => licenseExpression.test(l));
    const declared =
      p.licenses.length && valid
        ? p.licenses.length === 1
          ? (p.licenses[0] as string)
          : p.licenses.map((l) => (l.includes(' ') ? `(${l})` : l)).join(' AND ')
        : 'NOASSERTION';
    return {
      SPDXID: pkgId(p.purl),
      name: p.namespace ? `${p.namespace}/${p.name}` : p.name,
      ...(p.version ? { versionInfo: p.version } : {}),
      downloadLocation: 'NOASSERTION',
      filesAnalyzed: false,
      licenseConcluded: 'NOASSERTION',
      licenseDeclared: declared,
      ...(p.licenses.length && !valid
        ? { licenseComments: `as the service names it: ${p.licenses.join('; ')}` }
        : {}),
      copyrightText: 'NOASSERTION',
      primaryPackagePurpose: 'LIBRARY',
      ...(p.container ? { comment: 'found in the container image (the service’s container_package)' } : {}),
      externalRefs: [
        { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: locator(p.purl) },
        ...(vulnsOf.get(p.purl) ?? []).map(advisoryRef),
      ],
    };
  });
  const relationships: Json[] = [
    { spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: rootId },
  ];
  if (inv.subject.kind === 'app') {
    for (const p of inv.packages) {
      relationships.push({
        spdxElementId: rootId,
        relationshipType: 'DEPENDS_ON',
        relatedSpdxElement: pkgId(p.purl),
      });
    }
  } else {
    const { byApp, orphans } = packagesByApp(inv);
    for (const s of inv.scans) {
      relationships.push({
        spdxElementId: rootId,
        relationshipType: 'CONTAINS',
        relatedSpdxElement: appId(s.app),
      });
    }
    for (const purl of orphans) {
      relationships.push({
        spdxElementId: rootId,
        relationshipType: 'DEPENDS_ON',
        relatedSpdxElement: pkgId(purl),
      });
    }
    for (const [app, purls] of [...byApp].sort(([a], [b]) => byText(a, b))) {
      for (const purl of purls) {
        relationships.push({
          spdxElementId: appId(app),
          relationshipType: 'DEPENDS_ON',
          relatedSpdxElement: pkgId(purl),
        });
      }
    }
  }
  const ids = new Set<string>();
  for (const p of [root, ...apps, ...packages]) {
    const id = String(p.SPDXID);
    if (ids.has(id)) {
      throw new UnexpectedResponseError(
        `the service's answers would give the document the SPDXID ${id} twice`,
      );
    }
    ids.add(id);
  }
  const name = `${inv.subject.kind}-${inv.subject.name}`;
  return {
    spdxVersion: 'SPDX-2.3',
    dataLicense: 'CC0-1.0',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: `secscan sbom of ${inv.subject.kind} ${inv.subject.name}`,
    documentNamespace: `https://spdx.org/spdxdocs/secscan-${encodeURIComponent(name)}-${uuid}`,
    creationInfo: {
      created: spdxTime(inv.time),
      creators: [`Tool: ${tool.name}-${tool.version}`],
      comment: [
        `Read from the service's packages and dependency findings of organization ${inv.org}.`,
        ...inv.scans.map((s) => `${scanLine(s)}.`),
        ...inv.skipped.map((s) => `Left out: app ${s.app} (${s.reason}).`),
      ].join(' '),
    },
    packages: [root, ...apps, ...packages].sort((a, b) =>
      a === root ? -1 : b === root ? 1 : byText(String(a.SPDXID), String(b.SPDXID)),
    ),
    relationships,
  };
}
