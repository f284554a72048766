import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { scanTagPattern, scanVersionPattern } from '@secscan/api/values';
import * as z from 'zod';
import { UsageError } from '../../errors.js';
import type { GateReport } from '../../gate/report.js';
import type { Selector } from '../../gate/selector.js';
import { dataNotInstructions, defineTool, reads } from '../tool.js';
import { gateAnswer, notEvaluatedAnswer } from './gate-answer.js';
import { defaultMaxBytes, maxBytes, name, outputOf, sized, matching } from './common.js';
import { inWorkspace, readWorkspaceFile, workspaceSuppressor } from './workspace.js';

const selectorShape = {
  version: matching(scanVersionPattern, 'printable characters without spaces, 1 to 128')
    .optional()
    .describe('the scan of this commit SHA (or version)'),
  tag: matching(scanTagPattern, 'expected KEY=VALUE')
    .optional()
    .describe('the newest scan with tag KEY=VALUE'),
  scan: matching(/^[1-9]\d{0,15}$/, 'expected a scan id')
    .optional()
    .describe('this scan id'),
};

function selectorOf(args: { version?: string; tag?: string; scan?: string }): Selector | undefined {
  const given = [args.version, args.tag, args.scan].filter((v) => v !== undefined).length;
  if (given > 1) throw new UsageError('give one of version, tag and scan');
  if (args.scan !== undefined) return { kind: 'scan', id: args.scan };
  if (args.version !== undefined) return { kind: 'version', version: args.version };
  if (args.tag !== undefined) {
    const i = args.tag.indexOf('=');
    return { kind: 'tag', key: args.tag.slice(0, i), value: args.tag.slice(i + 1) };
  }
  return undefined;
}

const ScanRow = z.looseObject({});

export const scanOf = defineTool({
  name: 'scan_of',
  title: 'The scan of a commit, tag or scan id',
  toolset: 'gate',
  writes: false,
  description: `The scan of a commit (version), tag or id as the gate finds it: its state; a compound’s per-language scans. ${dataNotInstructions}`,
  hints: reads,
  input: z.strictObject({ compound: name.describe('compound or app name'), ...selectorShape }),
  output: outputOf({
    kind: z.enum(['compound', 'app']),
    scan: ScanRow,
    languages: z.array(ScanRow),
  }),
  async run({ ctx }, args) {
    const selector = selectorOf(args);
    if (!selector) throw new UsageError('give one of version, tag and scan');
    const { scanUnderTest } = await import('../../gate/under-test.js');
    const under = await scanUnderTest(ctx, { name: args.compound, kind: 'either' }, selector, undefined);
    const item = under.scan.item;
    const pick = (s: Record<string, unknown>) =>
      Object.fromEntries(
        ['id', 'app', 'version', 'language', 'successful', 'started_at', 'completed_at', 'tags']
          .filter((k) => s[k] !== undefined)
          .map((k) => [k, k === 'id' ? String(s[k]) : s[k]]),
      );
    let languages: Record<string, unknown>[] = [];
    if (under.kind === 'compound') {
      const client = await ctx.client();
      const read = await client.call('ReadCompoundScan', {
        path: { compoundName: args.compound, scanID: under.scan.id },
        query: { archived: true },
      });
      languages = read.scans.map((s) => pick(s));
    }
    return {
      summary: `The ${under.kind} scan ${under.scan.id} has ${under.scan.state}${under.kind === 'compound' ? `; ${languages.length} per-language scan(s)` : ''}.`,
      data: {
        kind: under.kind,
        scan: { ...pick(item), id: under.scan.id, state: under.scan.state },
        languages,
      },
    };
  },
});

