import type { FindingRecord, ScanRecord } from '../model/analysis.js';
import { severityRank } from '../analysis/shape.js';
import { type OwaspYear, owaspYears } from '@secscan/api/values';
import type { AppRecord, SandboxState } from '../state.js';

export type ReportKind = 'pci' | `owasp-${OwaspYear}` | 'cwe';

export interface ReportFinding {
  id: string;
  severity: string;
  title: string;
  status: string;
  location: string;
  comments: { at: string; who: string; text: string }[];
}

/** What the HTML and the PDF of a report both show: findings of one scan, grouped by the report's taxonomy. */
export interface ReportModel {
  title: string;
  subtitle: string;
  /** Label and value pairs under the title (organization, app, scan, filters, time). */
  facts: [string, string][];
  totals: [string, number][];
  groups: { title: string; findings: ReportFinding[] }[];
}

const owasp2021: Record<string, string> = {
  'a01-broken-access-control': 'A01:2021 Broken Access Control',
  'a02-cryptographic-failures': 'A02:2021 Cryptographic Failures',
  'a03-injection': 'A03:2021 Injection',
  'a04-insecure-design': 'A04:2021 Insecure Design',
  'a05-security-misconfiguration': 'A05:2021 Security Misconfiguration',
  'a06-vulnerable-and-outdated-components': 'A06:2021 Vulnerable and Outdated Components',
  'a07-identification-and-authentication-failures': 'A07:2021 Identification and Authentication Failures',
  'a08-software-and-data-integrity-failures': 'A08:2021 Software and Data Integrity Failures',
  'a09-security-logging-and-monitoring-failures': 'A09:2021 Security Logging and Monitoring Failures',
  'a10-server-side-request-forgery-(ssrf)': 'A10:2021 Server-Side Request Forgery (SSRF)',
};

const owasp2017: Record<string, string> = {
  'a1-injection': 'A1:2017 Injection',
  'a2-broken-authentication': 'A2:2017 Broken Authentication',
  'a3-sensitive-data-exposure': 'A3:2017 Sensitive Data Exposure',
  'a4-xml-external-entities': 'A4:2017 XML External Entities (XXE)',
  'a5-broken-access-control': 'A5:2017 Broken Access Control',
  'a6-security-misconfiguration': 'A6:2017 Security Misconfiguration',
  'a7-cross-site-scripting': 'A7:2017 Cross-Site Scripting (XSS)',
  'a8-insecure-deserialization': 'A8:2017 Insecure Deserialization',
  'a9-using components with known vulnerabilities': 'A9:2017 Using Components with Known Vulnerabilities',
};

/** Each edition of owaspYears: a finding's category in it, and its categories' names (tsc asks for each). */
const owaspEditions = {
  '2017': { of: (f: FindingRecord) => f.owasp_2017, names: owasp2017 },
  '2021': { of: (f: FindingRecord) => f.owasp_category, names: owasp2021 },
} satisfies Record<OwaspYear, { of: (f: FindingRecord) => string; names: Record<string, string> }>;

/** A finding's category key in an OWASP edition ('' when it has none). */
export function owaspCategory(year: OwaspYear, f: FindingRecord): string {
  return owaspEditions[year].of(f);
}

/** PCI DSS v4.0 requirements the findings of each OWASP 2021 category bear on. */
const pciRequirements: Record<string, string> = {
  'a01-broken-access-control': '6.2.4 Attacks on access control mechanisms',
  'a02-cryptographic-failures': '6.2.4 Attacks on cryptography usage; 4.2.1 Strong cryptography',
  'a03-injection': '6.2.4 Injection attacks',
  'a04-insecure-design': '6.2.4 Attacks on business logic',
  'a05-security-misconfiguration': '2.2 Secure system configuration',
  'a06-vulnerable-and-outdated-components': '6.3.3 Known vulnerabilities in components are patched',
  'a07-identification-and-authentication-failures': '8.3 Strong authentication',
  'a08-software-and-data-integrity-failures': '6.2.4 Attacks on data and data structures',
  'a09-security-logging-and-monitoring-failures': '10.2 Audit logs',
  'a10-server-side-request-forgery-(ssrf)': '6.2.4 Attacks on business logic (request forgery)',
};

