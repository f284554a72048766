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

/** The keys of an entry and of its scope (src/ignores/file.ts's schema): any other is the full path's. */
const entryKeys = [
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
  'vex',
  'justification',
  'scope',
];
const scopeKeys = ['apps', 'compounds'];

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

/** Where the character `code` first is in `t` from `from` to `end`, or -1. */
function find(t: string, code: number, from: number, end: number): number {
  for (let j = from; j < end; j++) if (t.charCodeAt(j) === code) return j;
  return -1;
}

function skipSpaces(t: string, from: number, end: number): number {
  let j = from;
  while (j < end && t.charCodeAt(j) === 32) j++;
  return j;
}

/** What may follow a value on its line: spaces, then nothing or a comment (`#` after a space). */
function tailOk(t: string, from: number, end: number): boolean {
  const j = skipSpaces(t, from, end);
  return j === end || (j > from && t.charCodeAt(j) === 35);
}

/** A quoted scalar starting at `from` (its quote), on its line: its value and the index past its closing quote. */
function quoted(t: string, from: number, end: number): [string, number] {
  if (t.charCodeAt(from) === 34) {
    const close = find(t, 34, from + 1, end);
    if (close < 0 || find(t, 92, from + 1, close) >= 0) bail();
    return [t.slice(from + 1, close), close + 1];
  }
  let value = '';
  let j = from + 1;
  for (;;) {
    const close = find(t, 39, j, end);
    if (close < 0) bail();
    value += t.slice(j, close);
    if (t.charCodeAt(close + 1) === 39 && close + 1 < end) {
      value += "'";
      j = close + 2;
    } else return [value, close + 1];
  }
}

/** A one-line scalar in block context, from `from` to the line's `end` (or a comment). */
function blockScalar(t: string, from: number, end: number): string | number {
  const c = t.charCodeAt(from);
  if (c === 34 || c === 39) {
    const [value, after] = quoted(t, from, end);
    if (!tailOk(t, after, end)) bail();
    return value;
  }
  // The plain scalar ends at a comment (` #`), its trailing spaces trimmed; `: ` or a final `:` is a map.
  let stop = end;
  for (let j = from; j < end; j++) {
    const d = t.charCodeAt(j);
    if (d === 58 && (j + 1 === end || t.charCodeAt(j + 1) === 32)) bail();
    if (d === 35 && j > from && t.charCodeAt(j - 1) === 32) {
      stop = j;
      break;
    }
  }
  while (stop > from && t.charCodeAt(stop - 1) === 32) stop--;
  if (stop === from) bail();
  return plainValue(t.slice(from, stop));
}

/** A flow list on one line, `[a, 'b', "c"]` (no nesting, no trailing comma), from its `[`; and past its `]`. */
function flowList(t: string, from: number, end: number): [(string | number)[], number] {
  const items: (string | number)[] = [];
  let j = skipSpaces(t, from + 1, end);
  if (t.charCodeAt(j) === 93 && j < end) return [items, j + 1];
  for (;;) {
    j = skipSpaces(t, j, end);
    const c = t.charCodeAt(j);
    if (j >= end) bail();
    if (c === 34 || c === 39) {
      const [value, after] = quoted(t, j, end);
      items.push(value);
      j = after;
    } else {
      let stop = j;
      while (stop < end && !',[]{}#:'.includes(t[stop] as string)) stop++;
      let last = stop;
      while (last > j && t.charCodeAt(last - 1) === 32) last--;
      if (last === j) bail();
      items.push(plainValue(t.slice(j, last)));
      j = stop;
    }
    j = skipSpaces(t, j, end);
    if (j >= end) bail();
    if (t.charCodeAt(j) === 93) return [items, j + 1];
    if (t.charCodeAt(j) !== 44) bail();
    j++;
  }
}

/** The key `[a-z]+` at `column` (one of `keys`, as that very string), followed by `:` and a space or the line's end. */
function keyAt(t: string, from: number, end: number, keys: readonly string[]): string | undefined {
  let j = from;
  for (let c = t.charCodeAt(j); j < end && c >= 97 && c <= 122; c = t.charCodeAt(++j));
  if (j === from || j >= end || t.charCodeAt(j) !== 58 || (j + 1 < end && t.charCodeAt(j + 1) !== 32)) {
    return undefined;
  }
  return keys.find((key) => key.length === j - from && t.startsWith(key, from));
}

