import * as z from 'zod';
import type { Context } from '../../context.js';
import { ConfigError } from '../../errors.js';
import { readInputFile } from './files.js';

/**
 * Settings files (organization and team configuration, a webhook's token renewal): YAML or JSON, checked
 * against the request's strict schema before anything is sent. Every problem names the file and the line.
 */

type Path = (string | number)[];
type YamlModule = typeof import('yaml');
type Doc = ReturnType<YamlModule['parseDocument']>;
type Counter = InstanceType<YamlModule['LineCounter']>;

/** The text of FILE, or of standard input for `-`; unreadable or too long is a configuration error. */
export async function readTextFile(ctx: Context, path: string, what: string): Promise<string> {
  return readInputFile(ctx, path, { what });
}

export const fileLabel = (path: string): string => (path === '-' ? '<stdin>' : path);

function describePath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The line of the node at `path` (or of `key` inside it), else of its nearest existing parent. */
function lineOf(yaml: YamlModule, doc: Doc, counter: Counter, path: Path, key?: string): number {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    const target =
      n === path.length && key !== undefined && yaml.isMap(node)
        ? node.items.find((item) => yaml.isScalar(item.key) && item.key.value === key)?.key
        : node;
    const offset = (target as { range?: [number, number, number] } | undefined)?.range?.[0];
    if (offset !== undefined) return counter.linePos(offset).line;
  }
  return 1;
}

/** `null` (a key written without a value) means "not set", as if the key were absent. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, dropNulls(v)]),
  );
}

/** The keys an object of `schema` takes at `path` (through optional values and lists). */
function keysAt(schema: z.ZodType, path: Path): string[] {
  let node: z.ZodType | undefined = schema;
  for (let i = 0; node && i <= path.length; i++) {
    while (node instanceof z.ZodOptional || node instanceof z.ZodNullable) node = node.unwrap() as z.ZodType;
    if (i === path.length) break;
    const step = path[i];
    if (node instanceof z.ZodArray && typeof step === 'number') node = node.element as z.ZodType;
    else if (node instanceof z.ZodObject && typeof step === 'string') node = node.shape[step] as z.ZodType;
    else node = undefined;
  }
  return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * Parses a YAML or JSON settings file and checks it against `schema` (a strict object): unknown keys,
 * values outside an enumeration and wrong types are configuration errors at `file:line`.
 */
export async function parseSettingsFile<S extends z.ZodType>(
  text: string,
  label: string,
  schema: S,
  hint: string,
): Promise<z.output<S>> {
  const [yaml, { parseYamlInput, yamlValue }] = await Promise.all([
    import('yaml'),
    import('@secscan/api/yaml-input'),
  ]);
  const fail = (line: number, reason: string): never => {
    throw new ConfigError(`${label}:${line}: ${reason}`, { hint });
  };
  const { doc, counter, problem } = parseYamlInput(text);
  if (problem)
    fail(problem.line, problem.syntax ? `not valid YAML or JSON: ${problem.message}` : problem.message);
  const value = yamlValue({ doc, counter });
  if (value.problem) fail(value.problem.line, value.problem.message);
  const data = dropNulls(value.data);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    fail(1, 'expected a mapping of settings (key: value)');
  }
  const checked = schema.safeParse(data);
  if (checked.success) return checked.data;
  const issues = checked.error.issues;
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  if (!issue) return fail(1, 'not a settings file');
  const path = issue.path as Path;
  const where = path.length ? `${describePath(path)}: ` : '';
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] as string;
    const known = keysAt(schema, path);
    const choose = known.length ? ` (choose from ${known.join(', ')})` : '';
    return fail(lineOf(yaml, doc, counter, path, key), `${where}unknown key ${JSON.stringify(key)}${choose}`);
  }
  const line = lineOf(yaml, doc, counter, path);
  if (issue.code === 'invalid_type' && doc.getIn(path) === undefined)
    return fail(line, `${where}is required`);
  if (issue.code === 'invalid_value') {
    const given = doc.getIn(path);
    const allowed = issue.values.map(String).join(', ');
    return fail(line, `${where}unknown value ${valueText(given)} (choose from ${allowed})`);
  }
  return fail(line, `${where}${issue.message}`);
}
