import { LineCounter, parseDocument } from 'yaml';

/**
 * A YAML or JSON file the user gave (rules, policies, access, configuration, provisioning), parsed so that
 * it cannot run away (issue 18, item 5): besides the size of every input (the CLI's src/util/input-file.ts), at most
 * `maxInputValues` lines and list items (the parser's time and memory grow with the nodes, not the bytes:
 * a 4 MiB flow list took 17 s and 2 GB), nesting at most `maxInputDepth` deep (the parser recurses), and
 * aliases expanded at most `maxInputAliases` times (a "billion laughs" file). Each is refused with its line.
 */
export const maxInputValues = 100_000;
export const maxInputDepth = 64;
export const maxInputAliases = 100;

export interface YamlProblem {
  line: number;
  message: string;
}

export interface YamlInput {
  doc: ReturnType<typeof parseDocument>;
  counter: LineCounter;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Counts, before parsing, the lines and the `,` `[` `{` that could each start a value, and the nesting of
 * `[` and `{` (quoted text and comments skipped; a quote opens a string only where a value starts).
 */
function precheck(text: string): YamlProblem | undefined {
  // YAML allows no NUL anywhere, quoted or not (the parser would take it as text).
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    const line = text.slice(0, nul).split('\n').length;
    return { line, message: 'holds a NUL byte, which YAML does not allow' };
  }
  let line = 1;
  let values = 0;
  let depth = 0;
  let previous = '\n';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\n') {
      line++;
      values++;
    } else if (c === '#' && /\s/.test(previous)) {
      const end = text.indexOf('\n', i);
      i = (end < 0 ? text.length : end) - 1;
      continue;
    } else if ((c === '"' || c === "'") && /[\s[{,:-]/.test(previous)) {
      let j = i + 1;
      for (; j < text.length; j++) {
        const d = text[j];
        if (d === '\n') line++;
        if (c === '"' && d === '\\') j++;
        else if (d === c) {
          if (c === "'" && text[j + 1] === "'") j++;
          else break;
        }
      }
      i = j;
      previous = c;
      continue;
    } else if (c === '[' || c === '{') {
      values++;
      if (++depth > maxInputDepth) return { line, message: `nested deeper than ${maxInputDepth} levels` };
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
    else if (c === ',') values++;
    if (values > maxInputValues)
      return { line, message: `more than ${fmt(maxInputValues)} lines and list items: too many to read` };
    previous = c;
  }
  return undefined;
}

/** The deepest nesting of a parsed value, counted without recursion, stopping past `max`. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Parses the text (with line numbers and unique keys). `problem` is a limit it breaks, or its first syntax
 * error (`syntax` set: the caller words it); the parser's own "too deep" is reported as nesting.
 */
export function parseYamlInput(text: string): YamlInput & { problem?: YamlProblem & { syntax?: boolean } } {
  const counter = new LineCounter();
  const limit = precheck(text);
  if (limit) return { doc: parseDocument(''), counter, problem: limit };
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const error = doc.errors[0];
  if (!error) return { doc, counter };
  const line = counter.linePos(error.pos[0]).line;
  if (error.code === 'RESOURCE_EXHAUSTION' && /call stack/i.test(error.message))
    return { doc, counter, problem: { line, message: `nested deeper than ${maxInputDepth} levels` } };
  return { doc, counter, problem: { line, message: error.message.split('\n')[0] ?? '', syntax: true } };
}

/** The document's value, aliases expanded at most `maxInputAliases` times and nested at most so deep. */
export function yamlValue(input: YamlInput): { data: unknown; problem?: YamlProblem } {
  let data: unknown;
  try {
    data = input.doc.toJS({ maxAliasCount: maxInputAliases });
  } catch (error) {
    if (error instanceof RangeError)
      return { data: undefined, problem: { line: 1, message: `nested deeper than ${maxInputDepth} levels` } };
    if (!(error instanceof ReferenceError)) throw error;
    const alias = /alias/i.test(error.message);
    return {
      data: undefined,
      problem: {
        line: 1,
        message: alias
          ? `its aliases (*name) expand to too much: at most ${maxInputAliases} are read`
          : error.message,
      },
    };
  }
  if (deeperThan(data, maxInputDepth))
    return { data: undefined, problem: { line: 1, message: `nested deeper than ${maxInputDepth} levels` } };
  return { data };
}
