import { maxInputValues } from '@secscan/api/yaml-input';

/**
 * A fast reader of the plain block-style YAML ignore files are written in (issue 33, §3): the `yaml`
 * package takes ~0.5 s over a 10,000-entry file (its lexer alone 0.1 s), more than the whole gate. It reads
 * line by line what it is certain of, giving what the full path (`parseLined`: Document, LineCounter,
 * `toJS`) gives, the same data and the line each entry starts on, and `undefined` for anything else
 * (a syntax error, a duplicate or unknown key, an anchor, a tag, an escape, a multi-line or block scalar, a
 * value the core schema would type other than as a string or a whole number...): the caller then takes the
 * full path, which words every error at its line. Never a guess: a wrong answer here would suppress a
 * finding nobody accepted, or let one through.
 *
 * The subset: optional comments and blank lines anywhere, an optional leading `---`, then `ignores:` at
 * column 0 holding `[]` or a block list of block maps, whose keys are an entry's, each a one-line scalar
 * (plain, 'single' or "double" quoted without backslash), but `scope:` a block map or a one-line flow map
 * of `apps`/`compounds`, each a one-line flow list or a block list of one-line scalars. LF or CRLF.
 * And JSON (YAML reads it as flow collections) whose object starts a line, with strings without a
 * backslash, whole numbers, and each key's `:` right after it.
 */

export interface FastIgnores {
  data: { ignores: Record<string, unknown>[] };
  /** The line each entry starts on (1-based), as `lineOf(lined, ['ignores', i])` says. */
  lines: number[];
}

const entryKeys = new Set([
  'id',
  'app',
  'category',
  'title',
  'path',
  'package',
  'versions',
  'reason',
  'owner',
  'expires',
  'scope',
]);
const scopeKeys = new Set(['apps', 'compounds']);

/** Thrown inside the reader for "not in the subset"; caught at its top. */
const notInSubset = Symbol('not in the subset');
function bail(): never {
  throw notInSubset;
}

/**
 * Characters the reader does not weigh (the full path decides): tabs, controls but LF/CR, C1 controls, BOM,
 * Unicode line separators, a CR not followed by LF.
 */
const unsafeChars = /[\0-\x08\t\x0B\x0C\x0E-\x1F\x7F-\x9F\uFEFF\u2028\u2029]/;
const loneCR = /\r(?!\n)/;

/**
 * What a plain scalar starts with when it is no plain string here: an indicator, or a number's or null's
 * start (a digit is weighed apart).
 */
const plainStart = new Set('-?:,[]{}#&*!|>\'"%@`+.~');
const nonStrings = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

/** A plain scalar's value as the YAML 1.2 core schema resolves it (a string, or a whole number), or bail. */
function plainValue(text: string): string | number {
  const first = text.charCodeAt(0);
  if (first >= 48 && first <= 57) {
    if (text.length <= 15 && /^\d+$/.test(text)) return Number(text);
    if (/^\d{4}-\d\d-\d\d$/.test(text)) return text;
    bail();
  }
  if (plainStart.has(text[0] as string) || (text.length <= 5 && nonStrings.has(text))) bail();
  return text;
}

/** What may follow a value on its line: spaces, then nothing or a comment (`#` after a space). */
function tailOk(line: string, from: number): boolean {
  let j = from;
  while (line.charCodeAt(j) === 32) j++;
  return j === line.length || (j > from && line.charCodeAt(j) === 35);
}

/** A quoted scalar starting at `from` (its quote): its value and the index past its closing quote. */
function quoted(line: string, from: number): [string, number] {
  const q = line[from];
  if (q === '"') {
    const end = line.indexOf('"', from + 1);
    if (end < 0) bail();
    const value = line.slice(from + 1, end);
    if (value.includes('\\')) bail();
    return [value, end + 1];
  }
  let value = '';
  let j = from + 1;
  for (;;) {
    const end = line.indexOf("'", j);
    if (end < 0) bail();
    value += line.slice(j, end);
    if (line[end + 1] === "'") {
      value += "'";
      j = end + 2;
    } else return [value, end + 1];
  }
}

/** A one-line scalar in block context, from `from` to the line's end (or a comment). */
function blockScalar(line: string, from: number): string | number {
  const c = line[from];
  if (c === '"' || c === "'") {
    const [value, end] = quoted(line, from);
    if (!tailOk(line, end)) bail();
    return value;
  }
  const hash = line.indexOf(' #', from);
  const text = (hash < 0 ? line.slice(from) : line.slice(from, hash)).trimEnd();
  if (text === '' || text.includes(': ') || text.endsWith(':')) bail();
  return plainValue(text);
}

