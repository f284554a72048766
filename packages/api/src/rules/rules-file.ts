import { type CheckRule, CheckRulesFile } from '../schemas/scans.js';
import type { RulesFile } from './own-rules.js';
import { fail, failSchema, type LinedDoc, lineOf, parseLined, type Path } from './lines.js';
import { ownHint, ownRulesFile, ownRulesProblem } from './own-rules.js';
import { readSlRules, slHint } from './sl-rules.js';

export { ruleTagKeys } from './own-rules.js';

/**
 * The rules-file format: what `scans check --rules` reads and what a stored check-analysis policy holds
 * (the sandbox reads policies with it too). secscan's own shape (`rules:`) and the `sl check-analysis`
 * build rules (`build_rules:`, v2 and the older v1) are read into one form; every problem is at a line.
 */

export type { RulesFile, RulesFormat } from './own-rules.js';

/** Duplicate ids, unknown tag keys and unknown severities and types: at the line of secscan's shape. */
function checkOwnRules(lined: LinedDoc, rules: readonly CheckRule[]): void {
  const problem = ownRulesProblem(rules);
  if (problem) fail(lined, lineOf(lined, problem.path, problem.key), problem.message);
}

/** Rule ids stay unique once an `sl` file is read (missing ids are numbered). */
function checkSlIds(lined: LinedDoc, rules: readonly CheckRule[]): void {
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    if (seen.has(rule.id)) {
      const path: Path = ['build_rules', i, 'id'];
      fail(lined, lineOf(lined, path), `build_rules[${i}].id: duplicate rule id ${JSON.stringify(rule.id)}`);
    }
    seen.add(rule.id);
  });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a rules file (YAML, or JSON when `json` is set) in either shape. Every problem is a configuration
 * error naming the file and line: a gate never runs on rules it did not understand.
 */
export function readRulesFile(text: string, label: string, json = false): RulesFile {
  const looksSl = /^\s*"?build_rules"?\s*:/m.test(text);
  const { file: lined, data } = parseLined(text, label, json, looksSl ? slHint : ownHint);
  if (isObject(data) && 'build_rules' in data) {
    lined.hint = slHint;
    if ('rules' in data) {
      fail(
        lined,
        lineOf(lined, [], 'rules'),
        'a file holds `rules:` (secscan) or `build_rules:` (sl), not both',
      );
    }
    const read = readSlRules(lined, data);
    checkSlIds(lined, read.file.rules);
    const warnings =
      read.version === 1
        ? [
            `${label} is an sl check-analysis v1 file (the old format): read with severity ` +
              'SEVERITY_HIGH_IMPACT/critical as critical and high, SEVERITY_MEDIUM_IMPACT/moderate as medium, ' +
              'SEVERITY_LOW_IMPACT/info as low; `secscan rules convert` writes it in the current shape',
          ]
        : [];
    return {
      format: read.version === 1 ? 'sl-v1' : 'sl-v2',
      file: read.file,
      rules: read.file.rules,
      ...(read.file.source ? { source: read.file.source } : {}),
      warnings,
    };
  }
  const parsed = CheckRulesFile.safeParse(data);
  if (!parsed.success) failSchema(lined, parsed.error.issues);
  checkOwnRules(lined, parsed.data.rules);
  return ownRulesFile(parsed.data);
}

/** The rules of a rules file in either shape (the sandbox's stored policies, the gate). */
export function parseRules(text: string, label: string, json = false): CheckRule[] {
  return readRulesFile(text, label, json).rules;
}
