import type { Command, OptionValues } from 'commander';
import type { CommandEntry } from './commands/manifest.js';
import { Context, type ContextDeps, type GlobalOptions } from './context.js';
import { CliError, ExitCode, exitCodeFor, InterruptedError, UsageError } from './errors.js';
import { safeJson, sanitizeLine } from './output/sanitize.js';

export interface MainDeps extends Omit<ContextDeps, 'signal' | 'version'> {
  argv: string[];
  version: string;
  signal?: AbortSignal;
}

const exitCodesHelp = `Exit codes (stable):
  0    success; a gate that passed; an empty list
  1    gate failed: findings breach the policy (scans check, scans compare --fail-on)
  2    usage error: unknown command or flag, bad or conflicting values (no request is sent)
  3    configuration error: no token or organization, unreadable profile, rules, policy or config file, a service certificate the client does not trust
  4    authentication or permission refused (401, 403)
  5    not found (404), or nothing to evaluate (no scan for that app or branch)
  6    rejected by the service: 400, 409 (e.g. stale team version), 422, 507 TOO_MUCH_WORK
  7    transient: network failure, timeout, 429 or 5xx after the retry budget. A read is safe to retry; a write (POST, PATCH) whose answer was lost may have been applied, and the message says so and how to check
  8    unexpected response: a body this version cannot read, of the wrong shape (never read as empty), or over the size limit
  9    busy: another run holds the lock (e.g. backups download into the same directory)
  130  interrupted (SIGINT); 143 for SIGTERM
A gate fails closed: any code other than 0 and 1 means "not evaluated", and its report files are still written, saying why.
`;

export { exitCodesHelp };

function wantsJsonErrors(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if ((a === '-o' || a === '--output') && argv[i + 1] === 'json') return true;
    if (a === '--output=json' || a === '-ojson') return true;
  }
  return false;
}

function globalsFrom(values: OptionValues): GlobalOptions {
  return {
    output: values.output,
    fields: values.fields,
    color: values.color !== false,
    quiet: Boolean(values.quiet),
    debug: Boolean(values.debug),
    timeout: values.timeout,
    retries: values.retries,
    yes: Boolean(values.yes),
    input: values.input !== false,
    profile: values.profile,
    baseUrl: values.baseUrl,
    org: typeof values.org === 'string' ? values.org : undefined,
    allowInsecureHttp: Boolean(values.allowInsecureHttp),
  };
}

/** Positional values as the verb declared them (a variadic argument stays one array). */
function argsOf(command: Command): unknown[] {
  return [...command.processedArgs];
}

/** Parses argv, runs the verb, renders its result and returns the exit code. The only place exit codes are decided. */
export async function main(deps: MainDeps): Promise<number> {
  const { argv, io } = deps;
  const controller = new AbortController();
  const signal = deps.signal ?? controller.signal;
  let exitCode: number = ExitCode.ok;
  let debug = argv.includes('--debug') || deps.env.SECSCAN_DEBUG === '1';

  const { requestedNoun } = await import('./program.js');
  if (requestedNoun(argv) === undefined && (argv.includes('--version') || argv.includes('-V'))) {
    io.stdout.write(`${deps.version}\n`);
    return 0;
  }
  if (argv[0] === 'help' && argv[1] === 'exit-codes') {
    io.stdout.write(exitCodesHelp);
    return 0;
  }
  const effectiveArgv = argv[0] === 'help' ? [...argv.slice(1), '--help'] : argv;

  const invoke = async (entry: CommandEntry, command: Command): Promise<void> => {
    const values = command.optsWithGlobals();
    const globals = globalsFrom(values);
    debug ||= globals.debug;
    const ctx = new Context(globals, { ...deps, signal });
    const { resolveFormat, baseFormats, parseFields } = await import('./output/format.js');
    ctx.format = resolveFormat(globals.output, ctx.stdoutIsTTY, [...baseFormats, ...(entry.outputs ?? [])]);
    ctx.fields = parseFields(globals.fields);
    const { loadVerb } = await import('./commands/manifest.js');
    const verb = await loadVerb(entry.load);
    // A bare global --org (no uuid) asks for the organization level of a listing.
    const input = { args: argsOf(command), opts: command.opts(), orgLevel: values.org === true };
    const view = typeof verb.view === 'function' ? verb.view(input.opts) : verb.view;
    if (ctx.fields && view) {
      const { unknownFields } = await import('./output/view.js');
      const unknown = unknownFields(view, ctx.fields);
      if (unknown.length) {
        throw new UsageError(
          `unknown field ${unknown.map((f) => JSON.stringify(f)).join(', ')} for --fields (choose from ${view.columns.map((c) => c.key).join(', ')})`,
        );
      }
    }
    verb.validate?.(input);
    const result = await verb.run(ctx, input);
    const { present } = await import('./output/present.js');
    await present(ctx, result, view);
    if ((result.kind === 'list' || result.kind === 'custom') && result.error) throw result.error;
    exitCode = result.exitCode ?? ExitCode.ok;
  };

  // The first SIGINT or SIGTERM aborts the request in flight (partial files are removed); a second one ends
  // the process at once. Either way the exit code is the signal's: 130 for SIGINT, 143 for SIGTERM.
  let received: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (name: NodeJS.Signals) => {
    const signalName = name === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
    if (received) process.exit(signalName === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted);
    received = signalName;
    controller.abort(new InterruptedError(signalName));
  };
  if (!deps.signal) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  try {
    const { buildProgram } = await import('./program.js');
    const program = await buildProgram(effectiveArgv, invoke);
    if (effectiveArgv.length === 0) {
      io.stdout.write(program.helpInformation());
      return 0;
    }
    // Subcommands copy the output settings when they are added, so each one is configured (help went to process.stdout).
    const output = {
      writeOut: (s: string) => io.stdout.write(s),
      writeErr: (s: string) => io.stderr.write(s),
    };
    const configure = (command: Command): void => {
      command.configureOutput({ ...output, outputError: () => {} });
      for (const sub of command.commands) configure(sub);
    };
    configure(program);
    await program.parseAsync(effectiveArgv, { from: 'user' });
    return received ? new InterruptedError(received).exitCode : exitCode;
  } catch (error) {
    return reportError(received ? new InterruptedError(received) : error, deps, debug);
  } finally {
    if (!deps.signal) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    const { closeDefaultDispatcher } = await import('./api/dispatcher.js');
    await closeDefaultDispatcher();
  }
}

