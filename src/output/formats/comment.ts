import { createHash } from 'node:crypto';
import { markdownText, unlinked } from './markdown.js';
import { sanitize } from '../../streams/sanitize.js';
import { severityOrder } from '../../gate/findings.js';
import { baselineText, type GateReport, type NotEvaluated, type RuleRow } from '../../gate/report.js';

/**
 * The pull-request comment of a gate: what it says, as data a file can carry (a fork's job writes it, a
 * `workflow_run` job posts it), then rendered for one provider's Markdown. Everything from the service,
 * the rules file and the ignore file is escaped: it cannot break a table, ping anyone, link an issue,
 * close the comment early or inject HTML.
 */
export interface CommentFinding {
  id: string;
  app: string;
  severity: string;
  title: string;
  file?: string | undefined;
  line?: number | undefined;
  /** The rules that matched it (new findings); the entry that suppresses it (suppressed ones). */
  rules?: string[] | undefined;
  reason?: string | undefined;
  expires?: string | undefined;
  entry?: string | undefined;
}

export interface CommentData {
  compound: string;
  evaluated: boolean;
  passed: boolean;
  enforced: boolean;
  kind: 'single' | 'diff';
  policy: string;
  target: number | null;
  /** The baseline sentence every report gives. */
  baseline: string;
  rules: RuleRow[];
  /** New findings (those the answer lists), each once, the most severe first. */
  findings: CommentFinding[];
  /** How many matched findings the answer did not list (--num-findings). */
  unlisted: number;
  /** Fixed since the baseline; null when they were not listed. */
  fixed: CommentFinding[] | null;
  suppressed: CommentFinding[];
  /** A gate that was not evaluated: why. */
  error?: { message: string; hint?: string | undefined; exitCode: number } | undefined;
  /** The scan under test in the service. */
  scanUrl?: string | undefined;
  toolVersion: string;
}

const place = (location: string) => {
  const m = /^(.*?)(?::(\d+))?$/.exec(location);
  return { file: m?.[1] || undefined, line: m?.[2] ? Number(m[2]) : undefined };
};

/** The comment's data from an evaluated gate. */
export function commentData(
  report: GateReport,
  extra: { fixed: CommentFinding[] | null; scanUrl?: string | undefined; toolVersion: string },
): CommentData {
  const byKey = new Map<string, CommentFinding>();
  for (const row of report.rules) {
    for (const f of report.findings[row.rule] ?? []) {
      const key = `${f.app}\u0000${f.id}`;
      const known = byKey.get(key);
      if (known) known.rules?.push(row.rule);
      else {
        byKey.set(key, {
          id: String(f.id ?? '?'),
          app: f.app,
          severity: f.severity,
          title: f.title,
          ...place(f.location),
          rules: [row.rule],
        });
      }
    }
  }
  const listed = report.rules.reduce((n, r) => n + (report.findings[r.rule]?.length ?? 0), 0);
  const matched = report.rules.reduce((n, r) => n + r.matched, 0);
  const s = report.suppressions;
  return {
    compound: report.compound,
    evaluated: true,
    passed: report.passed,
    enforced: report.enforced,
    kind: report.kind,
    policy: report.policy,
    target: report.target,
    baseline: baselineText(report),
    rules: report.rules,
    findings: [...byKey.values()].sort((a, b) => severityOrder(a.severity) - severityOrder(b.severity)),
    unlisted: Math.max(0, matched - listed),
    fixed: extra.fixed,
    suppressed: (s?.suppressed ?? []).map(({ finding: f, by }) => ({
      id: String(f.id ?? '?'),
      app: f.app,
      severity: f.severity,
      title: f.title,
      ...place(f.location),
      reason: by.reason,
      ...(by.expires ? { expires: by.expires } : {}),
      entry: `${by.file}:${by.line}`,
    })),
    scanUrl: extra.scanUrl,
    toolVersion: extra.toolVersion,
  };
}

