import type { Prng } from '../random.js';
import { type FindingTemplate, findingTemplates, languageOfApp, sourceFiles } from './catalog.js';
import type {
  AnalysisSection,
  CommentRecord,
  CompoundRecord,
  FindingRecord,
  FindingStatus,
  PolyglotScanRecord,
  ScanRecord,
} from './model.js';

export interface AnalysisSeedOptions {
  /** Give `shiftleft-java-demo` this many findings (for benchmarks) instead of its usual dozen. */
  findings?: number;
}

interface AppInput {
  id: string;
  base_branch: string;
}

interface Person {
  email: string;
  name: string;
}

const defaultRounds = 5;
const manifests: Record<string, string> = {
  java: 'pom.xml',
  go: 'go.mod',
  javascript: 'package.json',
  python: 'requirements.txt',
};
const featureBranches: Record<string, string> = {
  'shiftleft-java-demo': 'feature/login',
  'payments-api': 'feature/checkout',
  'web-frontend': 'feature/checkout',
};
const compoundsOf = [
  { name: 'shop', apps: ['web-frontend', 'payments-api', 'ledger-service'], archived: false },
  { name: 'java-demo', apps: ['shiftleft-java-demo'], archived: false },
  { name: 'legacy-docs', apps: ['docs-site'], archived: true },
];
const base = Date.UTC(2026, 8, 1, 9, 0, 0);
const hour = 3_600_000;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function hex(rng: Prng, n: number): string {
  return rng
    .bytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n);
}

class Builder {
  readonly section: AnalysisSection = {
    scans: [],
    findings: [],
    compounds: [],
    polyglotScans: [],
    comments: [],
    next: { scan: 1000, finding: 1, comment: 1, polyglot: 1 },
  };

  /** The round (compound scan) each app scan belongs to. */
  private readonly roundOf = new Map<string, number>();

  constructor(
    private readonly rng: Prng,
    private readonly people: readonly Person[],
  ) {}

  finding(
    app: string,
    language: string,
    template: FindingTemplate,
    introduced: ScanRecord,
    status: FindingStatus,
  ): FindingRecord {
    const { rng } = this;
    const id = String(this.section.next.finding++);
    const file = rng.pick(sourceFiles[language] ?? sourceFiles.java ?? []);
    const line = rng.int(12, 480);
    const reachable = template.type === 'vuln' || rng.next() < 0.5;
    const dep = template.dependency;
    const purl = dep
      ? `${dep.packages[language] ?? Object.values(dep.packages)[0]}@${dep.version}`
      : undefined;
    const details: Record<string, string | number> = dep
      ? {
          file_name: manifests[language] ?? 'manifest',
          line_number: rng.int(5, 80),
          package: purl?.split('@')[0] ?? '',
          version: dep.version,
          purl: purl ?? '',
          cve: dep.cve,
          cvss_score: dep.cvss,
          fixed_in: dep.fixedIn,
        }
      : {
          file_name: file,
          line_number: line,
          method_name: `${file.split('/').pop()?.split('.')[0] ?? 'main'}.handle${rng.int(1, 9)}`,
          ...(template.type === 'secret' ? { secret_type: 'API key' } : {}),
        };
    const tags = [
      { key: 'category', value: template.category },
      { key: 'cwe_category', value: String(template.cwe) },
      { key: 'language', value: language },
      { key: 'owasp_category', value: template.owasp },
      { key: 'reachability', value: reachable ? 'reachable' : 'unreachable' },
      ...(dep && purl
        ? [
            { key: 'package_url', value: purl },
            { key: 'cve', value: dep.cve },
            { key: 'cvss_score', value: dep.cvss },
          ]
        : []),
    ];
    const record: FindingRecord = {
      id,
      app,
      type: template.type,
      title: template.title,
      description: `${template.description} Seen in ${details.file_name}${dep ? '' : ` at line ${line}`}.`,
      severity: template.severity,
      owasp_category: template.owasp,
      owasp_2017: template.owasp2017,
      category: template.category,
      cwe: template.cwe,
      status,
      version_first_seen: introduced.version,
      internal_id: `${template.key}/${app}/${hex(rng, 8)}`,
      created_at: introduced.started_at,
      reachable,
      exploitable: reachable && (template.severity === 'critical' || template.severity === 'high'),
      has_ai_fix: template.type === 'vuln' || template.type === 'oss_vuln',
      details,
      tags,
      fix: { fix: template.fix, fix_notes: `Suggested for ${template.category} (CWE-${template.cwe}).` },
    };
    if (rng.next() < 0.4) record.assignee = rng.pick(this.people).email;
    this.section.findings.push(record);
    return record;
  }

  scan(
    app: string,
    language: string,
    branch: string,
    isDefault: boolean,
    round: number,
    appIndex: number,
  ): ScanRecord {
    const { rng } = this;
    const started = base + round * 72 * hour + appIndex * hour + (isDefault ? 0 : 36 * hour);
    const version = hex(rng, 7);
    const record: ScanRecord = {
      id: String(this.section.next.scan++),
      app,
      version,
      branch,
      is_default_branch: isDefault,
      status: 'completed',
      started_at: iso(started),
      completed_at: iso(started + rng.int(3, 12) * 60_000),
      language,
      number_of_expressions: rng.int(20_000, 400_000),
      tags: { branch, commit: version },
      oss_info: { enabled: true, successful: true, failure_reason: '' },
      finding_ids: [],
    };
    this.section.scans.push(record);
    this.roundOf.set(record.id, round);
    return record;
  }