const severityOrder = ['critical', 'high', 'medium', 'low'];

function location(f: FindingRecord): string {
  const d = f.details as Record<string, unknown>;
  const fileLocations = d.file_locations;
  if (Array.isArray(fileLocations) && typeof fileLocations[0] === 'string') return fileLocations[0];
  const file = d.file_name ?? d.fileName;
  const line = d.line_number ?? d.lineNumber;
  const where = typeof file === 'string' ? `${file}${line === undefined ? '' : `:${String(line)}`}` : '';
  const pkg = typeof d.package === 'string' && d.package ? `${d.package}@${String(d.version ?? '')}` : '';
  return [pkg, where].filter(Boolean).join(' in ');
}

function when(iso: string, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: tz, dateStyle: 'medium', timeStyle: 'long' }).format(
    new Date(iso),
  );
}

export interface ReportInput {
  kind: ReportKind;
  state: SandboxState;
  app: AppRecord;
  scan: ScanRecord;
  findings: FindingRecord[];
  statuses: string[];
  comments: boolean;
  ignoreInfo: boolean;
  tz: string;
  now?: Date;
}

export function reportModel(input: ReportInput): ReportModel {
  const { kind, state, app, scan, tz } = input;
  const wanted = input.statuses.includes('any') ? undefined : input.statuses;
  const findings = input.findings
    .filter((f) => !wanted || wanted.includes(f.status))
    .filter((f) => !input.ignoreInfo || f.type !== 'insight')
    .sort(
      (a, b) =>
        (severityRank[b.severity] ?? 0) - (severityRank[a.severity] ?? 0) || Number(a.id) - Number(b.id),
    );
  const groupOf = (f: FindingRecord): string => {
    if (kind === 'cwe') return `CWE-${f.cwe} ${f.category}`;
    if (kind.startsWith('owasp-')) {
      const edition = owaspEditions[kind.slice('owasp-'.length) as OwaspYear];
      return edition.names[edition.of(f)] ?? 'Uncategorized';
    }
    if (f.type === 'secret') return '8.3.2 / 3.5 Credentials and keys are not stored in source code';
    return pciRequirements[f.owasp_category] ?? '6.2.4 Other software attacks';
  };
  const groups = new Map<string, ReportFinding[]>();
  for (const f of findings) {
    const title = groupOf(f);
    const comments = input.comments
      ? state.analysis.comments
          .filter((c) => c.finding_id === f.id && c.app_id === f.app)
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
          .map((c) => ({ at: when(c.created_at, tz), who: c.owner.name || c.owner.email, text: c.comment }))
      : [];
    const list = groups.get(title) ?? [];
    list.push({
      id: f.id,
      severity: f.severity,
      title: f.title,
      status: f.status,
      location: location(f),
      comments,
    });
    groups.set(title, list);
  }
  const titles: Record<ReportKind, string> = {
    pci: 'PCI DSS report',
    ...(Object.fromEntries(owaspYears.map((y) => [`owasp-${y}`, `OWASP Top 10 ${y} report`])) as Record<
      `owasp-${OwaspYear}`,
      string
    >),
    cwe: 'CWE report',
  };
  const facts: [string, string][] = [
    ['Organization', state.org.name],
    ['Application', `${app.name} (${app.id})`],
    ['Scan', `${scan.id}, version ${scan.version} on ${scan.branch}`],
    ['Scanned', when(scan.completed_at ?? scan.started_at, tz)],
    ['Statuses', wanted ? wanted.join(', ') : 'any'],
  ];
  if (kind === 'pci') facts.push(['Informational findings', input.ignoreInfo ? 'left out' : 'included']);
  facts.push(['Generated', `${when((input.now ?? new Date()).toISOString(), tz)} (${tz})`]);
  return {
    title: titles[kind],
    subtitle: `${app.name}, scan ${scan.id}`,
    facts,
    totals: [
      ...severityOrder.map((s): [string, number] => [s, findings.filter((f) => f.severity === s).length]),
      ['total', findings.length],
    ],
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .map(([title, list]) => ({ title, findings: list })),
  };
}
