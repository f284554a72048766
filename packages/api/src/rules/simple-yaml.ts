/**
 * A reader of the plain YAML a short rules file is written in, so that `scans check --rules` does not load
 * the whole YAML parser (a third of its start-up) for five lines: block mappings and lists by indentation,
 * `key: value` and `- item` lines, flow lists of plain words (`[critical, high]`), comments, plain scalars
 * (text, integers, true/false, null/~) and quoted text without escapes. Anything else (anchors, tags, block
 * scalars, flow maps, escapes, a tab, a repeated key, a number that is not a plain integer, a second
 * document) gives undefined: the caller then reads the file with the full parser, whose value (and errors,
 * with their lines) stay the reference. Where it gives a value, it is the one the full parser gives.
 */

type Value = unknown;

interface Line {
  indent: number;
  text: string;
}

const integer = /^[-+]?(?:0|[1-9][0-9]{0,14})$/;
/** Plain scalars whose YAML 1.2 core type is not text, or that YAML reads otherwise: left to the parser. */
const unusual = /^(?:[-+]?[.0-9]|0[xo]|\.(?:inf|nan)|[-?:,[\]{}#&*!|>'"%@`])/i;

function scalar(raw: string): { value: Value } | undefined {
  const text = raw.trim();
  if (text === '' || text === '~' || /^(?:null|Null|NULL)$/.test(text)) return { value: null };
  if (/^(?:true|True|TRUE)$/.test(text)) return { value: true };
  if (/^(?:false|False|FALSE)$/.test(text)) return { value: false };
  if (integer.test(text)) return { value: Number(text) };
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    const inner = text.slice(1, -1);
    if (text.length < 2 || text.at(-1) !== quote || inner.includes(quote) || inner.includes('\\')) return;
    return { value: inner };
  }
  if (unusual.test(text) || /: |:$| #|\t/.test(text)) return;
  return { value: text };
}

/** `[a, b]` of plain or quoted words, or undefined. */
function flowList(text: string): { value: Value[] } | undefined {
  const inner = text.slice(1, -1).trim();
  if (/[[\]{}:]/.test(inner)) return;
  if (inner === '') return { value: [] };
  const items: Value[] = [];
  for (const part of inner.split(',')) {
    if (part.trim() === '') return;
    const item = scalar(part);
    if (!item || item.value === null) return;
    items.push(item.value);
  }
  return { value: items };
}

function inlineValue(text: string): { value: Value } | undefined {
  if (text.startsWith('[')) return text.endsWith(']') ? flowList(text) : undefined;
  return scalar(text);
}

/** The text before a comment (` #` outside quotes), trimmed at the end. */
function uncommented(line: string): string | undefined {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s[,:]/.test(line[i - 1] as string)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) {
      return line.slice(0, i).trimEnd();
    }
  }
  return quote ? undefined : line.trimEnd();
}

class Bail extends Error {}

function bail(): never {
  throw new Bail();
}

/** The key and what follows `key:` on a line of a mapping, or undefined when the line is not one. */
function keyOf(text: string): { key: string; rest: string } | undefined {
  const m = /^([A-Za-z_][\w-]*|"[\w -]+"|'[\w -]+'):(?: (.*)|$)/.exec(text);
  if (!m) return;
  const key = (m[1] as string).replace(/^["']|["']$/g, '');
  return { key, rest: (m[2] ?? '').trim() };
}

function parseBlock(lines: Line[], at: { i: number }, indent: number): Value {
  const first = lines[at.i];
  if (!first || first.indent !== indent) bail();
  return first.text.startsWith('- ') || first.text === '-'
    ? parseList(lines, at, indent)
    : parseMap(lines, at, indent);
}

/** A value after `key:` or `- `: inline, or the block of deeper lines that follows. */
function valueAfter(rest: string, lines: Line[], at: { i: number }, parent: number, list: boolean): Value {
  if (rest !== '') {
    const inline = inlineValue(rest);
    if (!inline) bail();
    return inline.value;
  }
  const next = lines[at.i];
  // A list may sit at its key's indentation (`key:\n- a`), as YAML allows; anything else is deeper.
  if (next && (next.indent > parent || (!list && next.indent === parent && next.text.startsWith('- '))))
    return parseBlock(lines, at, next.indent);
  return null;
}

function parseMap(lines: Line[], at: { i: number }, indent: number): Record<string, Value> {
  const map: Record<string, Value> = {};
  while (at.i < lines.length) {
    const line = lines[at.i] as Line;
    if (line.indent < indent) break;
    if (line.indent > indent || line.text.startsWith('- ')) bail();
    const pair = keyOf(line.text);
    if (!pair || Object.hasOwn(map, pair.key) || pair.key === '__proto__') bail();
    at.i++;
    map[pair.key] = valueAfter(pair.rest, lines, at, indent, false);
  }
  return map;
}

function parseList(lines: Line[], at: { i: number }, indent: number): Value[] {
  const list: Value[] = [];
  while (at.i < lines.length) {
    const line = lines[at.i] as Line;
    if (line.indent < indent) break;
    if (line.indent > indent || !(line.text.startsWith('- ') || line.text === '-')) {
      if (line.indent === indent) break; // the rest of a map whose list sat at its key's indentation
      bail();
    }
    const rest = line.text.slice(1).trimStart();
    const pair = keyOf(rest);
    if (pair) {
      // `- key: value` opens a map whose keys line up after the dash.
      const inner = indent + (line.text.length - rest.length);
      lines[at.i] = { indent: inner, text: rest };
      list.push(parseMap(lines, at, inner));
    } else {
      at.i++;
      list.push(valueAfter(rest, lines, at, indent, true));
    }
  }
  return list;
}

/** The value of `text` when it is within the subset above, else undefined. */
export function readSimpleYaml(text: string): Value | undefined {
  if (text.length > 64 * 1024 || /[\t\r&*!|>{}%\\\0]/.test(text) || text.includes('\n---')) return undefined;
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    const kept = uncommented(raw);
    if (kept === undefined) return undefined;
    if (kept.trim() === '') continue;
    const indent = kept.length - kept.trimStart().length;
    lines.push({ indent, text: kept.trimStart() });
  }
  if (lines.length === 0 || (lines[0] as Line).indent !== 0) return undefined;
  try {
    const at = { i: 0 };
    const value = parseBlock(lines, at, 0);
    return at.i === lines.length ? value : undefined;
  } catch (error) {
    if (error instanceof Bail) return undefined;
    throw error;
  }
}
