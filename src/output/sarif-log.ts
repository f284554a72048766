import { createGzip } from 'node:zlib';
import type { Finding } from '@secscan/api/schemas/findings';
import { safeJson } from '../streams/sanitize.js';
import {
  defaultInformationUri,
  ruleIdFor,
  sarifLevel,
  sarifResult,
  sarifRule,
  sarifSchema,
  type SarifOptions,
  securitySeverity,
  type TextSink,
} from './sarif.js';

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
