import type { Prng } from '../random.js';
import { type FindingTemplate, findingTemplates, languageOfApp } from './catalog.js';
import { makeFinding } from './finding-shape.js';
import type {
  AnalysisSection,
  CommentRecord,
  CompoundRecord,
  FindingRecord,
  FindingStatus,
  PolyglotScanRecord,
  ScanRecord,
} from '../model/analysis.js';

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
const drawn = findingTemplates.filter((t) => !t.placed);
/** `--findings N` cycles through every template that is seeded. */
const seeded = findingTemplates.filter((t) => !t.onRequest);
/** Finding types every client must read, placed on chosen apps rather than drawn at random. */
const placed: Record<string, string[]> = {
  'shiftleft-java-demo': ['tls-verification-off', 'unmaintained-package'],
  'web-frontend': ['unmaintained-package'],
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
    const id = String(this.section.next.finding++);
    const record = makeFinding({ id, app, language, template, introduced, status }, this.rng);
    if (this.rng.next() < 0.4) record.assignee = this.rng.pick(this.people).email;
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
      const template = bulk ? seeded[i % seeded.length] : drawn[this.rng.int(0, drawn.length - 1)];
      if (!template) continue;
      // The second finding of every app is the regression: in the first scan, gone, then back.
      const regression = !bulk && i === 1;
      const drawnFrom = bulk ? 3 : this.rng.pick([0, 0, 0, 1, 2, 3]);
      const from = regression ? 0 : drawnFrom;
      const drawnFix =
        !bulk && this.rng.next() < 0.25 ? this.rng.int(drawnFrom + 1, defaultRounds) : undefined;
      const fixedAt = regression ? undefined : drawnFix;
      const present = rounds.filter((_, r) => {
        if (regression) return r === 0 || r >= 3;
        return r >= from && (fixedAt === undefined || r < fixedAt);
      });
      const gone = fixedAt !== undefined && fixedAt < defaultRounds;
      // The third is ignored (unless fixed): every app has a triaged finding.
      const drawnStatus = this.status();
      const status = gone ? 'fixed' : !bulk && i === 2 ? 'ignored' : drawnStatus;
      const finding = this.finding(app.id, language, template, present[0] as ScanRecord, status);
      for (const scan of present) scan.finding_ids.push(finding.id);
    }
    for (const key of bulk ? [] : (placed[app.id] ?? [])) {
      const template = findingTemplates.find((t) => t.key === key) as FindingTemplate;
      const finding = this.finding(app.id, language, template, rounds[1] as ScanRecord, 'unset');
      for (const scan of rounds.slice(1)) scan.finding_ids.push(finding.id);
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