  status(): FindingStatus {
    const r = this.rng.next();
    return r < 0.12 ? 'ignored' : r < 0.17 ? '3rdparty' : 'unset';
  }

  /** Default-branch history with fixes and one regression, and a feature branch off the third scan. */
  app(app: AppInput, appIndex: number, options: AnalysisSeedOptions): void {
    const language = languageOfApp[app.id] ?? 'java';
    const rounds = Array.from({ length: defaultRounds }, (_, r) =>
      this.scan(app.id, language, app.base_branch, true, r + 1, appIndex),
    );
    const bulk = options.findings !== undefined && app.id === 'shiftleft-java-demo';
    const count = bulk ? (options.findings as number) : this.rng.int(10, 14);
    for (let i = 0; i < count; i++) {
      const template =
        findingTemplates[bulk ? i % findingTemplates.length : this.rng.int(0, findingTemplates.length - 1)];
      if (!template) continue;
      const from = bulk ? 3 : this.rng.pick([0, 0, 0, 1, 2, 3]);
      const fixedAt = bulk
        ? undefined
        : this.rng.next() < 0.25
          ? this.rng.int(from + 1, defaultRounds)
          : undefined;
      const regression = !bulk && fixedAt === undefined && from === 0 && i === 1;
      const present = rounds.filter((_, r) => {
        if (regression) return r === 0 || r >= 3;
        return r >= from && (fixedAt === undefined || r < fixedAt);
      });
      const gone = fixedAt !== undefined && fixedAt < defaultRounds;
      const finding = this.finding(
        app.id,
        language,
        template,
        present[0] as ScanRecord,
        gone ? 'fixed' : this.status(),
      );
      for (const scan of present) scan.finding_ids.push(finding.id);
    }
    const branch = featureBranches[app.id];
    if (branch && !bulk) this.featureBranch(app.id, language, branch, rounds[2] as ScanRecord, appIndex);
    if (app.id === 'ledger-service') {
      const failed = this.scan(app.id, language, app.base_branch, true, defaultRounds + 1, appIndex);
      failed.status = 'failed';
      failed.oss_info = {
        enabled: true,
        successful: false,
        failure_reason: 'dependency resolution timed out',
      };
    }
  }

  featureBranch(
    app: string,
    language: string,
    branch: string,
    forkedFrom: ScanRecord,
    appIndex: number,
  ): void {
    const first = this.scan(app, language, branch, false, 3, appIndex);
    const second = this.scan(app, language, branch, false, 4, appIndex);
    // The branch fixes the first inherited finding and introduces two new ones.
    first.finding_ids.push(...forkedFrom.finding_ids);
    second.finding_ids.push(...forkedFrom.finding_ids.slice(1));
    for (const key of ['sqli', 'secret']) {
      const template = findingTemplates.find((t) => t.key === key) as FindingTemplate;
      const finding = this.finding(app, language, template, second, 'unset');
      second.finding_ids.push(finding.id);
    }
  }

  compounds(): void {
    for (const spec of compoundsOf) {
      const compound: CompoundRecord = {
        id: this.rng.uuid(),
        name: spec.name,
        archived: spec.archived,
        app_ids: spec.apps,
      };
      this.section.compounds.push(compound);
      const scans = this.section.scans.filter((s) => spec.apps.includes(s.app));
      const key = (s: ScanRecord) => `${String(this.roundOf.get(s.id)).padStart(3, '0')}\u0000${s.branch}`;
      for (const group of [...new Set(scans.map(key))].sort()) {
        const members = scans.filter((s) => key(s) === group);
        const branch = members[0]?.branch as string;
        const first = members[0] as ScanRecord;
        const polyglot: PolyglotScanRecord = {
          id: this.section.next.polyglot++,
          compound_id: compound.id,
          branch,
          version: first.version,
          status: members.some((m) => m.status === 'failed') ? 'failed' : 'completed',
          started_at: first.started_at,
          completed_at: members
            .map((m) => m.completed_at ?? m.started_at)
            .sort()
            .pop() as string,
          tags: { branch },
          scan_ids: members.map((m) => m.id),
        };
        for (const member of members) member.polyglot_scan_id = polyglot.id;
        this.section.polyglotScans.push(polyglot);
      }
    }
  }

  comments(): void {
    const candidates = this.section.findings.filter((f) => f.status !== 'unset').slice(0, 6);
    for (const finding of candidates) {
      const owner = this.rng.pick(this.people);
      const comment: CommentRecord = {
        id: String(this.section.next.comment++),
        app_id: finding.app,
        finding_id: finding.id,
        created_at: iso(Date.parse(finding.created_at) + 5 * hour),
        owner: { email: owner.email, name: owner.name },
        comment:
          finding.status === 'ignored'
            ? 'Not exploitable: the input is validated upstream.'
            : `Marked ${finding.status} after review.`,
      };
      this.section.comments.push(comment);
    }
  }
}

/** Scans per app and branch, findings with fixes and a regression, compounds with their compound scans. */
export function seedAnalysis(
  rng: Prng,
  apps: readonly AppInput[],
  people: readonly Person[],
  options: AnalysisSeedOptions = {},
): AnalysisSection {
  const builder = new Builder(rng, people);
  for (const [index, app] of apps.entries()) builder.app(app, index, options);
  builder.compounds();
  builder.comments();
  return builder.section;
}
