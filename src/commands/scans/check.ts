import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { ChalkInstance } from 'chalk';
import { operations } from '../../api/operations/index.js';
import type { CheckBody, CheckResult, CheckRule } from '../../api/schemas/scans.js';
import type { Context } from '../../context.js';
import { ConfigError, UsageError } from '../../errors.js';
import { csvCell, sanitize } from '../../output/sanitize.js';
import { renderTable } from '../../output/table.js';
import { defineView, selectColumns } from '../../output/view.js';
import type { OutputWriter } from '../../output/writer.js';
import type { Result, RunInput } from '../types.js';
import { parseInteger, requireNonEmpty } from '../validate.js';
import { junitReport } from '../../output/reports/junit.js';
import { markdownReport } from '../../output/reports/markdown.js';
import { type GateReport, gateReport, jsonReport, type RuleRow, verdictLine } from '../../output/reports/model.js';
import { sarifReport } from '../../output/reports/sarif.js';
import { writeReportFile } from '../../output/reports/write.js';
import { parseRules } from '../../rules/rules-file.js';

export const view = defineView<RuleRow>({
  columns: [
    { key: 'rule', header: 'RULE' },
    { key: 'matched', header: 'MATCHED' },
    { key: 'reachable', header: 'REACHABLE' },
    { key: 'threshold', header: 'THRESHOLD' },
    { key: 'over', header: 'OVER' },
    {
      key: 'result',
      header: 'RESULT',
      get: (r) => r.result.toUpperCase(),
      style: (text, _r, chalk) => (text === 'FAIL' ? chalk.red.bold(text) : chalk.green(text)),
    },
  ],
});

const reportFlags = [
  ['reportJson', '--report-json'],
  ['reportJunit', '--report-junit'],
  ['reportSarif', '--report-sarif'],
  ['reportMarkdown', '--report-markdown'],
] as const;

const policyPattern = /^[\w.-]+(:[\w.-]+)?$/;

export function validate({ opts }: RunInput): void {
  if (opts.compound === undefined)
    throw new UsageError('--compound is required (see `secscan compounds list`)');
  requireNonEmpty('--compound', opts.compound);
  if ((opts.rules === undefined) === (opts.policy === undefined)) {
    throw new UsageError('give exactly one of --rules FILE or --policy NAME[:TAG]');
  }
  if (opts.rules !== undefined) requireNonEmpty('--rules', opts.rules);
  if (opts.policy !== undefined && !policyPattern.test(opts.policy)) {
    throw new UsageError(
      `invalid value for --policy: ${JSON.stringify(opts.policy)} (expected NAME or NAME:TAG)`,
    );
  }
  for (const flag of ['sourceBranch', 'targetBranch'] as const) {
    if (opts[flag] !== undefined)
      requireNonEmpty(flag === 'sourceBranch' ? '--source-branch' : '--target-branch', opts[flag]);
  }
  parseInteger('--num-findings', opts.numFindings, 0, 100);
  const seen = new Map<string, string>();
  for (const [key, flag] of reportFlags) {
    const path = opts[key] as string | undefined;
    if (path === undefined) continue;
    requireNonEmpty(flag, path);
    const full = resolve(path);
    const other = seen.get(full);
    if (other) throw new UsageError(`${flag} and ${other} name the same file ${path}`);
    if (opts.rules !== undefined && resolve(opts.rules) === full)
      throw new UsageError(`${flag} would overwrite the --rules file ${path}`);
    seen.set(full, flag);
    let dir: ReturnType<typeof statSync> | undefined;
    try {
      dir = statSync(dirname(full));
    } catch {
      dir = undefined;
    }
    if (!dir?.isDirectory())
      throw new UsageError(`invalid value for ${flag}: the directory of ${path} does not exist`);
  }
}

async function loadRules(
  ctx: Context,
  opts: RunInput['opts'],
): Promise<{ rules: CheckRule[]; label: string }> {
  if (opts.rules !== undefined) {
    const path = opts.rules as string;
    let text: string;
    try {
      if (path === '-') text = await ctx.readStdin();
      else {
        if ((await stat(path)).isDirectory()) throw new Error('it is a directory');
        text = await readFile(path, 'utf8');
      }
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
      throw new ConfigError(`--rules: cannot read ${path}: ${reason}`);
    }
    const label = path === '-' ? '<stdin>' : path;
    return { rules: parseRules(text, label, /\.json$/i.test(path)), label };
  }
  const reference = opts.policy as string;
  const client = await ctx.client();
  const text = await ctx.spin(`Resolving policy ${reference}`, () =>
    client.call<string>(operations.ResolveCheckAnalysisConfiguration, { path: { reference } }),
  );
  const label = `policy ${reference}`;
  return { rules: parseRules(text, label), label };
}

