import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { PackageInfo } from '@secscan/api/schemas/sca';
import type { SandboxState } from '../state.js';
import { findingsOfScans } from './findings-query.js';
import { advisoryId } from './finding-shape.js';
import type { FindingRecord, ScanRecord } from '../model/analysis.js';

/**
 * A dependency finding's package and advisory; state files written before findings carried `dependency`
 * kept them in `details` (`purl`, `cve`, `cvss_score`, `fixed_in`).
 */
export function dependencyOf(f: FindingRecord): FindingRecord['dependency'] {
  if (f.dependency) return f.dependency;
  const d = f.details;
  if (typeof d.purl !== 'string' || !d.purl) return undefined;
  return {
    purl: d.purl,
    ...(typeof d.cve === 'string' ? { cve: d.cve, cvss: Number(d.cvss_score) } : {}),
    ...(typeof d.fixed_in === 'string' ? { fixed_in: d.fixed_in } : {}),
  };
}

/** Packages every scan of a language finds besides the vulnerable ones its findings name. */
const basePackages: Record<string, string[]> = {
  java: [
    'pkg:maven/org.springframework/spring-core@5.3.27',
    'pkg:maven/commons-io/commons-io@2.11.0',
    'pkg:maven/org.slf4j/slf4j-api@1.7.36',
    'pkg:maven/com.h2database/h2@2.1.214',
  ],
  go: [
    'pkg:golang/github.com/gorilla/mux@1.8.0',
    'pkg:golang/github.com/lib/pq@1.10.9',
    'pkg:golang/golang.org/x/crypto@0.14.0',
  ],
  javascript: ['pkg:npm/express@4.18.2', 'pkg:npm/react@18.2.0', 'pkg:npm/axios@1.6.0'],
  python: ['pkg:pypi/flask@2.3.3', 'pkg:pypi/jinja2@3.1.2', 'pkg:pypi/gunicorn@21.2.0'],
};

const licenses: Record<string, string> = {
  'log4j-core': 'Apache-2.0',
  'jackson-databind': 'Apache-2.0',
  'spring-core': 'Apache-2.0',
  'commons-io': 'Apache-2.0',
  'slf4j-api': 'MIT',
  h2: 'MPL-2.0',
  logrus: 'MIT',
  net: 'BSD-3-Clause',
  mux: 'BSD-3-Clause',
  pq: 'MIT',
  crypto: 'BSD-3-Clause',
  log4js: 'Apache-2.0',
  lodash: 'MIT',
  express: 'MIT',
  react: 'MIT',
  axios: 'MIT',
  loguru: 'MIT',
  requests: 'Apache-2.0',
  flask: 'BSD-3-Clause',
  jinja2: 'BSD-3-Clause',
  gunicorn: 'MIT',
  openssl: 'Apache-2.0',
  saml: 'BSD-2-Clause',
  minimist: 'MIT',
  pyyaml: 'MIT',
  urllib3: 'MIT',
  'commons-collections': 'Apache-2.0',
  errors: 'BSD-2-Clause',
  request: 'Apache-2.0',
  nose: 'LGPL-2.1-only',
};

export interface ParsedPurl {
  type: string;
  namespace: string;
  name: string;
  version: string;
}

