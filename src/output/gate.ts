import type { ChalkInstance } from 'chalk';
import type { OutputFormat } from './format.js';
import { junitNotEvaluated, junitReport, type RunStamp } from './reports/junit.js';
import { markdownNotEvaluated, markdownReport } from './reports/markdown.js';
import {
  type GateReport,
  jsonNotEvaluated,
  jsonReport,
  type NotEvaluated,
  type RuleRow,
  verdictLine,
} from './reports/model.js';
import { sarifNotEvaluated, sarifReport } from './reports/sarif.js';
import { csvCell, safeJson, sanitize } from './sanitize.js';
import { yamlText } from './render.js';
import { renderTable } from './table.js';
import { cellValue, selectColumns } from './view.js';
import { gateRuleView } from './views/scans.js';
import type { OutputWriter } from './writer.js';

/** The report files a gate writes (`--report-json` and the like), by kind. */
export type GateReportKind = 'json' | 'junit' | 'sarif' | 'markdown';

/** What every report of one run shares: the tool's version, the SARIF category, when and where. */
export interface ReportContext {
  toolVersion: string;
  automationId: string;
  stamp: RunStamp;
}

/** The text of one report file. */
export async function gateReportText(
  kind: GateReportKind,
  report: GateReport,
  context: ReportContext,
): Promise<string> {
  switch (kind) {
    case 'json':
      return `${safeJson(jsonReport(report), 2)}\n`;
    case 'junit':
      return junitReport(report, context.stamp);
    case 'sarif':
      return sarifReport(report, context.toolVersion, context.automationId);
    case 'markdown':
      return markdownReport(report);
  }
}

/** The text of one report file of a gate that was not evaluated: the reason instead of a verdict. */
export async function notEvaluatedText(
  kind: GateReportKind,
  gate: NotEvaluated,
  context: ReportContext,
): Promise<string> {
  switch (kind) {
    case 'json':
      return `${safeJson(jsonNotEvaluated(gate), 2)}\n`;
    case 'junit':
      return junitNotEvaluated(gate, context.stamp);
    case 'sarif':
      return sarifNotEvaluated(gate, context.toolVersion, context.automationId);
    case 'markdown':
      return markdownNotEvaluated(gate);
  }
}

/** The top findings of each failing rule, for a terminal. */
function humanFindings(report: GateReport, chalk: ChalkInstance): string {
  const parts: string[] = [];
  for (const row of report.rules.filter((r) => r.result === 'fail')) {
    const top = report.findings[row.rule] ?? [];
    if (!top.length) continue;
    parts.push(`\nTop findings of ${chalk.bold(sanitize(row.rule))}:`);
    for (const f of top) {
      const where = [f.app, f.location].filter(Boolean).join(' ');
      parts.push(
        `  #${f.id ?? '?'}  ${sanitize(f.severity).padEnd(8)}  ${sanitize(f.title)}${where ? chalk.dim(`  (${sanitize(where)})`) : ''}`,
      );
    }
  }
  return parts.length ? `${parts.join('\n')}\n` : '';
}

export interface GateRenderOptions {
  format: OutputFormat;
  fields: string[] | undefined;
  context: ReportContext;
  /** Where the verdict line goes when stdout holds data (stderr). */
  note: (message: string) => void;
}

/**
 * A gate's output in the format chosen by -o: on a table, the rules with a TOTAL row, the verdict line and
 * the top findings of each failing rule; elsewhere the data on stdout and the verdict line on stderr.
 */
export function renderGate(
  report: GateReport,
  options: GateRenderOptions,
): (out: OutputWriter, chalk: ChalkInstance) => Promise<void> {
  const { format, fields, context, note } = options;
  return async (out, chalk) => {
    const columns = selectColumns(gateRuleView, fields);
    switch (format) {
      case 'table': {
        const total: RuleRow = {
          rule: 'TOTAL',
          matched: report.totals.matched,
          reachable: report.totals.reachable,
          // A total has no threshold: the cell stays blank.
          threshold: '' as unknown as number,
          over: report.totals.over,
          result: report.passed ? 'pass' : 'fail',
        };
        await out.write(renderTable([...report.rules, total], columns, chalk));
        const line = verdictLine(report);
        await out.write(
          `\n${report.passed ? chalk.green(line) : chalk.red.bold(line)}\n${humanFindings(report, chalk)}`,
        );
        return;
      }
      case 'json':
        await out.write(`${safeJson(jsonReport(report), 2)}\n`);
        break;
      case 'yaml':
        await out.write(await yamlText(jsonReport(report)));
        break;
      case 'ndjson':
        for (const row of report.rules) await out.write(`${safeJson(row)}\n`);
        break;
      case 'csv':
        await out.write(`${columns.map((c) => csvCell(c.key)).join(',')}\n`);
        for (const row of report.rules) {
          await out.write(`${columns.map((c) => csvCell(cellValue(c, row))).join(',')}\n`);
        }
        break;
      case 'junit':
      case 'markdown':
      case 'sarif':
        await out.write(await gateReportText(format, report, context));
        break;
      default:
        for (const row of report.rules) {
          await out.write(`${columns.map((c) => sanitize(String(cellValue(c, row)))).join('\t')}\n`);
        }
    }
    note(verdictLine(report));
  };
}
