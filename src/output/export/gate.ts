import type { ChalkInstance } from 'chalk';
import { findingLocation } from '@secscan/api/location';
import type { Annotation } from '../formats/github.js';
import { hiddenNotice } from '../base/table.js';
import { failingFindings, notEvaluated } from '../../gate/findings.js';
import {
  baselineText,
  type GateReport,
  jsonNotEvaluated,
  jsonReport,
  type RuleRow,
  scopeLine,
  verdictLine,
} from '../../gate/report.js';
import { sanitize } from '../../streams/sanitize.js';
import { renderTable } from '../core/table.js';
import { selectColumns } from '../core/view.js';
import { gateRuleView, suppressedGateRuleView } from '../views/scans.js';
import { displayWidth, wrapLine } from '../../streams/width.js';
import { type GateDocument, type GateNotEvaluatedDocument, listing } from './document.js';
import { defineDocument, type ReportsOf } from './spec.js';
import type { ExportTarget, GithubReport } from './target.js';

/** Lines for a terminal `width` wide (or as they are, unwrapped), each styled after it is broken. */
const wrapped = (text: string, width: number | undefined, style: (line: string) => string, hang = 0) =>
  (width === undefined ? [text] : wrapLine(text, width, hang)).map(style);

/**
 * The top findings of each failing rule, for a terminal: on one line when it fits; else the title goes on
 * under itself and the location (app, file and line) on a line of its own below it, a path never broken.
 */
export function humanFindings(report: GateReport, chalk: ChalkInstance, width?: number): string {
  const parts: string[] = [];
  for (const row of report.rules.filter((r) => r.result === 'fail')) {
    const top = report.findings[row.rule] ?? [];
    if (!top.length) continue;
    const rule = sanitize(row.rule);
    const heading = `Top findings of ${rule}:`;
    parts.push(
      '',
      ...(width && displayWidth(heading) > width
        ? wrapped(heading, width, (l) => l)
        : [`Top findings of ${chalk.bold(rule)}:`]),
    );
    const ids = Math.max(...top.map((f) => String(f.id ?? '?').length));
    for (const f of top) {
      const head = `  #${String(f.id ?? '?').padEnd(ids)}  ${sanitize(f.severity).padEnd(8)}  `;
      const title = sanitize(f.title);
      const where = [f.app, f.location].filter(Boolean).join(' ');
      const place = where ? `(${sanitize(where)})` : '';
      const whole = `${head}${title}${place ? `  ${place}` : ''}`;
      if (width === undefined || displayWidth(whole) <= width) {
        parts.push(`${head}${title}${place ? chalk.dim(`  ${place}`) : ''}`);
      } else {
        parts.push(...wrapped(`${head}${title}`, width, (l) => l, head.length));
        if (place)
          parts.push(
            ...wrapped(`${' '.repeat(head.length)}${place}`, width, (l) => chalk.dim(l), head.length),
          );
      }
      const lapsed = report.suppressions?.lapsed?.find((l) => l.app === f.app && l.id === f.id);
      if (lapsed) {
        const text = `      counts again: its suppression (line ${lapsed.line}) expired on ${lapsed.expires}`;
        parts.push(...wrapped(text, width, (l) => chalk.yellow(l), 6));
      }
    }
  }
  return parts.length ? `${parts.join('\n')}\n` : '';
}

/** The findings the ignore file suppressed, each with the entry (file:line) and its reason. */
function humanSuppressed(report: GateReport, chalk: ChalkInstance, width?: number): string {
  const s = report.suppressions;
  if (!s?.suppressed.length) return '';
  const lines = [`\nSuppressed by ${chalk.bold(sanitize(s.file))}:`];
  for (const { finding: f, by } of s.suppressed) {
    const where = [f.app, f.location].filter(Boolean).join(' ');
    const head = `  #${f.id ?? '?'}  ${sanitize(f.severity).padEnd(8)}  `;
    const place = where ? `  (${sanitize(where)})` : '';
    const finding = `${head}${sanitize(f.title)}`;
    if (width === undefined || displayWidth(finding + place) <= width)
      lines.push(`${finding}${place ? chalk.dim(place) : ''}`);
    else lines.push(...wrapped(`${finding}${place}`, width, (l) => l, head.length));
    const entry = `      line ${by.line}: ${sanitize(by.reason)}${by.owner ? `; ${sanitize(by.owner)}` : ''}${by.expires ? `; expires ${by.expires}` : ''}`;
    lines.push(...wrapped(entry, width, (l) => chalk.dim(l), 6));
  }
  return `${lines.join('\n')}\n`;
}

