import { type Document, isMap, isPair, isScalar, isSeq, type LineCounter } from 'yaml';
import type * as z from 'zod';
import { parseYamlInput, yamlValue } from '../yaml-input.js';
import { RulesFileError } from './error.js';

export type Path = (string | number)[];

/** A parsed file with what it takes to name the line of any of its nodes. */
export interface LinedDoc {
  doc: Document;
  counter: LineCounter;
  label: string;
  /** The `hint:` line of every error of this file (what the format holds). */
  hint: string;
}

export function fail(file: LinedDoc | { label: string; hint: string }, line: number, reason: string): never {
  throw new RulesFileError(`${file.label}:${line}: ${reason}`, file.hint);
}

export function describePath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The line of the node at `path` (or of its key), or of its nearest existing parent. */
export function lineOf(file: LinedDoc, path: Path, key?: string): number {
  const { doc, counter } = file;
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
 * Parses YAML (or JSON when `json` is set); a syntax error or an empty file is a line-numbered error.
 * `expected` is what an empty file is told to hold (the rules file's `rules:`, the ignore file's `ignores:`).
 */
export function parseLined(
  text: string,
  label: string,
  json: boolean,
  hint: string,
  expected = '`rules:`',
): { file: LinedDoc; data: unknown } {
  const where = { label, hint };
  if (json) {
    try {
      JSON.parse(text);
    } catch (error) {
      fail(
        where,
        jsonErrorLine(text, error as Error),
        `not valid JSON: ${(error as Error).message.replace(/ in JSON at position \d+.*$/, '')}`,
      );
    }
  }
  const { doc, counter, problem } = parseYamlInput(text);
  if (problem)
    fail(where, problem.line, problem.syntax ? `not valid YAML: ${problem.message}` : problem.message);
  if (doc.contents === null) fail(where, 1, `the file is empty: expected ${expected}`);
  const value = yamlValue({ doc, counter });
  if (value.problem) fail(where, value.problem.line, value.problem.message);
  return { file: { doc, counter, label, hint }, data: value.data };
}

/** The first problem zod found, at its line: an unknown key first (a misspelt key is the likeliest). */
export function failSchema(file: LinedDoc, issues: readonly z.core.$ZodIssue[]): never {
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  if (!issue) fail(file, 1, 'not a rules file');
  const path = issue.path as Path;
  const where = path.length ? `${describePath(path)}: ` : '';
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] as string;
    fail(file, lineOf(file, path, key), `${where}unknown key ${JSON.stringify(key)}`);
  }
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  fail(file, lineOf(file, path), `${where}${missing ? 'is required' : issue.message}`);
}
