import type { ChalkInstance } from 'chalk';
import { UsageError } from '../errors.js';
import type { GlobalOptions } from '../util/global-values.js';
import { decodeUtf8 } from '../util/utf8.js';
import type { IO } from './io.js';
import { sanitizeLine } from './sanitize.js';
import { StderrLines } from './stderr.js';
import { loadWidths } from './width.js';

export type { IO };

/** What the streams of a run are built from: the process's streams and environment. */
export interface StreamDeps {
  io: IO;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  version: string;
}

const off = (v: string | undefined) => v === '0' || v === 'false';

/**
 * Colour: --no-color wins; FORCE_COLOR=0 (or false) turns it off; FORCE_COLOR (any other value) or
 * CLICOLOR_FORCE force it on; NO_COLOR, CLICOLOR=0 and TERM=dumb turn it off; otherwise on only when
 * stdout is a terminal.
 */
export function colorEnabled(flag: boolean, env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): boolean {
  if (!flag) return false;
  if (off(env.FORCE_COLOR)) return false;
  const forced = (v: string | undefined) => v !== undefined && v !== '' && !off(v);
  if (forced(env.FORCE_COLOR) || forced(env.CLICOLOR_FORCE)) return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CLICOLOR === '0' || env.TERM === 'dumb') return false;
  return stdoutIsTTY;
}

/** `CI` set (and not false or 0), as CI services set it: nothing may prompt. */
export function isCI(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && !off(value.toLowerCase());
}

/** Every style of a chalk instance, chained or called, returns the text unchanged. */
export const plainChalk: ChalkInstance = new Proxy(() => {}, {
  // Not a thenable (`then` is undefined), so it can be awaited; `level` 0 like a colourless chalk.
  get: (_target, key) =>
    key === 'then' || typeof key === 'symbol' ? undefined : key === 'level' ? 0 : plainChalk,
  apply: (_target, _this, args: unknown[]) => args.join(' '),
}) as unknown as ChalkInstance;

async function chalkFor(color: boolean): Promise<ChalkInstance> {
  if (!color) return plainChalk;
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 });
}

/**
 * The terminal's side of a run, as gh's IOStreams: the three streams and what they are (terminals, colour),
 * prompts and confirmations, standard input read whole, the spinner and the progress bar, and the lines for a
 * person on stderr (notices, warnings, --debug). Built from the global flags before anything else; src/output
 * stands on it, never on the settings or the client (src/factory.ts).
 */
export class Streams {
  readonly io: IO;
  readonly env: NodeJS.ProcessEnv;
  readonly signal: AbortSignal;
  readonly version: string;
  readonly globals: GlobalOptions;
  /** Notices, warnings and --debug lines: wrapped on a terminal, kept while a pager holds it. */
  readonly notices: StderrLines;
  /** Told of each page a listing reads, with its answer (the progress of a long listing counts them). */
  onPage: ((data: unknown) => void) | undefined;
  /** Secrets the user handed in (a client secret): kept out of --debug lines. */
  private readonly kept: string[] = [];
  private chalkInstance: ChalkInstance | undefined;

  constructor(globals: GlobalOptions, deps: StreamDeps) {
    this.globals = globals;
    this.io = deps.io;
    this.env = deps.env;
    this.signal = deps.signal;
    this.version = deps.version;
    this.notices = new StderrLines(deps.io.stderr, deps.env);
    // Output for a person: string-width loads in the background, while the request is in flight.
    if (this.stdoutIsTTY || this.stderrIsTTY) void loadWidths();
  }

