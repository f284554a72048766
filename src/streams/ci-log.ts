import { fstatSync } from 'node:fs';
import type { IO } from './io.js';

/**
 * A CI job log is read by its runner, which acts on some lines: GitHub Actions on `::command ...::data` at the
 * start of a line (after blanks) and the legacy `##[command]data` anywhere in one; Azure Pipelines on
 * `##vso[area.event]data` anywhere; GitLab on `section_start:TIME:NAME\r\e[0K` (and `section_end:`). The
 * service's text (a finding's title, a path from the scanned code) must never be one of those commands, so
 * under a CI service, what secscan writes to standard output and error is neutralised as it is written: the
 * `[` of `##[` and `##vso[` becomes a fullwidth `［`, the second colon of a line-initial `::` a fullwidth
 * `：`, and so does the colon of `section_start:` and `section_end:`. The runners compare with the culture's
 * rules, which skip invisible characters, so those (and controls) are skipped here too: `#\u00ad#[` is
 * `##[`. Lookalikes, not invisible characters, for the same reason. JSON, YAML and XML escape the same text
 * losslessly beforehand (safeJson, yamlEscapes, xmlEscape), so the guard finds nothing in them. A regular
 * file is not the job log: `--out` files, and standard output redirected to a file, are left as they are.
 */

/** The variables by which GitHub Actions, Azure Pipelines and GitLab CI say a job log reads the output. */
export const ciLogVariables = ['GITHUB_ACTIONS', 'TF_BUILD', 'GITLAB_CI'] as const;

const on = (value: string | undefined) =>
  value !== undefined && value !== '' && !['0', 'false'].includes(value.toLowerCase());

/** Whether standard output and error go to a CI service's job log (a runner reads them for commands). */
export function inCiLog(env: NodeJS.ProcessEnv): boolean {
  return ciLogVariables.some((name) => on(env[name]));
}

/** Characters the runners' comparisons skip: default-ignorable, format and control characters. */
const ignorables = '\\p{Default_Ignorable_Code_Point}\\p{Cf}\\p{Cc}';
const ignorable = new RegExp(`[${ignorables}]`, 'gu');
/** .NET's white space (char.IsWhiteSpace), which GitHub's runner trims before `::`. */
const blanks = '\\t\\v\\f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000';
/** What may stand before a line's first colon: blanks and ignorables (line breaks are not among them). */
const lead = new RegExp(`^(?:(?![\\n\\r\\u2028\\u2029])[${blanks}${ignorables}])*`, 'u');
/** After that first colon, only ignorables may stand before the second (a blank ends the command). */
const afterColon = new RegExp(`^(?:(?![\\n\\r\\u2028\\u2029])[${ignorables}])*$`, 'u');

const bracket = '\uff3b';
const colon = '\uff1a';

/** Where a line starts for the runner: 1, blanks only so far; 2, and one colon after them; 0, past that. */
type Start = 0 | 1 | 2;

/** Where a stream is: what it last wrote (for a command split between writes) and how its line began. */
class LogState {
  /** The last significant characters written (ignorables left out), lower-cased: `##`, `##vso`. */
  private recent = '';
  /** The last characters written, as they are (GitLab's markers are matched byte for byte). */
  private raw = '';
  private start: Start = 1;

  /** The text to write instead of `text`. */
  neutralise(text: string): string {
    let out: string[] | undefined;
    let from = 0;
    // The line the next colon is on: where it begins in `text` and how (the state before `text` for the first).
    let line = { begin: 0, start: this.start };
    let scanned = 0;
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code !== 0x5b && code !== 0x3a) continue;
      // Most brackets and colons follow a character that rules a command out (JSON's `"`, a word): at once.
      const previous = at ? text.charCodeAt(at - 1) : -1;
      let shown: string | undefined;
      if (code === 0x5b) {
        if (!maybeBefore(previous, bracketAfter)) continue;
        const before = text.slice(Math.max(0, at - 32), at);
        const sig = ((at < 32 ? this.recent : '') + before.replace(ignorable, '')).toLowerCase();
        if (sig.endsWith('##') || sig.endsWith('##vso')) shown = bracket;
      } else {
        if (!maybeBefore(previous, colonAfter)) continue;
        const broken = lastBreak(text, at, scanned);
        if (broken >= 0) line = { begin: broken + 1, start: 1 };
        scanned = at;
        const raw = at >= 16 ? text.slice(at - 16, at) : this.raw + text.slice(0, at);
        if (/section_(?:start|end)$/.test(raw) || secondColon(line.start, text.slice(line.begin, at))) {
          shown = colon;
        }
      }
      if (shown === undefined) continue;
      (out ??= []).push(text.slice(from, at), shown);
      from = at + 1;
    }
    const result = out ? [...out, text.slice(from)].join('') : text;
    this.pass(result);
    return result;
  }

  /** The state after `text` is written (our own workflow commands, or text with nothing to neutralise). */
  pass(text: string): void {
    const tail = text.length > 64 ? text.slice(-64) : text;
    this.raw = (this.raw + tail).slice(-16);
    const significant = /[^\x20-\x7e]/.test(tail) ? tail.replace(ignorable, '') : tail;
    this.recent = (this.recent + significant.toLowerCase()).slice(-8);
    const broken = lastBreak(text, text.length, 0);
    this.start = startAfter(broken >= 0 ? 1 : this.start, text.slice(broken + 1));
  }

  /** The state after bytes written as they are (their last ones read as Latin-1). */
  passBytes(bytes: Uint8Array): void {
    if (bytes.length) this.pass(Buffer.from(bytes.subarray(-64)).toString('latin1'));
  }
}