/** The rules' columns: SUPPRESSED too when an ignore file is in effect. */
const ruleView = (report: GateReport) => (report.suppressions ? suppressedGateRuleView : gateRuleView);

/** The rules with a TOTAL row, the verdict line and the top findings of each failing rule. */
async function table({ report }: GateDocument, target: ExportTarget): Promise<void> {
  const { chalk, out, width } = target;
  const total: RuleRow = {
    rule: 'TOTAL',
    matched: report.totals.matched,
    reachable: report.totals.reachable,
    // A total has no threshold: the cell stays blank.
    threshold: '' as unknown as number,
    over: report.totals.over,
    result: report.passed ? 'pass' : 'fail',
    ...(report.suppressions ? { suppressed: report.rules.reduce((n, r) => n + (r.suppressed ?? 0), 0) } : {}),
  };
  const columns = selectColumns(ruleView(report), target.fields);
  let hidden: string[] = [];
  await out.write(
    renderTable([...report.rules, total], columns, chalk, {
      width,
      drop: target.fields === undefined,
      onHidden: (headers) => (hidden = headers),
    }),
  );
  if (hidden.length) {
    await out.flush();
    target.note(hiddenNotice(hidden));
  }
  const style = (line: string) => (report.passed ? chalk.green(line) : chalk.red.bold(line));
  const verdict = wrapped(verdictLine(report), width, style).join('\n');
  const scope = wrapped(sanitize(scopeLine(report)), width, (l) => l).join('\n');
  await out.write(
    `\n${verdict}\n${scope}\n${humanFindings(report, chalk, width)}${humanSuppressed(report, chalk, width)}`,
  );
}

/** A finding that fails the gate, as GitHub shows it: at its file and line, titled with the rule. */
function annotation(
  finding: ReturnType<typeof failingFindings>[number]['finding'],
  rule: string,
  level: Annotation['level'],
): Annotation {
  const place = findingLocation(finding);
  return {
    level,
    ...(place ? { file: place.file, ...(place.line ? { line: place.line } : {}) } : {}),
    title: rule,
    message: `${finding.severity ?? 'unknown'}: ${finding.title ?? finding.category ?? finding.type} (finding ${finding.id} of ${finding.app})`,
  };
}

// The reports (JUnit, Markdown, SARIF, GitHub's) are loaded when one is asked for: a plain gate in a
// terminal or a CI log loads none of them (nor node:crypto, node:zlib and node:fs/promises with them).
const junit = () => import('../formats/junit.js');
const markdown = () => import('../formats/gate-markdown.js');
const sarif = () => import('../formats/sarif.js');

async function github({ report }: GateDocument): Promise<GithubReport> {
  const level = report.enforced ? 'error' : 'warning';
  const [{ fitSummary }, { markdownReport }] = await Promise.all([
    import('../formats/github.js'),
    markdown(),
  ]);
  return {
    annotations: report.passed
      ? []
      : failingFindings(report).map(({ finding, rule }) => annotation(finding, rule, level)),
    rest: 'the step summary lists every rule and its top findings',
    summary: fitSummary(markdownReport(report), () => markdownReport(report, false)),
  };
}

