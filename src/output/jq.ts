import type { Jq } from 'jq-wasm';
import { UsageError } from '../errors.js';

/**
 * `--jq EXPR`: jq itself (jq-wasm: jq compiled to WebAssembly, its bytes inside the module), loaded only
 * when --jq is given. Output as `gh --jq` prints it: strings raw (as `jq -r`), other values as JSON,
 * indented on a terminal and one a line in a pipe.
 */
export interface JqFilter {
  readonly expression: string;
  /** Runs the expression over one JSON text; throws a UsageError on jq's error (what it printed first is kept). */
  apply(json: string, pretty: boolean): JqOutput;
}

export interface JqOutput {
  /** What jq printed, each value on a line of its own (empty when it printed nothing). */
  text: string;
  /** What jq wrote on its stderr without failing (`debug`, `stderr`). */
  notes: string;
  /** jq's error, after `text`: the expression failed on this input. */
  error?: UsageError;
}

let engine: Promise<Jq> | undefined;

function load(): Promise<Jq> {
  engine ??= import('jq-wasm/inline').then(({ loadJq }) => loadJq());
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
export async function jqOption(
  expression: string,
  of: { output: string | undefined; printsJson: false | undefined; command: CommandLike },
): Promise<JqFilter> {
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
 * with jq's own message before any request is sent.
 */
export async function compileJq(expression: string): Promise<JqFilter> {
  const jq = await load();
  const check = jq.raw('', expression);
  if (check.exitCode !== 0) {
    throw new UsageError(`invalid value for --jq: ${jqMessage(check.stderr)}`);
  }
  return {
    expression,
    apply(json, pretty) {
      const flags = pretty ? ['-r'] : ['-r', '-c'];
      const run = jq.raw(json, expression, flags);
      const text = run.stdout === '' || run.stdout.endsWith('\n') ? run.stdout : `${run.stdout}\n`;
      if (run.exitCode === 0) return { text, notes: run.stderr };
      const message = jqMessage(run.stderr);
      const error = /^jq: parse error/.test(run.stderr)
        ? new UsageError(`--jq: the output is not JSON (${message})`)
        : new UsageError(`--jq: ${message}`);
      return { text, notes: '', error };
    },
  };
}