interface CommanderLikeError {
  code: string;
  exitCode: number;
  message: string;
}

function isCommanderError(error: unknown): error is CommanderLikeError {
  const code = (error as { code?: unknown } | undefined)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('commander.');
}

/** Points at the help of the command the user was typing (its leading words), not only the root. */
function helpHint(argv: readonly string[], code: string): string {
  const words: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('-') || words.length === 3) break;
    words.push(arg);
  }
  if (code === 'commander.unknownCommand') words.pop();
  return `see \`${['secscan', ...words, '--help'].join(' ')}\``;
}

/** Commander's wording, in the one-line form every other usage error uses. */
function commanderMessage(raw: string): string {
  const text = raw.replace(/^error: /, '').replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)');
  const choice = /^option '([^']+)' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s.exec(text);
  if (choice) {
    const flag = /--[\w-]+/.exec(choice[1] as string)?.[0] ?? choice[1];
    return `invalid value for ${flag}: ${JSON.stringify(choice[2])} (choose from ${choice[3]})`;
  }
  const conflict = /^option '([^']+)' cannot be used with option '([^']+)'$/.exec(text);
  if (conflict) {
    const [a, b] = [conflict[1], conflict[2]].map((f) => /--[\w-]+/.exec(f as string)?.[0] ?? f);
    return `${a} and ${b} cannot be used together`;
  }
  return text;
}

/** The stack for --debug: its message (which may quote the service) on one line, then the frames. */
function stackText(err: Error): string {
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [sanitizeLine(`${err.name}: ${err.message}`), ...frames.map((f) => sanitizeLine(f))].join('\n');
}

function reportError(error: unknown, deps: MainDeps, debug: boolean): number {
  const { io, argv } = deps;
  let err: unknown = error;
  if (isCommanderError(error)) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
    if (error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync')
      return ExitCode.usage;
    err = new UsageError(commanderMessage(error.message), { hint: helpHint(argv, error.code) });
  }
  const code = exitCodeFor(err);
  const cli = err instanceof CliError ? err : undefined;
  const message = sanitizeLine(
    cli ? cli.message : `internal error: ${(err as Error)?.message ?? String(err)}`,
  );
  if (!(err instanceof InterruptedError)) {
    io.stderr.write(`error: ${message}\n`);
    if (cli?.hint) io.stderr.write(`hint: ${sanitizeLine(cli.hint)}\n`);
  }
  if (wantsJsonErrors(argv)) {
    const body = {
      error: { code: cli?.code ?? 'INTERNAL', message, status: cli?.status ?? null, exit_code: code },
    };
    io.stderr.write(`${safeJson(body)}\n`);
  }
  if (debug && err instanceof Error && err.stack) io.stderr.write(`${stackText(err)}\n`);
  return code;
}