/** A flow list on one line, `[a, 'b', "c"]` (no nesting, no trailing comma), from its `[`; and past its `]`. */
function flowList(line: string, from: number): [(string | number)[], number] {
  const items: (string | number)[] = [];
  let j = from + 1;
  const skip = () => {
    while (line.charCodeAt(j) === 32) j++;
  };
  skip();
  if (line[j] === ']') return [items, j + 1];
  for (;;) {
    skip();
    const c = line[j];
    if (c === '"' || c === "'") {
      const [value, end] = quoted(line, j);
      items.push(value);
      j = end;
    } else {
      let end = j;
      while (end < line.length && !',[]{}#:'.includes(line[end] as string)) end++;
      const text = line.slice(j, end).trimEnd();
      if (text === '') bail();
      items.push(plainValue(text));
      j = end;
    }
    skip();
    if (line[j] === ']') return [items, j + 1];
    if (line[j] !== ',') bail();
    j++;
  }
}

/** A flow map of scope keys on one line, `{apps: [a, b], compounds: [c]}`, from its `{`; and past its `}`. */
function flowScope(line: string, from: number): [Record<string, unknown>, number] {
  const map: Record<string, unknown> = {};
  let j = from + 1;
  for (;;) {
    while (line.charCodeAt(j) === 32) j++;
    const name = keyAt(line, j);
    if (name === undefined || !scopeKeys.has(name) || name in map) bail();
    const at = skipSpaces(line, j + name.length + 1);
    if (line[at] !== '[') bail();
    const [items, end] = flowList(line, at);
    map[name] = items;
    j = end;
    while (line.charCodeAt(j) === 32) j++;
    if (line[j] === '}') return [map, j + 1];
    if (line[j] !== ',') bail();
    j++;
  }
}

/** The key `[a-z]+` at `column`, followed by `:` and a space or the line's end, or `undefined`. */
function keyAt(line: string, column: number): string | undefined {
  let j = column;
  for (let c = line.charCodeAt(j); c >= 97 && c <= 122; c = line.charCodeAt(++j));
  if (j === column || line.charCodeAt(j) !== 58) return undefined;
  const after = line.charCodeAt(j + 1);
  return after === 32 || Number.isNaN(after) ? line.slice(column, j) : undefined;
}

function skipSpaces(line: string, from: number): number {
  let j = from;
  while (line.charCodeAt(j) === 32) j++;
  return j;
}