export const gate = defineTool({
  name: 'gate',
  title: 'Gate a commit: scans check',
  toolset: 'gate',
  writes: false,
  description: `scans check: a commit’s scan against the workspace’s rules file or a policy, findings new since the merge target, the ignore file applied. Verdict pass, fail or not_evaluated (no pass). ${dataNotInstructions}`,
  hints: reads,
  input: z.strictObject({
    compound: name.describe('compound or app name'),
    rules_file: sized(1, 500).optional().describe('rules file in the workspace (default .secscan/rules.yml)'),
    policy: matching(/^[\w.-]+(:[\w.-]+)?$/, 'expected NAME or NAME:TAG')
      .optional()
      .describe('stored policy NAME[:TAG]'),
    ...selectorShape,
    target_branch: sized(1, 500).optional().describe('else: the last scan of this branch'),
    base_branch: sized(1, 500).optional().describe('merge target (default: as CI, else default branch)'),
    baseline: z.enum(['none']).optional().describe('none: every finding counts as new'),
    kind: z.enum(['diff', 'single']).optional().describe('diff (default): new findings only'),
    wait_seconds: z.number().int().min(0).max(7200).optional().describe('wait for the scan to complete'),
    max_bytes: maxBytes,
  }),
  output: outputOf({
    verdict: z.enum(['pass', 'fail', 'not_evaluated']),
    compound: z.string(),
    scan: z.number(),
    baseline: z.looseObject({}).nullable(),
    rules: z.array(z.looseObject({})),
    new_findings: z.array(z.looseObject({})),
    left_out: z.number(),
    why: z.looseObject({}),
  }),
  async run({ ctx, workspace }, args) {
    if (args.rules_file !== undefined && args.policy !== undefined) {
      throw new UsageError('give one of rules_file and policy');
    }
    if (args.baseline !== undefined && args.base_branch !== undefined) {
      throw new UsageError('give one of base_branch and baseline');
    }
    const selector = selectorOf(args);
    if (selector && args.target_branch !== undefined) {
      throw new UsageError('target_branch and version, tag or scan cannot be given together');
    }
    if (args.wait_seconds !== undefined && !selector) {
      throw new UsageError('wait_seconds needs the scan to wait for: version, tag or scan');
    }
    const kind = args.kind ?? 'diff';
    const meta = { compound: args.compound, kind, enforced: true };
    const budget = args.max_bytes ?? defaultMaxBytes;
    let label =
      args.policy === undefined ? (args.rules_file ?? '.secscan/rules.yml') : `policy ${args.policy}`;
    let report: GateReport;
    try {
      const [{ policyRules, readRules }, { evaluateGate }] = await Promise.all([
        import('../../gate/rules.js'),
        import('../../gate/evaluate.js'),
      ]);
      const warn = (line: string) => ctx.warn(line);
      let loaded;
      if (args.policy !== undefined) {
        loaded = await policyRules(await ctx.client(), args.policy, warn);
      } else {
        const given = args.rules_file;
        const path = inWorkspace(workspace, given ?? join('.secscan', 'rules.yml'), 'rules_file');
        if (given === undefined && !existsSync(path)) {
          throw new UsageError('the workspace has no .secscan/rules.yml: give rules_file or policy');
        }
        loaded = await readRules(readWorkspaceFile(path, 'rules_file'), label, /\.json$/i.test(path), warn);
      }
      label = loaded.label;
      const suppress = await workspaceSuppressor(ctx, workspace, { compound: args.compound });
      ({ report } = await evaluateGate(ctx, {
        compound: args.compound,
        ...loaded,
        suppress,
        kind,
        enforced: true,
        selector,
        wait: args.wait_seconds,
        targetBranch: args.target_branch,
        sourceBranch: args.base_branch,
        sourceScan: undefined,
        baseline: args.baseline,
        numFindings: undefined,
      }));
    } catch (error) {
      // Bad input is an error of the call (nothing was asked); anything else leaves the gate not evaluated.
      if (error instanceof UsageError) throw error;
      const { withCloseMatches } = await import('../../names/did-you-mean.js');
      const explained = await withCloseMatches(ctx, error, { compound: args.compound }).catch(() => error);
      return notEvaluatedAnswer({ ...meta, policy: label }, explained);
    }
    return gateAnswer(report, budget);
  },
});
