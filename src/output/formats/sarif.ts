// SARIF 2.1.0, in one place: the rules and results of findings, the log written as findings arrive (one run
// per app, within GitHub's upload limits), and the log of a gate (its matched and suppressed findings).
import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import { findingLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';
import type { findingTypes } from '@secscan/api/values';
import { asFinding } from '../../gate/findings.js';
import { type GateReport, type NotEvaluated, scopeLine } from '../../gate/report.js';
import type { SuppressionRef } from '../../ignores/match.js';
import { safeJson } from '../../streams/sanitize.js';
import { filePath } from '../../util/uri-path.js';

/** What the SARIF writer needs to write to: an OutputWriter, or anything with an async `write`. */
export interface TextSink {
  write(text: string): Promise<void>;
}

export interface SarifOptions {
  toolVersion: string;
  /** Where users learn about the tool (SARIF `informationUri`). */
  informationUri?: string;
  /**
   * `automationDetails.id`: GitHub keeps one set of alerts per category (the id up to its last `/`), so two
   * uploads from one job (findings and a gate, or two apps) need two ids. See `sarifCategory`.
   */
  automationId?: string;
  /** A run that did not complete (a gate not evaluated): its reason, as a tool execution notification. */
  failure?: string;
  /** What the run compared (a gate's baseline): `automationDetails.description`, with the id. */
  description?: string;
  /**
   * Read when the log is written: the findings are part of the answer, on request (--limit): said in each
   * run's `properties` and as a warning notification of its invocation.
   */
  truncated?: () => string | undefined;
  /**
   * One run per app (compound and organization listings), each with its own `automationDetails.id`: the
   * given id, then the app and `/`. Otherwise one run.
   */
  perApp?: boolean;
  /** Where to say what was left out to stay within GitHub's upload limits (stderr). */
  warn?: (message: string) => void;
  /** GitHub's upload limits (githubSarifLimits), lower in tests. */
  limits?: { runs: number; resultsPerRun: number; gzipBytes: number };
}

export const sarifSchema = 'https://json.schemastore.org/sarif-2.1.0.json';
export const defaultInformationUri = 'https://github.com/secscan/secscan';

/** GitHub code scanning reads a 0.0-10.0 `security-severity`; these sit inside each of its bands. */
const severityScore: Record<string, number> = { critical: 9.5, high: 8.0, medium: 5.5, low: 2.5 };

export function sarifLevel(severity: string | undefined): 'error' | 'warning' | 'note' {
  if (severity === 'critical' || severity === 'high') return 'error';
  if (severity === 'medium') return 'warning';
  return 'note';
}

function tagValue(finding: Finding, key: string): string | number | undefined {
  return finding.tags?.find((t) => t.key === key)?.value;
}

/** The finding's CVSS score when it has one (dependency findings), else a score for its severity. */
export function securitySeverity(finding: Finding): string {
  const cvss = Number(tagValue(finding, 'cvss_score') ?? Number.NaN);
  const score =
    Number.isFinite(cvss) && cvss > 0 && cvss <= 10 ? cvss : (severityScore[finding.severity ?? ''] ?? 2.5);
  return score.toFixed(1);
}

/** A rule id per category: `sql-injection` for "SQL Injection". */
export function ruleIdFor(finding: { category?: string; type?: string }): string {
  const category = finding.category?.trim() || finding.type || 'finding';
  return (
    category
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'finding'
  );
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');
}

/** SARIF1001: a rule's name must differ from its id, even in case only ("Deserialization"). */
function ruleName(category: string, id: string): string {
  const name = pascal(category) || 'Finding';
  return name.toLowerCase() === id.toLowerCase() ? `${name}Weakness` : name;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function cweOf(finding: Finding): string | undefined {
  const cwe = tagValue(finding, 'cwe_category');
  return cwe === undefined || cwe === '' ? undefined : String(cwe);
}

/** What a finding type is, for the rule's descriptions. */
const typeText: Record<(typeof findingTypes)[number], string> = {
  vuln: 'a weakness in the code',
  secret: 'a secret (a key, password or token) in the code',
  insight: 'a code insight',
  extscan: 'a finding of an external scanner',
  oss_vuln: 'a dependency with a known vulnerability',
  container: 'a container image with a known vulnerability',
  security_issue: 'a security issue',
};

/**
 * The reporting descriptor for a category: about the rule, never about one of its findings (each alert names
 * its own finding in its message and properties). Its CWE and OWASP category are the category's, read from
 * the first finding that carries them.
 */
export function sarifRule(finding: Finding): Record<string, unknown> {
  const category = finding.category?.trim() || finding.type;
  const cwe = cweOf(finding);
  const owasp = finding.owasp_category;
  const what = Object.hasOwn(typeText, finding.type)
    ? typeText[finding.type as keyof typeof typeText]
    : 'a security finding';
  const refs = [cwe ? `CWE-${cwe}` : undefined, owasp ? `OWASP ${owasp}` : undefined].filter(Boolean);
  const description = sentence(
    `${category}: ${what} of this category${refs.length ? ` (${refs.join(', ')})` : ''}`,
  );
  const helpText =
    `secscan reports a ${category} finding when the analysis finds ${what} of this category. ` +
    'Each alert names its finding: triage it with `secscan findings show --app APP ID` and read the ' +
    'recommended fix with `secscan findings fix --app APP ID`.' +
    (refs.length ? ` References: ${refs.join(', ')}.` : '');
  const helpMarkdown =
    `**${category}**\n\nsecscan reports a ${category} finding when the analysis finds ${what} of this category.\n\n` +
    (refs.length ? `References: ${refs.join(', ')}\n\n` : '') +
    'Each alert names its finding (its app and id in the alert properties): triage it with ' +
    '`secscan findings show --app APP ID` and read the recommended fix with `secscan findings fix --app APP ID`.';
  const tags = ['security', finding.type];
  if (cwe) tags.push(`external/cwe/cwe-${cwe}`);
  if (owasp) tags.push(`external/owasp/${owasp}`);
  return {
    id: ruleIdFor(finding),
    name: ruleName(category, ruleIdFor(finding)),
    shortDescription: { text: sentence(category) },
    fullDescription: { text: description },
    help: { text: helpText, markdown: helpMarkdown },
    ...(cwe ? { helpUri: `https://cwe.mitre.org/data/definitions/${cwe}.html` } : {}),
    defaultConfiguration: { level: sarifLevel(finding.severity) },
    properties: { tags, precision: 'high', 'security-severity': securitySeverity(finding) },
  };
}

/**
 * Where the finding's details carry a file (and line). GitHub requires a location on every result: a
 * finding without one is placed on a path named after its app, line 1.
 */
function location(finding: Finding): Record<string, unknown>[] {
  const found = findingLocation(finding);
  const file = found?.file ?? finding.app;
  // Each segment encoded: `encodeURI` left a `#` or `?` in a name, which cut the path there.
  const uri = filePath(file);
  const physical: Record<string, unknown> = { artifactLocation: { uri } };
  physical.region = { startLine: found?.line ?? 1 };
  return [{ physicalLocation: physical }];
}

/** A stable fingerprint: the same finding gives the same value in every scan and export. */
export function fingerprint(finding: Finding): string {
  return createHash('sha256').update(`${finding.app}\u0000${finding.internal_id}`).digest('hex').slice(0, 32);
}

/**
 * A finding an entry of the ignore file suppresses: an accepted external suppression, justified by the
 * entry's reason, so GitHub code scanning closes the alert as suppressed. The entry, owner and expiry go in
 * its properties.
 */
export function sarifSuppression(by: SuppressionRef): Record<string, unknown> {
  return {
    kind: 'external',
    status: 'accepted',
    justification: by.reason,
    properties: {
      entry: `${by.file}:${by.line}`,
      ...(by.owner === undefined ? {} : { owner: by.owner }),
      ...(by.expires === undefined ? {} : { expires: by.expires }),
    },
  };
}

/** One SARIF result for a finding; `ruleIndex` points into the run's rules. */
export function sarifResult(finding: Finding, ruleIndex: number): Record<string, unknown> {
  const title = finding.title || finding.category || finding.type;
  const locations = location(finding);
  const { suppression, suppressed } = finding as { suppression?: SuppressionRef; suppressed?: boolean };
  return {
    ruleId: ruleIdFor(finding),
    ruleIndex,
    level: sarifLevel(finding.severity),
    message: { text: sentence(title) },
    locations,
    partialFingerprints: { 'secscanFindingHash/v1': fingerprint(finding) },
    properties: {
      'security-severity': securitySeverity(finding),
      finding_id: finding.id,
      app: finding.app,
      type: finding.type,
      severity: finding.severity,
      status: finding.status,
      ...(finding.assignee ? { assignee: finding.assignee } : {}),
    },
    // With an ignore file in effect a finding it does not suppress says so: an empty list (absent: not known).
    ...(suppression
      ? { suppressions: [sarifSuppression(suppression)] }
      : suppressed === false
        ? { suppressions: [] }
        : {}),
  };
}

/**
 * What GitHub code scanning accepts in one upload. Each result carries one location and no code flow, so
 * the limits on locations per result (1,000) and thread-flow locations (10,000) hold by construction.
 */
export const githubSarifLimits = {
  runs: 20,
  resultsPerRun: 25_000,
  /** GitHub says 10 MB: counted in decimal, the smaller reading. */
  gzipBytes: 10_000_000,
};

/** A result kept for the log: its place in the stream, its severity score and its JSON after the rule. */
interface Kept {
  seq: number;
  score: number;
  ruleId: string;
  /** The result's JSON without `ruleId` and `ruleIndex` (set when the run's rules are known). */
  body: string;
}

/** The least severe first (the latest of equals first): the first to leave when a run is full. */
const weaker = (a: Kept, b: Kept) => a.score < b.score || (a.score === b.score && a.seq > b.seq);

/** The most severe `cap` results of a run, in a heap whose root is the first to leave. */
class Strongest {
  readonly items: Kept[] = [];
  constructor(private readonly cap: number) {}

  /** Keeps the result if it is among the most severe; returns whether one was left out. */
  offer(item: Kept): boolean {
    const heap = this.items;
    if (heap.length < this.cap) {
      heap.push(item);
      this.up(heap.length - 1);
      return false;
    }
    const root = heap[0] as Kept;
    if (!weaker(root, item)) return true;
    heap[0] = item;
    this.down(0);
    return true;
  }

  private up(i: number): void {
    const heap = this.items;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!weaker(heap[i] as Kept, heap[parent] as Kept)) return;
      [heap[i], heap[parent]] = [heap[parent] as Kept, heap[i] as Kept];
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.items;
    for (;;) {
      let least = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < heap.length && weaker(heap[child] as Kept, heap[least] as Kept)) least = child;
      }
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least] as Kept, heap[i] as Kept];
      i = least;
    }
  }
}

