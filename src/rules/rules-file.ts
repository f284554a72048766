import { type Document, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { type CheckRule, CheckRulesFile } from '../api/schemas/scans.js';
import { findingTypes } from '../api/values.js';
import { ConfigError } from '../errors.js';

/**
 * The rules-file format: what `scans check --rules` reads and what a stored check-analysis policy holds
 * (the sandbox reads policies with it too). Parsing and checking, every problem at a line of the file.
 */

const severities = ['critical', 'high', 'medium', 'low'];
/** Finding fields and the tags findings carry: a misspelt key would match nothing and pass the gate. */
export const ruleTagKeys = [
  'severity',
  'type',
  'finding_type',
  'category',
  'owasp_category',
  'status',
  'app',
  'cwe',
  'cwe_category',
  'language',
  'reachability',
  'cve',
  'package_url',
  'cvss_score',
];

/** A problem in a rules file, at a line; the message is `file:line: reason`. */
export class RulesFileError extends ConfigError {}

type Path = (string | number)[];

function fail(label: string, line: number, reason: string): never {
  throw new RulesFileError(`${label}:${line}: ${reason}`, {
    hint: 'a rules file holds `rules:`, a list of {id, tags: {key: [values]}, threshold, num_findings}',
  });
}

function describePath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The line of the node at `path` (or of its key), or of its nearest existing parent. */
function lineOf(doc: Document, counter: LineCounter, path: Path, key?: string): number {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    const target =
      n === path.length && key !== undefined && isMap(node)
        ? node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === key)?.key
        : node;
    const offset = (target as { range?: [number, number, number] } | undefined)?.range?.[0];
    if (offset !== undefined && (n > 0 || isMap(node) || isSeq(node))) return counter.linePos(offset).line;
  }
  return 1;
}

function jsonErrorLine(text: string, error: Error): number {
  const explicit = /line (\d+)/.exec(error.message);
  if (explicit) return Number(explicit[1]);
  const position = /position (\d+)/.exec(error.message);
  return position ? text.slice(0, Number(position[1])).split('\n').length : 1;
}

/**
 * Parses a rules file (YAML, or JSON when `json` is set) into check rules. Every problem is a
 * configuration error naming the file and line: a gate never runs on rules it did not understand.
 */
export function parseRules(text: string, label: string, json = false): CheckRule[] {
  if (json) {
    try {
      JSON.parse(text);
    } catch (error) {
      fail(
        label,
        jsonErrorLine(text, error as Error),
        `not valid JSON: ${(error as Error).message.replace(/ in JSON at position \d+.*$/, '')}`,
      );
    }
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax)
    fail(label, counter.linePos(syntax.pos[0]).line, `not valid YAML: ${syntax.message.split('\n')[0]}`);
  if (doc.contents === null) fail(label, 1, 'the file is empty: expected `rules:`');
  const data: unknown = doc.toJS();
  const parsed = CheckRulesFile.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
    if (!issue) fail(label, 1, 'not a rules file');
    const path = issue.path as Path;
    if (issue.code === 'unrecognized_keys') {
      const key = issue.keys[0] as string;
      const where = path.length ? `${describePath(path)}: ` : '';
      fail(label, lineOf(doc, counter, path, key), `${where}unknown key ${JSON.stringify(key)}`);
    }
    const where = path.length ? `${describePath(path)}: ` : '';
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    fail(label, lineOf(doc, counter, path), `${where}${missing ? 'is required' : issue.message}`);
  }
  const rules = parsed.data.rules;
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    if (seen.has(rule.id)) {
      fail(
        label,
        lineOf(doc, counter, ['rules', i, 'id']),
        `rules[${i}].id: duplicate rule id ${JSON.stringify(rule.id)}`,
      );
    }
    seen.add(rule.id);
    for (const key of Object.keys(rule.tags ?? {})) {
      if (!ruleTagKeys.includes(key)) {
        fail(
          label,
          lineOf(doc, counter, ['rules', i, 'tags'], key),
          `rules[${i}].tags: unknown tag key ${JSON.stringify(key)} (choose from ${ruleTagKeys.join(', ')})`,
        );
      }
    }
    for (const [key, allowed] of [
      ['severity', severities],
      ['type', findingTypes],
      ['finding_type', findingTypes],
    ] as const) {
      const values = rule.tags?.[key] ?? [];
      values.forEach((value, j) => {
        if (!(allowed as readonly string[]).includes(value.toLowerCase())) {
          fail(
            label,
            lineOf(doc, counter, ['rules', i, 'tags', key, j]),
            `rules[${i}].tags.${key}: unknown ${key.replace('finding_', '')} ${JSON.stringify(value)} (choose from ${allowed.join(', ')})`,
          );
        }
      });
    }
  });
  return rules;
}
