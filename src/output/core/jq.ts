import { UsageError } from '../../errors.js';
import type { JqEngine } from './jq-engine.js';

/**
 * `--jq EXPR`: jq itself (jq-wasm: jq compiled to WebAssembly), on a thread of its own started only when
 * --jq is given (jq-engine.ts): Ctrl-C and SIGTERM stop it at once, whatever the expression does, and its
 * output streams. Output as `gh --jq` prints it: strings raw (as `jq -r`), other values as JSON, indented on
 * a terminal and one a line in a pipe.
 */
export interface JqFilter {
  readonly expression: string;
  /**
   * Settles once jq has compiled the expression: rejects with the usage error of an invalid one. Awaited
   * before the first request (Context.clientFor) and before any output, so nothing is sent for an invalid
   * expression; the engine's thread starts then, not before: once a worker thread exists, V8 takes no code
   * cache of the chunks loaded after it, and the client's are loaded by then.
   */
  ready(): Promise<void>;
  /**
   * Runs the expression over one JSON text: jq's output, as text, as it is written; then what jq wrote on
   * its stderr without failing (`debug`, `stderr`). jq's error is thrown after what it printed (a
   * UsageError, exit 2), as is a failure of its runtime (recursion too deep, out of memory).
   */
  run(json: string, pretty: boolean, signal: AbortSignal): AsyncGenerator<string, string>;
}

let engine: Promise<JqEngine> | undefined;

/** The engine's thread, started on first use, and again after a run that stopped it. */
async function load(): Promise<JqEngine> {
  const running = await engine;
  if (running?.alive) return running;
  engine = import('./jq-engine.js').then(({ JqEngine }) => JqEngine.start());
  return engine;
}

/** jq's error lines, without its `jq: error:` prefixes, the program it quotes and the count of errors. */
function jqMessage(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((line) => /^jq: (error|parse error)/.test(line) || (!line.startsWith(' ') && line.trim()))
    .filter((line) => !/^jq: \d+ compile errors?$/.test(line))
    .map((line) =>
      line
        .replace(/^jq: error( \(at [^)]*\))?: /, '')
        .replace(/^jq: /, '')
        .replace(/:$/, ''),
    );
  return lines.join('; ') || 'jq failed';
}

/** A command of the tree, as commander has it: its name and the command above it. */
interface CommandLike {
  name(): string;
  readonly parent: CommandLike | null;
}

/**
 * `--jq EXPR` as given: it implies -o json (another -o is refused), a verb that prints no JSON refuses it,
 * then the expression is compiled; all before anything is read or sent.
 */
export function jqOption(
  expression: string,
  of: { output: string | undefined; printsJson: false | undefined; command: CommandLike },
): JqFilter {
  if (of.output !== undefined && of.output !== 'json') {
    throw new UsageError(`--jq filters JSON: it cannot be used with -o ${of.output}`);
  }
  if (of.printsJson === false) {
    const words: string[] = [];
    for (let c: CommandLike | null = of.command; c; c = c.parent) words.unshift(c.name());
    throw new UsageError(`\`${words.join(' ')}\` prints no JSON: --jq cannot be used with it`);
  }
  return compileJq(expression);
}

/**
 * Compiles EXPR (jq runs it over no input: nothing is evaluated), so an invalid expression is a usage error
 * with jq's own message before any request is sent (`ready`).
 */
export function compileJq(expression: string): JqFilter {
  let compiled: Promise<void> | undefined;
  const ready = () =>
    (compiled ??= (async () => {
      const check = await (await load()).compile(expression);
      if (check.exitCode !== 0) {
        throw new UsageError(`invalid value for --jq: ${jqMessage(check.stderr)}`);
      }
    })());
  return {
    expression,
    ready,
    async *run(json, pretty, signal) {
      await ready();
      const flags = pretty ? ['-r'] : ['-r', '-c'];
      const { JqEngineFailure } = await import('./jq-engine.js');
      const output = (await load()).execute(json, expression, flags, signal);
      const decoder = new TextDecoder();
      let last = '\n';
      let end;
      try {
        for (;;) {
          const next = await output.next();
          if (next.done) {
            end = next.value;
            break;
          }
          const text = decoder.decode(next.value, { stream: true });
          if (text) {
            last = text;
            yield text;
          }
        }
      } catch (error) {
        if (!(error instanceof JqEngineFailure)) throw error;
        if (!last.endsWith('\n')) yield '\n';
        throw new UsageError(`--jq: jq stopped: ${engineMessage(error)}`);
      } finally {
        // Left part-way (the reader gone): jq's thread is stopped, not left running.
        await output.return({ exitCode: 0, stderr: '' });
      }
      const rest = decoder.decode();
      if (rest) last = rest;
      if (!last.endsWith('\n')) yield `${rest}\n`;
      else if (rest) yield rest;
      if (end.exitCode === 0) return end.stderr;
      const message = jqMessage(end.stderr);
      throw /^jq: parse error/.test(end.stderr)
        ? new UsageError(`--jq: the output is not JSON (${message})`)
        : new UsageError(`--jq: ${message}`);
    },
  };
}

/** jq's words when its runtime stopped it, else what the runtime said (its abort, out of memory). */
function engineMessage(error: { message: string; stderr: string }): string {
  const words = error.stderr
    .split('\n')
    .filter((line) => line.trim() && !/^Aborted\(/.test(line))
    .join('\n');
  if (words) return jqMessage(words);
  const runtime = error.message.replace(/\. Build with -sASSERTIONS.*$/s, '');
  return `${runtime || 'its runtime failed'} (the expression recursed too deeply or ran out of memory)`;
}