interface Run {
  app: string | undefined;
  rules: Map<string, { rule: Record<string, unknown>; score: number }>;
  kept: Strongest;
  best: number;
  count: number;
}

/** The rule carries the highest severity of its findings: GitHub ranks alerts by the rule's. */
function noteRule(run: Run, finding: Finding, score: number): string {
  const id = ruleIdFor(finding);
  const entry = run.rules.get(id);
  if (!entry) run.rules.set(id, { rule: sarifRule(finding), score });
  else if (score > entry.score) {
    entry.score = score;
    (entry.rule.properties as Record<string, unknown>)['security-severity'] = score.toFixed(1);
    entry.rule.defaultConfiguration = { level: sarifLevel(finding.severity) };
  }
  return id;
}

function resultBody(finding: Finding): string {
  const { ruleId: _id, ruleIndex: _index, ...rest } = sarifResult(finding, 0);
  return safeJson(rest);
}

/** The log's text, a chunk at a time, with the results `keep` accepts; `truncated` says it is part of the answer. */
function* logChunks(
  runs: Run[],
  options: SarifOptions,
  keep: (k: Kept) => boolean,
  truncated?: string,
): Generator<string> {
  yield `{\n  "$schema": "${sarifSchema}",\n  "version": "2.1.0",\n  "runs": [`;
  for (const [r, run] of runs.entries()) {
    const results = run.kept.items.filter(keep).sort((a, b) => a.seq - b.seq);
    const used = [...new Set(results.map((k) => k.ruleId))];
    const index = new Map(used.map((id, i) => [id, i]));
    yield `${r ? ',' : ''}\n    {\n      "results": [`;
    for (const [i, k] of results.entries()) {
      const head = `{"ruleId":${safeJson(k.ruleId)},"ruleIndex":${index.get(k.ruleId)}`;
      yield `${i ? ',\n' : '\n'}        ${head}${k.body === '{}' ? '}' : `,${k.body.slice(1)}`}`;
    }
    const driver = {
      name: 'secscan',
      fullName: 'secscan application-security findings',
      version: options.toolVersion,
      semanticVersion: options.toolVersion,
      informationUri: options.informationUri ?? defaultInformationUri,
      rules: used.map((id) => run.rules.get(id)?.rule),
    };
    const notifications = [
      ...(options.failure === undefined ? [] : [{ level: 'error', message: { text: options.failure } }]),
      ...(truncated === undefined ? [] : [{ level: 'warning', message: { text: truncated } }]),
    ];
    const invocation = {
      executionSuccessful: options.failure === undefined,
      ...(notifications.length ? { toolExecutionNotifications: notifications } : {}),
    };
    const base = options.automationId;
    const id = base && run.app !== undefined ? `${base}${run.app.replace(/\//g, '-')}/` : base;
    const details = options.description ? { id, description: { text: options.description } } : { id };
    const automation = id ? `      "automationDetails": ${safeJson(details)},\n` : '';
    const properties =
      truncated === undefined
        ? ''
        : `      "properties": ${safeJson({ truncated: true, truncation: truncated })},\n`;
    yield (
      `${results.length ? '\n      ' : ''}],\n      "tool": ${safeJson({ driver })},\n` +
      `      "invocations": [${safeJson(invocation)}],\n${automation}${properties}` +
      `      "columnKind": "utf16CodeUnits"\n    }`
    );
  }
  yield '\n  ]\n}\n';
}