function body(opts: RunInput['opts'], rules: CheckRule[]): CheckBody {
  const numFindings = parseInteger('--num-findings', opts.numFindings, 0, 100);
  return {
    version: 2,
    meta: { kind: opts.kind ?? 'diff', ...(numFindings === undefined ? {} : { num_findings: numFindings }) },
    ...(opts.sourceBranch ? { source: { branch: opts.sourceBranch } } : {}),
    ...(opts.targetBranch ? { target: { branch: opts.targetBranch } } : {}),
    rules,
  };
}

async function writeReports(ctx: Context, opts: RunInput['opts'], report: GateReport): Promise<void> {
  const makers: Record<string, () => Promise<string> | string> = {
    reportJson: () => `${JSON.stringify(jsonReport(report), null, 2)}\n`,
    reportJunit: () => junitReport(report),
    reportSarif: () => sarifReport(report, ctx.version),
    reportMarkdown: () => markdownReport(report),
  };
  for (const [key, flag] of reportFlags) {
    const path = opts[key] as string | undefined;
    if (path === undefined) continue;
    await writeReportFile(flag, path, await (makers[key] as () => Promise<string> | string)());
    ctx.debug(`wrote ${flag} ${path}`);
  }
}

function humanFindings(report: GateReport, chalk: ChalkInstance): string {
  const parts: string[] = [];
  for (const row of report.rules.filter((r) => r.result === 'fail')) {
    const top = report.findings[row.rule] ?? [];
    if (!top.length) continue;
    parts.push(`\nTop findings of ${chalk.bold(row.rule)}:`);
    for (const f of top) {
      const where = [f.app, f.location].filter(Boolean).join(' ');
      parts.push(
        `  #${f.id ?? '?'}  ${f.severity.padEnd(8)}  ${sanitize(f.title)}${where ? chalk.dim(`  (${sanitize(where)})`) : ''}`,
      );
    }
  }
  return parts.length ? `${parts.join('\n')}\n` : '';
}

async function render(
  ctx: Context,
  report: GateReport,
  out: OutputWriter,
  chalk: ChalkInstance,
): Promise<void> {
  const columns = selectColumns(view, ctx.fields);
  const total: RuleRow = {
    rule: 'TOTAL',
    matched: report.totals.matched,
    reachable: report.totals.reachable,
    threshold: Number.NaN,
    over: report.totals.over,
    result: report.passed ? 'pass' : 'fail',
  };
  switch (ctx.format) {
    case 'table': {
      const rows = [...report.rules, { ...total, threshold: '' as unknown as number }];
      await out.write(renderTable(rows, columns, chalk));
      const line = verdictLine(report);
      await out.write(
        `\n${report.passed ? chalk.green(line) : chalk.red.bold(line)}\n${humanFindings(report, chalk)}`,
      );
      return;
    }
    case 'json':
      await out.write(`${JSON.stringify(jsonReport(report), null, 2)}\n`);
      break;
    case 'yaml': {
      const { stringify } = await import('yaml');
      await out.write(stringify(jsonReport(report)));
      break;
    }
    case 'ndjson':
      for (const row of report.rules) await out.write(`${JSON.stringify(row)}\n`);
      break;
    case 'csv':
      await out.write(`${columns.map((c) => csvCell(c.key)).join(',')}\n`);
      for (const row of report.rules)
        await out.write(
          `${columns.map((c) => csvCell(c.get ? c.get(row) : row[c.key as keyof RuleRow])).join(',')}\n`,
        );
      break;
    case 'junit':
      await out.write(junitReport(report));
      break;
    case 'markdown':
      await out.write(markdownReport(report));
      break;
    case 'sarif':
      await out.write(await sarifReport(report, ctx.version));
      break;
    default:
      for (const row of report.rules) {
        await out.write(
          `${columns.map((c) => sanitize(String(c.get ? c.get(row) : row[c.key as keyof RuleRow]))).join('\t')}\n`,
        );
      }
  }
  ctx.note(verdictLine(report));
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const { rules, label } = await loadRules(ctx, opts);
  const compound = opts.compound as string;
  const request = body(opts, rules);
  const client = await ctx.client();
  const result = await ctx.spin(`Checking ${compound} against ${rules.length} rule(s)`, () =>
    client.call<CheckResult>(operations.CheckScans, { path: { compoundName: compound }, body: request }),
  );
  const enforced = opts.failOn !== 'none';
  const report = gateReport(result, rules, { compound, kind: request.meta.kind, policy: label, enforced });
  await writeReports(ctx, opts, report);
  return {
    kind: 'custom',
    render: (out, chalk) => render(ctx, report, out, chalk),
    exitCode: report.passed || !enforced ? 0 : 1,
  };
}