/** `scans check`: the verdict in every format (its rows: the rules), and its reports for CI services. */
export const gateDocument = defineDocument<GateDocument>()({
  what: 'the verdict',
  rows: ({ report }) => listing(report.rules, ruleView(report)),
  whole: ({ report }) => jsonReport(report),
  // Without -o a person reads it: the table, even when stdout is a pipe or a CI log.
  default: 'table',
  own: { table },
  reportFlags: { json: 'the verdict and results as JSON' },
  // A report's summary is its --report-FORMAT flag's help: the help shows it up to a blank line, the manual whole.
  reports: {
    junit: {
      summary: 'JUnit XML: one test case per rule',
      write: async ({ report, context }, t) =>
        t.out.write((await junit()).junitReport(report, context.stamp)),
    },
    markdown: {
      summary: 'a Markdown summary\n\n(pull-request comment, $GITHUB_STEP_SUMMARY)',
      write: async ({ report }, t) => t.out.write((await markdown()).markdownReport(report)),
    },
    sarif: {
      summary: 'the matched findings as SARIF 2.1.0',
      async write({ report, context }, t) {
        const { sarifReport } = await sarif();
        await t.out.write(await sarifReport(report, context.toolVersion, context.automationId, t.warn));
      },
    },
    codequality: {
      summary: 'a GitLab Code Quality report\n\nof the findings that fail the gate',
      async write({ report }, t) {
        const { writeCodeQuality } = await import('../formats/codequality.js');
        const failing = failingFindings(report);
        const rules = new Map(failing.map((f) => [f.finding, f.rule]));
        await writeCodeQuality(
          t.out,
          failing.map((f) => f.finding),
          (finding) => rules.get(finding),
          undefined,
          baselineText(report),
        );
      },
    },
    'gitlab-sast': {
      summary: 'a GitLab SAST report\n\nof the findings that fail the gate (security report schema 15)',
      async write({ report, context }, t) {
        const { writeGitlabSast } = await import('../formats/gitlab-sast.js');
        const started = new Date(`${context.stamp.timestamp}Z`);
        const options = { toolVersion: context.toolVersion, started, messages: [scopeLine(report)] };
        await writeGitlabSast(
          t.out,
          failingFindings(report).map((f) => f.finding),
          options,
        );
      },
    },
  },
  // Its own table ends with the verdict; every other format is followed by it on stderr (for standard
  // output: a file gets the data alone).
  notes: ({ report }) => [verdictLine(report), scopeLine(report)],
  github,
  // A report that cannot be written leaves the gate unevaluated: every report says so.
  failed: ({ report, context }, error) => ({
    type: 'gate-not-evaluated',
    gate: notEvaluated(report, error),
    context,
  }),
});

const notice = (doc: GateNotEvaluatedDocument) =>
  `secscan scans check was not evaluated (exit ${doc.gate.exitCode}): ${doc.gate.message}`;

/**
 * A gate that was not evaluated: its reports (and -o of a report format) say why, and so does its whole
 * (json, yaml); it has no rules' results, so its rows are none and the table prints nothing: the error
 * line says it. It has every format of the gate, whose runs it ends.
 */
export const notEvaluatedDocument = defineDocument<GateNotEvaluatedDocument>()<
  ReportsOf<typeof gateDocument>
>({
  what: 'the verdict',
  rows: () => listing([], gateRuleView),
  whole: ({ gate }) => jsonNotEvaluated(gate),
  default: 'table',
  reports: {
    junit: {
      summary: 'JUnit XML: one test case in error, saying why',
      write: async ({ gate, context }, t) =>
        t.out.write((await junit()).junitNotEvaluated(gate, context.stamp)),
    },
    markdown: {
      summary: 'a Markdown summary saying why',
      write: async ({ gate }, t) => t.out.write((await markdown()).markdownNotEvaluated(gate)),
    },
    sarif: {
      summary: 'a SARIF log of an unsuccessful invocation',
      async write({ gate, context }, t) {
        const { sarifNotEvaluated } = await sarif();
        await t.out.write(await sarifNotEvaluated(gate, context.toolVersion, context.automationId));
      },
    },
    codequality: {
      summary: 'one blocker issue saying why',
      async write(doc, t) {
        const { codeQualityNotEvaluated } = await import('../formats/codequality.js');
        await t.out.write(codeQualityNotEvaluated(notice(doc), doc.context.rulesPath));
      },
    },
    'gitlab-sast': {
      summary: 'a scan with status failure, saying why',
      async write(doc, t) {
        const { writeGitlabSast } = await import('../formats/gitlab-sast.js');
        const started = new Date(`${doc.context.stamp.timestamp}Z`);
        await writeGitlabSast(t.out, [], {
          toolVersion: doc.context.toolVersion,
          started,
          failure: notice(doc),
        });
      },
    },
  },
  github: async (doc) => ({
    annotations: [{ level: 'error', title: 'secscan: gate not evaluated', message: notice(doc) }],
    rest: '',
    summary: (await markdown()).markdownNotEvaluated(doc.gate),
  }),
});