/** The size of the text gzipped, as GitHub measures an upload (only computed when the text is large). */
async function gzippedSize(chunks: Iterable<string>): Promise<number> {
  const gzip = createGzip();
  let size = 0;
  gzip.on('data', (chunk: Buffer) => (size += chunk.length));
  const finished = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  for (const chunk of chunks) {
    if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await finished;
  return size;
}

const rawSize = (chunks: Iterable<string>) => {
  let size = 0;
  for (const chunk of chunks) size += Buffer.byteLength(chunk);
  return size;
};

/**
 * Writes a SARIF 2.1.0 log GitHub accepts: one run (or one per app), at most 20 runs, 25,000 results a run
 * and 10 MB gzipped. Over a limit, the most severe results are kept and `warn` says how many were left
 * out. Nothing is written before the listing has been read to its end: a listing that fails leaves no
 * SARIF behind. Memory is bounded by the limits, not by the number of findings. Returns the results written.
 */
export async function writeSarif(
  out: TextSink,
  findings: AsyncIterable<Finding> | Iterable<Finding>,
  options: SarifOptions,
): Promise<number> {
  const limits = options.limits ?? githubSarifLimits;
  const byApp = new Map<string, Run>();
  let seq = 0;
  let overRun = 0;
  for await (const finding of findings) {
    const key = options.perApp ? finding.app : '';
    let run = byApp.get(key);
    if (!run) {
      const app = options.perApp ? finding.app : undefined;
      run = { app, rules: new Map(), kept: new Strongest(limits.resultsPerRun), best: 0, count: 0 };
      byApp.set(key, run);
    }
    const score = Number(securitySeverity(finding));
    const ruleId = noteRule(run, finding, score);
    run.count++;
    run.best = Math.max(run.best, score);
    if (run.kept.offer({ seq: seq++, score, ruleId, body: resultBody(finding) })) overRun++;
  }
  const truncated = options.truncated?.();
  let runs = [...byApp.values()];
  if (!runs.length) {
    runs = [{ app: undefined, rules: new Map(), kept: new Strongest(0), best: 0, count: 0 }];
  }
  let overRuns = 0;
  if (runs.length > limits.runs) {
    // The apps whose findings are the most severe (then the most numerous) keep their runs.
    runs.sort((a, b) => b.best - a.best || b.count - a.count);
    for (const dropped of runs.slice(limits.runs)) overRuns += dropped.kept.items.length;
    runs = runs.slice(0, limits.runs).sort((a, b) => (a.app ?? '').localeCompare(b.app ?? ''));
  }
  let keep: (k: Kept) => boolean = () => true;
  let overSize = 0;
  if (rawSize(logChunks(runs, options, keep, truncated)) > limits.gzipBytes - 4096) {
    const all = runs.flatMap((r) => r.kept.items).sort((a, b) => b.score - a.score || a.seq - b.seq);
    let count = all.length;
    for (let size = await gzippedSize(logChunks(runs, options, keep, truncated)); size > limits.gzipBytes;) {
      count = Math.min(count - 1, Math.floor((count * limits.gzipBytes * 0.95) / size));
      const kept = new Set(all.slice(0, Math.max(count, 0)));
      keep = (k) => kept.has(k);
      overSize = all.length - kept.size;
      size = await gzippedSize(logChunks(runs, options, keep, truncated));
    }
  }
  const left = overRun + overRuns + overSize;
  if (left && options.warn) {
    const why = [
      overRun ? `${overRun} over ${limits.resultsPerRun.toLocaleString('en')} results in a run` : '',
      overRuns ? `${overRuns} of apps beyond ${limits.runs} runs` : '',
      overSize ? `${overSize} to stay under ${limits.gzipBytes / 1e6} MB gzipped` : '',
    ].filter(Boolean);
    options.warn(
      `SARIF: left out ${left} of ${seq} results to stay within GitHub's upload limits (${why.join('; ')}); the most severe are kept`,
    );
  }
  let written = 0;
  for (const chunk of logChunks(runs, options, keep, truncated)) await out.write(chunk);
  for (const run of runs) written += run.kept.items.filter(keep).length;
  return written;
}

/**
 * SARIF of the findings the rules matched (each finding once), one run per app of the compound, each with
 * its own category under the gate's. Those the ignore file suppresses are there too, each with its
 * suppression (GitHub closes their alerts as suppressed).
 */
export async function sarifReport(
  report: GateReport,
  toolVersion: string,
  automationId?: string,
  warn?: (message: string) => void,
): Promise<string> {
  const seen = new Map<string, Finding>();
  for (const list of Object.values(report.findings)) {
    for (const f of list) {
      seen.set(`${f.app}/${f.id}`, {
        ...asFinding(f),
        ...(report.suppressions ? { suppressed: false } : {}),
      });
    }
  }
  for (const { finding, by } of report.suppressions?.suppressed ?? []) {
    seen.set(`${finding.app}/${finding.id}`, { ...asFinding(finding), suppression: by });
  }
  const description = scopeLine(report);
  return sarifText([...seen.values()], { toolVersion, automationId, perApp: true, warn, description });
}

/** SARIF of a gate that was not evaluated: no results, an unsuccessful invocation saying why. */
export function sarifNotEvaluated(
  gate: NotEvaluated,
  toolVersion: string,
  automationId?: string,
): Promise<string> {
  return sarifText([], {
    toolVersion,
    automationId,
    failure: `secscan scans check was not evaluated (exit ${gate.exitCode}): ${gate.message}`,
  });
}

async function sarifText(findings: Finding[], options: SarifOptions): Promise<string> {
  const chunks: string[] = [];
  const sink = {
    write: async (chunk: string) => {
      chunks.push(chunk);
    },
  };
  await writeSarif(sink, findings, options);
  return chunks.join('');
}