/** ASCII characters a neutralised `[` can follow (`##[`, `##vso[`): the rest rule it out. */
const bracketAfter = new Set('#oO'.split('').map((c) => c.charCodeAt(0)));
/** ASCII characters a neutralised `:` can follow: a line's start, blanks, a first colon, `section_start`. */
const colonAfter = new Set(' \t\v\f\n\r:tTdD'.split('').map((c) => c.charCodeAt(0)));

/**
 * Whether the character before a `[` or `:` (its code; -1 at the chunk's start) leaves a command possible:
 * one of `ascii`, or anything beyond printable ASCII (an invisible character, a blank of another script).
 */
function maybeBefore(previous: number, ascii: ReadonlySet<number>): boolean {
  return previous < 0x20 || previous > 0x7e || ascii.has(previous);
}

/**
 * The index of the last line break in text[from, to), or -1: the runners split at CR and LF; the other
 * Unicode breaks are taken as breaks too.
 */
function lastBreak(text: string, to: number, from: number): number {
  for (let i = to - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return i;
  }
  return -1;
}

/** Whether a colon after `line` (the line's text before it, from a line in state `start`) is a `::`'s second. */
function secondColon(start: Start, line: string): boolean {
  return startAfter(start, line) === 2;
}

/** The line state after `line` (no line break in it), from `start`. */
function startAfter(start: Start, line: string): Start {
  if (!start || line === '') return start;
  if (start === 2) return afterColon.test(line) ? 2 : 0;
  const blank = (lead.exec(line) as RegExpExecArray)[0].length;
  if (blank === line.length) return 1;
  return line[blank] === ':' && afterColon.test(line.slice(blank + 1)) ? 2 : 0;
}

const trusted = Symbol('secscan.ci-log.trusted');
type Stream = IO['stdout'] | IO['stderr'];
type Guarded = Stream & { [trusted]?: (text: string) => boolean };

/** A regular file (`> out.json`) is not the job log; a pipe, a terminal or a stream without a descriptor may be. */
function isFile(stream: Stream): boolean {
  const fd = (stream as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return false;
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/** The stream with every string written through it neutralised; bytes pass as they are. */
export function guardStream<S extends Stream>(stream: S): S {
  if (isFile(stream)) return stream;
  const state = new LogState();
  const write = (chunk: unknown, encoding?: unknown, done?: unknown): boolean => {
    const utf8 = typeof encoding !== 'string' || /^utf-?8$/i.test(encoding);
    let text = chunk;
    if (typeof chunk === 'string' && utf8) text = state.neutralise(chunk);
    else if (chunk instanceof Uint8Array) state.passBytes(chunk);
    else if (typeof chunk === 'string') state.pass(chunk);
    return (stream.write as (...args: unknown[]) => boolean)(text, encoding, done);
  };
  const writeTrusted = (text: string): boolean => {
    state.pass(text);
    return stream.write(text);
  };
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') return write;
      if (property === trusted) return writeTrusted;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The run's streams, guarded when they go to a CI job log. */
export function guardIo<T extends IO>(io: T, env: NodeJS.ProcessEnv): T {
  if (!inCiLog(env)) return io;
  // Standard input is read through a getter: process.stdin is not touched before a command needs it.
  return Object.defineProperties({} as T, {
    stdin: { get: () => io.stdin, enumerable: true },
    stdout: { value: guardStream(io.stdout), enumerable: true },
    stderr: { value: guardStream(io.stderr), enumerable: true },
  });
}

/** Whether a stream is a CI job log's (guarded): text written to it is neutralised. */
export function readsCommands(stream: Stream): boolean {
  return (stream as Guarded)[trusted] !== undefined;
}

/** Writes secscan's own workflow commands (`::error ...`) as they are, past the guard. */
export function writeWorkflowCommands(stream: Stream, text: string): void {
  const raw = (stream as Guarded)[trusted];
  if (raw) raw(text);
  else stream.write(text);
}