/** A flow map of scope keys on one line, `{apps: [a, b], compounds: [c]}`, from its `{`; and past its `}`. */
function flowScope(t: string, from: number, end: number): [Record<string, unknown>, number] {
  const map: Record<string, unknown> = {};
  let j = from + 1;
  for (;;) {
    j = skipSpaces(t, j, end);
    const name = keyAt(t, j, end, scopeKeys);
    if (name === undefined || name in map) bail();
    const at = skipSpaces(t, j + name.length + 1, end);
    if (at >= end || t.charCodeAt(at) !== 91) bail();
    const [items, after] = flowList(t, at, end);
    map[name] = items;
    j = skipSpaces(t, after, end);
    if (j >= end) bail();
    if (t.charCodeAt(j) === 125) return [map, j + 1];
    if (t.charCodeAt(j) !== 44) bail();
    j++;
  }
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

function readBlock(t: string): FastIgnores {
  // Line n spans t[starts[n]..ends[n]) (a CR before its LF left out), indented by indents[n] spaces, or -1
  // when it holds nothing (blank or a comment); `i` is the line being read.
  const starts: number[] = [];
  const ends: number[] = [];
  const indents: number[] = [];
  for (let at = 0; ;) {
    const lf = t.indexOf('\n', at);
    const end = lf < 0 ? t.length : lf > at && t.charCodeAt(lf - 1) === 13 ? lf - 1 : lf;
    const j = skipSpaces(t, at, end);
    starts.push(at);
    ends.push(end);
    indents.push(j === end || t.charCodeAt(j) === 35 ? -1 : j - at);
    if (lf < 0) break;
    at = lf + 1;
  }
  const count = starts.length;
  let i = 0;
  const indentOf = (n: number): number => indents[n] as number;
  /** The next line holding something, from `i` on (`count` at the end). */
  const next = (): number => {
    while (i < count && (indents[i] as number) < 0) i++;
    return i;
  };
  /** Whether line `i` is a list item (`- `) at `column`. */
  const item = (column: number): boolean => {
    const at = (starts[i] as number) + column;
    return t.charCodeAt(at) === 45 && at + 1 < (ends[i] as number) && t.charCodeAt(at + 1) === 32;
  };

  if (next() < count && /^--- *$/.test(t.slice(starts[i], ends[i]))) {
    i++;
    next();
  }
  if (i >= count) bail();
  const topFrom = starts[i] as number;
  const topEnd = ends[i] as number;
  if (!t.startsWith('ignores:', topFrom) || topEnd < topFrom + 8) bail();
  const ignores: Record<string, unknown>[] = [];
  const entryLines: number[] = [];
  const afterKey = topFrom + 'ignores:'.length;
  if (tailOk(t, afterKey, topEnd)) {
    i++;
    if (next() >= count) bail();
    const seqIndent = indentOf(i);
    while (i < count) {
      if (indentOf(i) !== seqIndent || !item(seqIndent)) bail();
      const column =
        skipSpaces(t, (starts[i] as number) + seqIndent + 2, ends[i] as number) - (starts[i] as number);
      entryLines.push(i + 1);
      ignores.push(readEntry(column));
      next();
    }
  } else {
    const j = skipSpaces(t, afterKey, topEnd);
    if (j === afterKey || t.charCodeAt(j) !== 91 || t.charCodeAt(j + 1) !== 93 || !tailOk(t, j + 2, topEnd))
      bail();
    i++;
    if (next() < count) bail();
  }
  return { data: { ignores }, lines: entryLines };

  /** The entry whose first key is on line `i` at `column`; `i` moves past it. */
  function readEntry(column: number): Record<string, unknown> {
    const entry: Record<string, unknown> = {};
    for (;;) {
      const from = (starts[i] as number) + column;
      const end = ends[i] as number;
      const name = keyAt(t, from, end, entryKeys);
      if (name === undefined || name in entry) bail();
      const value = skipSpaces(t, from + name.length + 1, end);
      if (name !== 'scope') {
        if (value >= end) bail();
        entry[name] = blockScalar(t, value, end);
        i++;
      } else if (value < end && t.charCodeAt(value) === 123) {
        const [scope, after] = flowScope(t, value, end);
        if (!tailOk(t, after, end)) bail();
        entry[name] = scope;
        i++;
      } else {
        if (!tailOk(t, value, end)) bail();
        i++;
        entry[name] = readScope(column);
      }
      if (next() >= count || indentOf(i) < column) return entry;
      if (indentOf(i) !== column) bail();
    }
  }

  /** A scope's block map, under its key at `parent`; `i` is past the key's line and moves past the map. */
  function readScope(parent: number): Record<string, unknown> {
    const scope: Record<string, unknown> = {};
    if (next() >= count) bail();
    const column = indentOf(i);
    if (column <= parent) bail();
    for (;;) {
      const from = (starts[i] as number) + column;
      const end = ends[i] as number;
      const name = keyAt(t, from, end, scopeKeys);
      if (name === undefined || name in scope) bail();
      const value = skipSpaces(t, from + name.length + 1, end);
      if (value < end && t.charCodeAt(value) === 91) {
        const [items, after] = flowList(t, value, end);
        if (!tailOk(t, after, end)) bail();
        scope[name] = items;
        i++;
      } else {
        if (!tailOk(t, value, end)) bail();
        i++;
        scope[name] = readList(column);
      }
      if (next() >= count || indentOf(i) < column) return scope;
      if (indentOf(i) !== column) bail();
    }
  }

  /** A block list of one-line scalars under its key at `parent` (at that column or deeper). */
  function readList(parent: number): (string | number)[] {
    const items: (string | number)[] = [];
    if (next() >= count) bail();
    const column = indentOf(i);
    if (column < parent) bail();
    for (;;) {
      if (!item(column)) {
        if (column === parent && items.length > 0) return items;
        bail();
      }
      const end = ends[i] as number;
      const from = skipSpaces(t, (starts[i] as number) + column + 2, end);
      if (from >= end) bail();
      items.push(blockScalar(t, from, end));
      i++;
      if (next() >= count || indentOf(i) < column) return items;
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
  const object = (keys: readonly string[], value: (key: string) => unknown): Record<string, unknown> => {
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
      if (!keys.includes(key) || key in map || text[at] !== ':') bail();
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
  const top = object(['ignores'], () => {
    if (text[at] !== '[') bail();
    return list(entry);
  });
  space();
  if (at !== text.length || !('ignores' in top)) bail();
  return { data: top as FastIgnores['data'], lines };
}