/** The comment's data of a gate that was not evaluated. */
export function commentNotEvaluated(gate: NotEvaluated, toolVersion: string): CommentData {
  return {
    compound: gate.compound,
    evaluated: false,
    passed: false,
    enforced: gate.enforced,
    kind: gate.kind,
    policy: gate.policy,
    target: null,
    baseline: '',
    rules: [],
    findings: [],
    unlisted: 0,
    fixed: null,
    suppressed: [],
    error: { message: gate.message, hint: gate.hint, exitCode: gate.exitCode },
    toolVersion,
  };
}

/** Characters a text cell keeps, at most: a title of a megabyte is cut, not the comment. */
const maxCell = 300;

let graphemes: Intl.Segmenter | undefined;

/**
 * The longest start of `text` within `max` UTF-16 units that ends between two grapheme clusters (an emoji
 * with its modifiers, a letter with its accents stay whole), or between two code points where the runtime
 * has no segmenter: never a lone surrogate.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (typeof Intl.Segmenter === 'function') {
    graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    let end = 0;
    for (const { index, segment } of graphemes.segment(text)) {
      if (index + segment.length > max) break;
      end = index + segment.length;
    }
    return text.slice(0, end);
  }
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * Service text in the comment: the Markdown reports' escaping (`markdownText`: Markdown's characters
 * escaped, `@name`, `#12` and `GH-12` broken by a zero-width space, an address a renderer would link by
 * itself in a code span), then what a comment needs besides: a reference that escaping left live (GitLab's
 * merge request `!12`) gets a zero-width space after its sign, so it links nobody; any `<` or `>` left
 * becomes an entity (no tag, no `-->` closing the marker); a `|` left is escaped (no new cell). Long text
 * is cut between two grapheme clusters.
 */