/** The reader: see the module's comment. */
export function fastReadIgnores(text: string): FastIgnores | undefined {
  if (unsafeChars.test(text) || (text.includes('\r') && loneCR.test(text))) return undefined;
  if (text.length >= maxInputValues && tooManyValues(text)) return undefined;
  try {
    return /^[ \r\n]*\{/.test(text) ? readJson(text) : readBlock(text);
  } catch (error) {
    if (error === notInSubset) return undefined;
    throw error;
  }
}

/** Whether the parser's precheck could count too many lines and list items (counted generously here). */
function tooManyValues(text: string): boolean {
  let n = 0;
  for (const c of '\n,[{') {
    for (let at = text.indexOf(c); at >= 0 && n < maxInputValues; at = text.indexOf(c, at + 1)) n++;
  }
  return n >= maxInputValues;
}

function readBlock(text: string): FastIgnores {
  const lines = text.split('\n');
  const crlf = text.includes('\r');
  if (crlf) for (let i = 0; i < lines.length; i++) lines[i] = (lines[i] as string).replace(/\r$/, '');
  let i = 0;
  /** The indent of line `i`, or -1 when it holds nothing (blank or a comment). */
  const indentOf = (n: number): number => {
    const line = lines[n] as string;
    let j = 0;
    while (line.charCodeAt(j) === 32) j++;
    return j === line.length || line.charCodeAt(j) === 35 ? -1 : j;
  };
  /** The next line holding something, from `i` on (`lines.length` at the end). */
  const next = (): number => {
    while (i < lines.length && indentOf(i) < 0) i++;
    return i;
  };

  if (next() < lines.length && /^--- *$/.test(lines[i] as string)) {
    i++;
    next();
  }
  if (i >= lines.length) bail();
  const top = lines[i] as string;
  if (!top.startsWith('ignores:')) bail();
  const ignores: Record<string, unknown>[] = [];
  const entryLines: number[] = [];
  const afterKey = 'ignores:'.length;
  if (tailOk(top, afterKey)) {
    i++;
    if (next() >= lines.length) bail();
    const seqIndent = indentOf(i);
    while (i < lines.length) {
      const line = lines[i] as string;
      if (
        indentOf(i) !== seqIndent ||
        line.charCodeAt(seqIndent) !== 45 ||
        line.charCodeAt(seqIndent + 1) !== 32
      )
        bail();
      let column = seqIndent + 2;
      while (line.charCodeAt(column) === 32) column++;
      entryLines.push(i + 1);
      ignores.push(readEntry(column));
      next();
    }
  } else {
    let j = afterKey;
    while (top.charCodeAt(j) === 32) j++;
    if (j === afterKey || top[j] !== '[' || top[j + 1] !== ']' || !tailOk(top, j + 2)) bail();
    i++;
    if (next() < lines.length) bail();
  }
  return { data: { ignores }, lines: entryLines };

  /** The entry whose first key is on line `i` at `column`; `i` moves past it. */
  function readEntry(column: number): Record<string, unknown> {
    const entry: Record<string, unknown> = {};
    for (;;) {
      const line = lines[i] as string;
      const name = keyAt(line, column);
      if (name === undefined || !entryKeys.has(name) || name in entry) bail();
      const from = skipSpaces(line, column + name.length + 1);
      if (name !== 'scope') {
        entry[name] = blockScalar(line, from);
        i++;
      } else if (line[from] === '{') {
        const [scope, end] = flowScope(line, from);
        if (!tailOk(line, end)) bail();
        entry[name] = scope;
        i++;
      } else {
        if (!tailOk(line, from)) bail();
        i++;
        entry[name] = readScope(column);
      }
      if (next() >= lines.length || indentOf(i) < column) return entry;
      if (indentOf(i) !== column) bail();
    }
  }

  /** A scope's block map, under its key at `parent`; `i` is past the key's line and moves past the map. */
  function readScope(parent: number): Record<string, unknown> {
    const scope: Record<string, unknown> = {};
    if (next() >= lines.length) bail();
    const column = indentOf(i);
    if (column <= parent) bail();
    for (;;) {
      const line = lines[i] as string;
      const name = keyAt(line, column);
      if (name === undefined || !scopeKeys.has(name) || name in scope) bail();
      const from = skipSpaces(line, column + name.length + 1);
      if (line[from] === '[') {
        const [items, end] = flowList(line, from);
        if (!tailOk(line, end)) bail();
        scope[name] = items;
        i++;
      } else {
        if (!tailOk(line, from)) bail();
        i++;
        scope[name] = readList(column);
      }
      if (next() >= lines.length || indentOf(i) < column) return scope;
      if (indentOf(i) !== column) bail();
    }
  }

  /** A block list of one-line scalars under its key at `parent` (at that column or deeper). */
  function readList(parent: number): (string | number)[] {
    const items: (string | number)[] = [];
    if (next() >= lines.length) bail();
    const column = indentOf(i);
    if (column < parent) bail();
    for (;;) {
      const line = lines[i] as string;
      if (line.charCodeAt(column) !== 45 || line.charCodeAt(column + 1) !== 32) {
        if (column === parent && items.length > 0) return items;
        bail();
      }
      let from = column + 2;
      while (line.charCodeAt(from) === 32) from++;
      items.push(blockScalar(line, from));
      i++;
      if (next() >= lines.length || indentOf(i) < column) return items;
      if (indentOf(i) !== column) bail();
    }
  }
}

/** A JSON ignore file (in the subset: see the module's comment), with the line of every entry's `{`. */
function readJson(text: string): FastIgnores {
  let at = 0;
  let line = 1;
  /** Spaces and line ends (a CR is always followed by LF here). */
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 10) line++;
      else if (c !== 32 && c !== 13) return;
      at++;
    }
  };
  const string = (): string => {
    const end = text.indexOf('"', at + 1);
    if (text[at] !== '"' || end < 0) bail();
    const value = text.slice(at + 1, end);
    if (value.includes('\\') || value.includes('\n')) bail();
    at = end + 1;
    return value;
  };
  const scalar = (): string | number => {
    if (text[at] === '"') return string();
    const from = at;
    for (let c = text.charCodeAt(at); c >= 48 && c <= 57; c = text.charCodeAt(++at));
    // A number ends at a separator or a space (then the caller wants a separator).
    if (at === from || at - from > 15 || !',}] \r\n'.includes(text[at] ?? '.')) bail();
    return Number(text.slice(from, at));
  };
  /** The list at `at` (its `[`) of items read by `item`. */
  const list = <T>(item: () => T): T[] => {
    const items: T[] = [];
    at++;
    space();
    if (text[at] === ']') {
      at++;
      return items;
    }
    for (;;) {
      space();
      items.push(item());
      space();
      const c = text[at++];
      if (c === ']') return items;
      if (c !== ',') bail();
    }
  };
  /** The object at `at` (its `{`) of keys in `keys`, each read by `value`. */
  const object = (keys: Set<string>, value: (key: string) => unknown): Record<string, unknown> => {
    const map: Record<string, unknown> = {};
    at++;
    space();
    if (text[at] === '}') {
      at++;
      return map;
    }
    for (;;) {
      space();
      const key = string();
      if (!keys.has(key) || key in map || text[at] !== ':') bail();
      at++;
      while (text.charCodeAt(at) === 32) at++;
      map[key] = value(key);
      space();
      const c = text[at++];
      if (c === '}') return map;
      if (c !== ',') bail();
    }
  };
  const lines: number[] = [];
  const entry = () => {
    if (text[at] !== '{') bail();
    lines.push(line);
    return object(entryKeys, (key) => {
      if (key !== 'scope') return scalar();
      if (text[at] !== '{') bail();
      return object(scopeKeys, () => {
        if (text[at] !== '[') bail();
        return list(scalar);
      });
    });
  };
  space();
  if (at > 0 && text[at - 1] !== '\n') bail();
  const top = object(new Set(['ignores']), () => {
    if (text[at] !== '[') bail();
    return list(entry);
  });
  space();
  if (at !== text.length || !('ignores' in top)) bail();
  return { data: top as FastIgnores['data'], lines };
}