  get debugEnabled(): boolean {
    return this.globals.debug || this.env.SECSCAN_DEBUG === '1';
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.io.stdout.isTTY);
  }

  get stderrIsTTY(): boolean {
    return Boolean(this.io.stderr.isTTY);
  }

  /**
   * Prompts and confirmations are allowed: stdin and stderr are terminals, --no-input is not given and
   * `CI` is not set (a CI job on a pseudo-terminal would otherwise wait for an answer that never comes).
   */
  get interactive(): boolean {
    return this.globals.input && !isCI(this.env) && Boolean(this.io.stdin.isTTY) && this.stderrIsTTY;
  }

  get color(): boolean {
    return colorEnabled(this.globals.color, this.env, this.stdoutIsTTY);
  }

  /** Colours for stdout; without colour, a stand-in that returns the text (chalk is not even loaded). */
  async chalk(): Promise<ChalkInstance> {
    this.chalkInstance ??= await chalkFor(this.color);
    return this.chalkInstance;
  }

  async stderrChalk(): Promise<ChalkInstance> {
    return chalkFor(colorEnabled(this.globals.color, this.env, this.stderrIsTTY));
  }

  /** Keeps a secret read from the user out of every --debug line from now on. */
  keepSecret(secret: string): void {
    this.kept.push(secret);
  }

  /** The secrets kept so far (the client's --debug lines are redacted of them). */
  get secrets(): readonly string[] {
    return this.kept;
  }

  /** A --debug line; it quotes URLs and bodies: sanitized (the bodies are cut at 2000 characters). */
  debug(line: string): void {
    if (this.debugEnabled) this.notices.write(`debug: ${sanitizeLine(line, 10_000)}\n`);
  }

  /**
   * A notice on stderr, silenced by --quiet. It may quote the service or the user, so each line is
   * sanitized and capped: a newline or CR inside a name can never forge a line of its own. A message of
   * several lines is given as an array of lines; on a terminal each is wrapped at its width, between words.
   */
  note(message: string | readonly string[]): void {
    if (!this.globals.quiet) this.notices.say(message, '');
  }

  /** A warning on stderr (never silenced): `warning: ` before its first line. */
  warn(message: string | readonly string[]): void {
    this.notices.say(message, 'warning: ');
  }

  /** Asks before a destructive action; refuses without --yes when nobody can answer. */
  async confirm(question: string): Promise<void> {
    if (this.globals.yes) return;
    if (!this.interactive) {
      throw new UsageError(
        `${question.replace(/\?$/, '')}: confirmation needed; pass --yes to proceed without a prompt`,
      );
    }
    const { ask } = await import('./prompt.js');
    const answer = await ask(this.io, `${sanitizeLine(question)} [y/N] `, false);
    if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError('cancelled');
  }

  /** Reads all of stdin (tokens, files given as -), at most 4 MiB: bytes that are not UTF-8 are refused (exit 3). */
  async readStdin(label = 'stdin'): Promise<string> {
    return decodeUtf8(await this.readStdinBytes(), label);
  }

  /** Stdin's bytes (for `--input -` and the like), at most 4 MiB (longer is exit 3 naming the limit). */
  async readStdinBytes(label = 'standard input'): Promise<Buffer> {
    const { readStreamLimited } = await import('../util/input-file.js');
    return readStreamLimited(this.io.stdin as AsyncIterable<Buffer | string>, label);
  }

  /** A progress bar on stderr when stderr is a terminal and --quiet is not given; otherwise none. */
  async progress(label: string): Promise<import('./progress.js').Progress | undefined> {
    if (!this.stderrIsTTY || this.globals.quiet || this.debugEnabled) return undefined;
    const { progressBar } = await import('./progress.js');
    return progressBar(this.io.stderr as NodeJS.WritableStream & { columns?: number }, label);
  }

  /** Runs `work` with a spinner on stderr when stderr is a terminal and --quiet is not given. */
  async spin<T>(text: string, work: () => Promise<T>): Promise<T> {
    // ora loops forever clearing lines on a terminal that reports zero columns (some ptys): no spinner there.
    const columns = (this.io.stderr as { columns?: number }).columns ?? 0;
    const dumb = this.env.TERM === 'dumb';
    if (!this.stderrIsTTY || columns <= 0 || dumb || this.globals.quiet || this.debugEnabled) return work();
    const { default: ora } = await import('ora');
    // discardStdin would put the terminal in raw mode, where Ctrl-C is a keypress and no longer a SIGINT.
    const spinner = ora({
      text: sanitizeLine(text, 200),
      stream: this.io.stderr as NodeJS.WritableStream & { isTTY: true },
      discardStdin: false,
    }).start();
    try {
      return await work();
    } finally {
      spinner.stop();
    }
  }
}