export function commentText(text: string | number): string {
  const plain = sanitize(String(text));
  const short = plain.length > maxCell ? `${cut(plain, maxCell - 1)}…` : plain;
  return unlinked(short, (piece) =>
    markdownText(piece)
      .replace(/(^|[^\w`\\&\u200b])([@#!])(?=[\w-])/g, '$1$2\u200b')
      .replace(/(?<!\\)</g, '&lt;')
      .replace(/(?<!\\)>/g, '&gt;')
      .replace(/(?<!\\)\|/g, '\\|'),
  );
}

/** What the provider's Markdown can do: HTML (GitHub, GitLab, Azure DevOps) or not (Bitbucket Cloud). */
export interface Dialect {
  html: boolean;
  /** The address of a file at the head commit, at a line, where the provider has one. */
  blobUrl?: ((path: string, line?: number) => string | undefined) | undefined;
}

/** A line nobody sees: an HTML comment, or a link reference where HTML is not rendered. */
export function hidden(text: string, dialect: Dialect): string {
  return dialect.html ? `<!-- ${text} -->` : `[//]: # (${text})`;
}

/** The marker of an app's (or compound's) comment: `secscan:gate:shop`, the name percent-encoded. */
export function markerOf(compound: string): string {
  const name = encodeURIComponent(compound).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `secscan:gate:${name}`;
}

/** `secscan:digest:HEX`: what the comment says, so an unchanged one is not written again. */
export function digestOf(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

export const digestPattern = /secscan:digest:([0-9a-f]{16})/;

const icon = (d: CommentData) => (!d.evaluated ? '⚠️' : d.passed ? '✅' : '❌');

function heading(d: CommentData): string {
  const verdict = !d.evaluated
    ? 'not evaluated'
    : d.passed
      ? 'passed'
      : d.enforced
        ? 'failed'
        : 'failed (not enforced)';
  return `### ${icon(d)} Security gate ${verdict}: ${commentText(d.compound)}`;
}

function where(f: CommentFinding, dialect: Dialect): string {
  if (!f.file) return '';
  const text = commentText(`${f.file}${f.line ? `:${f.line}` : ''}`);
  const safe = !/(^|\/)\.\.(\/|$)/.test(f.file) && !/^[a-z][\w+.-]*:/i.test(f.file);
  const url = safe ? dialect.blobUrl?.(sanitize(f.file), f.line) : undefined;
  return url ? `[${text}](${safeUrl(url)})` : text;
}

/** An address in a link: every character a link's destination or a table could read as its own, encoded. */
const safeUrl = (url: string) =>
  url.replace(/[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/g, (c) =>
    encodeURIComponent(c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );

const findingCell = (f: CommentFinding) =>
  `${commentText(f.title || '(untitled)')} (finding ${commentText(f.id)} of ${commentText(f.app)})`;

/** A section: a heading and its table, folded into `<details>` where HTML is rendered. */
interface Section {
  title: (shown: number, total: number) => string;
  head: string[];
  rows: string[];
  fold: boolean;
}

function sectionText(section: Section, shown: number, dialect: Dialect): string[] {
  const total = section.rows.length;
  if (!total) return [];
  const title = section.title(shown, total);
  const table = shown ? [...section.head, ...section.rows.slice(0, shown)] : [];
  const left = total - shown;
  const note = left ? [`${left} more left out: the comment would pass its size limit.`] : [];
  if (section.fold && dialect.html) {
    return [
      '',
      `<details><summary>${title}</summary>`,
      '',
      ...table,
      ...(note.length ? ['', ...note] : []),
      '',
      '</details>',
    ];
  }
  return ['', `#### ${title}`, '', ...table, ...(note.length ? ['', ...note] : [])];
}

const count = (n: number, total: number) => (n === total ? `${total}` : `${n} of ${total}`);

/**
 * The comment's Markdown, marker first, within `maxChars` (the digest line is added after, and counted):
 * rules first, then the new findings (most severe first), the fixed ones, the suppressed ones; what does
 * not fit is left out from the end of each, and the comment says how many.
 */
export function renderComment(d: CommentData, dialect: Dialect, maxChars: number): string {
  const marker = hidden(markerOf(d.compound), dialect);
  const digestLine = hidden(`secscan:digest:${'0'.repeat(16)}`, dialect);
  const top = [marker, heading(d), ''];
  if (!d.evaluated) {
    top.push(
      `The gate did not run to a verdict (exit ${d.error?.exitCode ?? '?'}): ${commentText(d.error?.message ?? 'unknown')}`,
      ...(d.error?.hint ? ['', `Hint: ${commentText(d.error.hint)}`] : []),
      '',
      `Policy ${commentText(d.policy)}, kind ${d.kind}. A gate that is not evaluated fails closed.`,
    );
  } else {
    const failing = d.rules.filter((r) => r.result === 'fail');
    top.push(
      failing.length
        ? `**${failing.length} of ${d.rules.length} rules over their threshold**: ${failing
            .map(
              (r) =>
                `${commentText(r.rule)} (${r.matched - (r.suppressed ?? 0)} ${d.kind === 'diff' ? 'new' : 'matched'}, threshold ${r.threshold})`,
            )
            .join(', ')}.`
        : `No rule over its threshold (${d.rules.length} rules).`,
      '',
      `Scan ${d.target ?? '?'}: ${commentText(d.baseline)}.${d.scanUrl ? ` [Scan ${d.target} in the service](${safeUrl(d.scanUrl)})` : ''}`,
    );
  }
  const foot = [
    '',
    dialect.html
      ? `<sub>secscan ${commentText(d.toolVersion)} · policy ${commentText(d.policy)}</sub>`
      : `_secscan ${commentText(d.toolVersion)} · policy ${commentText(d.policy)}_`,
  ];
  const matchedHead = d.kind === 'diff' ? 'New' : 'Matched';
  const suppressedColumn = d.rules.some((r) => r.suppressed !== undefined);
  const sections: Section[] = [
    {
      title: (shown, total) => `Rules (${count(shown, total)})`,
      fold: false,
      head: [
        `| Rule | ${matchedHead} |${suppressedColumn ? ' Suppressed |' : ''} Reachable | Threshold | Over | Result |`,
        `|---|---:|${suppressedColumn ? '---:|' : ''}---:|---:|---:|---|`,
      ],
      rows: [...d.rules]
        .sort((a, b) => Number(b.result === 'fail') - Number(a.result === 'fail'))
        .map(
          (r) =>
            `| ${commentText(r.rule)} | ${r.matched} |${suppressedColumn ? ` ${r.suppressed ?? ''} |` : ''} ${r.reachable} | ${r.threshold} | ${r.over} | ${r.result === 'pass' ? '✅ pass' : '❌ fail'} |`,
        ),
    },
    {
      title: (shown, total) =>
        `${d.kind === 'diff' ? 'New findings' : 'Findings'} (${count(shown, total)}${d.unlisted ? `; ${d.unlisted} more matched, not listed by the service: raise --num-findings` : ''})`,
      fold: false,
      head: ['| Severity | Finding | Where | Rules |', '|---|---|---|---|'],
      rows: d.findings.map(
        (f) =>
          `| ${commentText(f.severity || '?')} | ${findingCell(f)} | ${where(f, dialect)} | ${commentText((f.rules ?? []).join(', '))} |`,
      ),
    },
    {
      title: (shown, total) => `Fixed since the baseline (${count(shown, total)})`,
      fold: true,
      head: ['| Severity | Finding | Where |', '|---|---|---|'],
      rows: [...(d.fixed ?? [])]
        .sort((a, b) => severityOrder(a.severity) - severityOrder(b.severity))
        .map(
          (f) =>
            `| ${commentText(f.severity || '?')} | ${findingCell(f)} | ${commentText(f.file ? `${f.file}${f.line ? `:${f.line}` : ''}` : '')} |`,
        ),
    },
    {
      title: (shown, total) => `Suppressed by the ignore file (${count(shown, total)})`,
      fold: true,
      head: ['| Severity | Finding | Reason | Expires | Entry |', '|---|---|---|---|---|'],
      rows: d.suppressed.map(
        (f) =>
          `| ${commentText(f.severity || '?')} | ${findingCell(f)} | ${commentText(f.reason ?? '')} | ${commentText(f.expires ?? 'never')} | ${commentText(f.entry ?? '')} |`,
      ),
    },
  ];
  const render = (shown: number[]) =>
    [...top, ...sections.flatMap((s, i) => sectionText(s, shown[i] ?? 0, dialect)), ...foot].join('\n') +
    '\n';
  const all = sections.map((s) => s.rows.length);
  const budget = maxChars - digestLine.length - 2;
  const full = render(all);
  if (full.length <= budget) return full;
  // Rows in order of importance, kept while they fit; each section's notes are in the fixed part.
  const shown = sections.map(() => 0);
  let size = render(shown).length + 200;
  for (const [i, s] of sections.entries()) {
    if (i !== 0 && shown[i - 1] !== sections[i - 1]?.rows.length) break;
    for (const row of s.rows) {
      const extra = row.length + 1 + (shown[i] === 0 ? s.head.join('\n').length + 2 : 0);
      if (size + extra > budget) break;
      size += extra;
      shown[i] = (shown[i] ?? 0) + 1;
    }
  }
  const trimmed = render(shown);
  if (trimmed.length <= budget) return trimmed;
  const tiny =
    [
      marker,
      heading(d),
      '',
      `The summary does not fit in ${maxChars} characters: see the job's log and reports.`,
    ].join('\n') + '\n';
  return cut(tiny, Math.max(0, budget));
}

/** The body with its digest line: what is posted. */
export function withDigest(body: string, dialect: Dialect): { text: string; digest: string } {
  const digest = digestOf(body);
  // After a blank line: a link reference (Bitbucket's marker) cannot interrupt a paragraph.
  return { text: `${body}\n${hidden(`secscan:digest:${digest}`, dialect)}\n`, digest };
}