/** `pkg:<type>/<namespace>/<name>@<version>`; undefined when the text is not a package URL. */
export function parsePurl(purl: string): ParsedPurl | undefined {
  const m = /^pkg:([a-z][a-z0-9.+-]*)\/([^@?#]+?)(?:@([^?#]+))?(?:[?#].*)?$/i.exec(purl);
  if (!m) return undefined;
  const path = decodeURIComponent(m[2] as string).split('/');
  const name = path.pop() as string;
  return { type: (m[1] as string).toLowerCase(), namespace: path.join('/'), name, version: m[3] ?? '' };
}

export function licenseOf(name: string): string {
  return licenses[name] ?? 'NOASSERTION';
}

export interface PackageRow extends Record<string, unknown> {
  package: string;
  package_url: string;
  name: string;
  namespace: string;
  type: string;
  version: string;
  license: string;
  first_seen: string;
  total_vulns: number;
  total_reachable: number;
  total_exploitable: number;
  total_apps: number;
  risk_type: {
    is_malicious: boolean;
    is_squatted: boolean;
    is_abandoned: boolean;
    is_repo_hijackable: boolean;
  };
  apps: string[];
}

/** The packages found by some scans: the language's usual ones and every package a finding names. */
export function scanPackages(state: SandboxState, scans: readonly ScanRecord[]): PackageRow[] {
  const rows = new Map<string, PackageRow>();
  const row = (purl: string, app: string, seen: string, kind: string): PackageRow | undefined => {
    const p = parsePurl(purl);
    if (!p) return undefined;
    let r = rows.get(purl);
    if (!r) {
      r = {
        package: p.namespace ? `${p.namespace}/${p.name}` : p.name,
        package_url: purl,
        name: p.name,
        namespace: p.namespace,
        type: kind === 'container' ? 'container_package' : p.type,
        version: p.version,
        license: licenseOf(p.name),
        first_seen: seen,
        total_vulns: 0,
        total_reachable: 0,
        total_exploitable: 0,
        total_apps: 0,
        risk_type: {
          is_malicious: false,
          is_squatted: false,
          is_abandoned: false,
          is_repo_hijackable: false,
        },
        apps: [],
      };
      rows.set(purl, r);
    }
    if (!r.apps.includes(app)) {
      r.apps.push(app);
      r.total_apps = r.apps.length;
    }
    if (seen < r.first_seen) r.first_seen = seen;
    return r;
  };
  for (const scan of scans) {
    for (const purl of basePackages[scan.language] ?? []) row(purl, scan.app, scan.started_at, 'package');
  }
  for (const f of findingsOfScans(state, scans)) {
    const purl = dependencyOf(f)?.purl;
    if (!purl) continue;
    const scan = scans.find((s) => s.app === f.app);
    const r = row(purl, f.app, f.created_at ?? scan?.started_at ?? '', f.type);
    if (!r || !dependencyOf(f)?.cve) continue;
    r.total_vulns++;
    if (f.reachable) r.total_reachable++;
    if (f.exploitable) r.total_exploitable++;
  }
  return [...rows.values()];
}

const sortKeys: Record<string, (r: PackageRow) => string | number> = {
  package: (r) => r.package,
  url: (r) => r.package_url,
  name: (r) => r.name,
  namespace: (r) => r.namespace,
  type: (r) => r.type,
  version: (r) => r.version,
  license: (r) => r.license,
  created_at: (r) => r.first_seen,
  num_vulns: (r) => r.total_vulns,
  num_reachable: (r) => r.total_reachable,
  num_exploitable: (r) => r.total_exploitable,
};
export const packageSorts = Object.keys(sortKeys);

export function sortPackages(
  rows: PackageRow[],
  sort: string | undefined,
  order: string | undefined,
): PackageRow[] {
  const key = sortKeys[sort ?? 'url'] ?? sortKeys.url;
  const dir = order === 'desc' ? -1 : 1;
  return rows.sort((a, b) => {
    const x = key?.(a) ?? '';
    const y = key?.(b) ?? '';
    return (x < y ? -1 : x > y ? 1 : a.package_url.localeCompare(b.package_url)) * dir;
  });
}

/** CVEs the sandbox knows, by package name: those of the seeded dependency findings. */
export function packageInfo(state: SandboxState, purl: string): PayloadOf<typeof PackageInfo> {
  const p = parsePurl(purl);
  const cves = new Map<string, Record<string, unknown>>();
  if (p) {
    for (const f of state.analysis.findings) {
      const dep = dependencyOf(f);
      const fp = dep ? parsePurl(dep.purl) : undefined;
      const cve = dep?.cve;
      if (!fp || !cve || fp.name !== p.name || fp.type !== p.type || cves.has(cve)) continue;
      if (p.version && p.version !== fp.version) continue;
      const score = Number(dep.cvss);
      cves.set(cve, {
        id: cve,
        internalId: advisoryId(cve),
        assigner: 'GitHub',
        cweIds: [`CWE-${f.cwe}`],
        references: [
          {
            url: `https://nvd.nist.gov/vuln/detail/${cve}`,
            name: cve,
            refsource: 'NVD',
            tags: [],
          },
        ],
        descriptions: [{ lang: 'en', value: `${f.title}. Fixed in ${dep.fixed_in ?? 'no release yet'}.` }],
        impact: {
          exploitabilityScore: 3.9,
          impactScore: Math.min(6, score),
          cvssV3: {
            version: '3.1',
            baseScore: score,
            baseSeverity: score >= 9 ? 'CRITICAL' : score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW',
          },
        },
        publishedDate: '2021-12-10T10:15:00Z',
        lastModifiedDate: '2023-04-03T20:15:00Z',
      });
    }
  }
  return {
    purl,
    licenses: p ? [licenseOf(p.name)].filter((l) => l !== 'NOASSERTION') : [],
    cves: [...cves.values()],
  };
}
