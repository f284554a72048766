import { setMaxListeners } from 'node:events';
import type { Command } from 'commander';
import type { CommandEntry } from './commands/manifest.js';
import { bareOrgAfterCommand, commandWords, mayHaveBareOrg, requestedNoun } from './argv.js';
import type { ContextDeps } from './context.js';
import {
  CliError,
  ExitCode,
  exitCodeFor,
  InterruptedError,
  OutputClosedError,
  UsageError,
} from './errors.js';
import { runVerb } from './run-verb.js';
import { guardIo } from './streams/ci-log.js';
import { safeJson, sanitizeLine } from './streams/sanitize.js';
import { proseLines, terminalWidth } from './streams/stderr.js';
import { loadWidths } from './streams/width.js';

export interface MainDeps extends Omit<ContextDeps, 'signal' | 'version'> {
  argv: string[];
  version: string;
  signal?: AbortSignal;
}

export { exitCodesHelp } from './help/exit-codes.js';

function wantsJsonErrors(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if ((a === '-o' || a === '--output') && argv[i + 1] === 'json') return true;
    if (a === '--output=json' || a === '-ojson') return true;
  }
  return false;
}

/** `secscan --org findings list`: the bare flag moves after the command it would otherwise take as its value. */
async function withBareOrg(argv: readonly string[]): Promise<readonly string[]> {
  const { loadManifest } = await import('./commands/manifest-data.js');
  const { commands } = await loadManifest([]);
  return bareOrgAfterCommand(argv, new Set(commands.flatMap((c) => [c.name, ...c.aliases])));
}

/** Parses argv, runs the verb, renders its result and returns the exit code. The only place exit codes are decided. */
export async function main(given: MainDeps): Promise<number> {
  // In a CI job log, nothing the service sent can be a command to the runner (see src/streams/ci-log.ts).
  const deps = { ...given, io: guardIo(given.io, given.env) };
  const { io } = deps;
  const argv = mayHaveBareOrg(deps.argv) ? await withBareOrg(deps.argv) : deps.argv;
  const controller = new AbortController();
  const signal = deps.signal ?? controller.signal;
  // Each request in flight and each wait for a start listens on it: with --concurrency past 10, Node would
  // print a MaxListenersExceededWarning (a leak it is not) on stderr.
  setMaxListeners(0, signal);
  let exitCode: number = ExitCode.ok;
  let helpWanted: { words: string[]; error: boolean } | undefined;
  let debug = argv.includes('--debug') || deps.env.SECSCAN_DEBUG === '1';

  const noun = requestedNoun(argv);
  if (noun === undefined && (argv.includes('--version') || argv.includes('-V'))) {
    if (argv.includes('--verbose')) {
      const { verboseVersion } = await import('./version.js');
      io.stdout.write(await verboseVersion(deps.version));
    } else io.stdout.write(`${deps.version}\n`);
    return 0;
  }
  if (argv[0] === '__complete') {
    // What the completion scripts run on TAB: values on stdout, nothing on stderr, exit 0.
    const { complete } = await import('./completion/values.js');
    return complete(argv.slice(1), {
      env: deps.env,
      out: io.stdout,
      version: deps.version,
      dispatcher: deps.dispatcher,
    });
  }
  if (argv.length === 0 || noun === 'help' || argv.includes('--help') || argv.includes('-h')) {
    try {
      const answered = await answerHelp(argv, deps);
      if (answered !== undefined) return answered;
    } catch (error) {
      return reportError(error, deps, debug);
    }
  }

  const commandTree = async () => (await import('./commands/manifest-data.js')).loadManifest();
  const invoke = async (entry: CommandEntry, command: Command): Promise<void> => {
    exitCode = await runVerb(entry, command, { ...deps, signal, commandTree }, (globals) => {
      debug ||= globals.debug;
    });
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
    const onHelp = (words: string[], error: boolean) => {
      helpWanted = { words, error };
    };
    const program = await buildProgram(argv, invoke, { onHelp });
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
    await program.parseAsync(argv, { from: 'user' });
    return received ? new InterruptedError(received).exitCode : exitCode;
  } catch (error) {
    if (helpWanted) await writeHelp(helpWanted.words, helpWanted.error, deps);
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

/**
 * Help without commander: bare `secscan`, `secscan help ...`, and `--help` wherever commander would see it,
 * rendered from the manifest. Undefined when argv is not a request for help after all (`--help` as a value).
 */
async function answerHelp(argv: readonly string[], deps: MainDeps): Promise<number | undefined> {
  const [{ loadManifest }, help] = await Promise.all([
    import('./commands/manifest-data.js'),
    import('./help/index.js'),
  ]);
  // Every word of argv that names a noun, in full: the help may be any of theirs (the others are stubs).
  const manifest = await loadManifest(argv.filter((word) => !word.startsWith('-')));
  const width = help.helpWidth(deps.io.stdout);
  if (requestedNoun(argv) === 'help') {
    const rest = argv.slice(argv.indexOf('help') + 1);
    const words =
      rest[0] === '--help' || rest[0] === '-h' ? rest.slice(0, 1) : rest.filter((w) => !w.startsWith('-'));
    deps.io.stdout.write(await help.helpCommandText(words, manifest, width));
    return ExitCode.ok;
  }
  const chain = argv.length === 0 ? [] : help.helpChain(argv, manifest);
  if (!chain) return undefined;
  deps.io.stdout.write(help.helpFor(manifest, chain, width));
  return ExitCode.ok;
}

/** The help commander asked for (on stderr when it answers a mistake), rendered from the manifest. */
async function writeHelp(words: readonly string[], error: boolean, deps: MainDeps): Promise<void> {
  const [{ loadManifest }, help] = await Promise.all([
    import('./commands/manifest-data.js'),
    import('./help/index.js'),
  ]);
  const manifest = await loadManifest(words.slice(0, 1));
  const chain: CommandEntry[] = [];
  let entries = manifest.commands;
  for (const word of words) {
    const child = entries.find((c) => c.name === word);
    if (!child) break;
    chain.push(child);
    entries = child.commands ?? [];
  }
  const stream = error ? deps.io.stderr : deps.io.stdout;
  stream.write(
    help.helpFor(manifest, chain, help.helpWidth(stream as { isTTY?: boolean; columns?: number })),
  );
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

/** The chain of commands the words name, as far as they name commands (`findings`, then `list`). */
async function commandChain(words: readonly string[]): Promise<CommandEntry[]> {
  const { loadManifest } = await import('./commands/manifest-data.js');
  let level = (await loadManifest(words.slice(0, 1))).commands;
  const chain: CommandEntry[] = [];
  for (const word of words) {
    const entry = level.find((c) => c.name === word || c.aliases.includes(word));
    if (!entry) break;
    chain.push(entry);
    if (entry.kind !== 'group') break;
    level = entry.commands ?? [];
  }
  return chain;
}

/**
 * A usage error of commander's, worded as ours and pointing at the help of the command the user was typing:
 * an unknown command's hint names the command suggested for it (`secscan findngs list`: see `secscan findings
 * --help`), not the typo; an option given to a group of commands (`secscan findings --app x`) says that a
 * command is missing, and lists them.
 */
async function commanderUsage(error: CommanderLikeError, argv: readonly string[]): Promise<UsageError> {
  const message = commanderMessage(error.message);
  const words = commandWords(argv);
  const chain = await commandChain(words).catch(() => []);
  const path = (names: readonly string[]) => ['secscan', ...names].join(' ');
  const named = chain.map((c) => c.name);
  if (error.code === 'commander.unknownCommand') {
    const suggested = /\(did you mean (?:one of )?([^,?]+)/.exec(message)?.[1]?.trim();
    return new UsageError(message, {
      hint: `see \`${path([...named, ...(suggested ? [suggested] : []), '--help'])}\``,
    });
  }
  const last = chain.at(-1);
  if (error.code === 'commander.unknownOption' && last?.kind === 'group' && chain.length === words.length) {
    const commands = (last.commands ?? []).map((c) => c.name);
    return new UsageError(`\`${path(named)}\` needs a command: ${commands.join(', ')}`, {
      hint: `see \`${path([...named, '--help'])}\`, or \`${path([...named, 'COMMAND', '--help'])}\` for a command's options`,
    });
  }
  return new UsageError(message, { hint: `see \`${path([...named.slice(0, 3), '--help'])}\`` });
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

async function reportError(error: unknown, deps: MainDeps, debug: boolean): Promise<number> {
  const { io, argv } = deps;
  let err: unknown = error;
  if (isCommanderError(error)) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
    if (error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync')
      return ExitCode.usage;
    err = await commanderUsage(error, argv);
  }
  const code = exitCodeFor(err);
  const cli = err instanceof CliError ? err : undefined;
  const message = sanitizeLine(
    cli ? cli.message : `internal error: ${(err as Error)?.message ?? String(err)}`,
  );
  // The pager was quit (q): the run ends there, quietly.
  if (err instanceof OutputClosedError) return code;
  if (!(err instanceof InterruptedError)) {
    // On a terminal, wrapped at its width between words, the lines after the first under the text.
    const width = terminalWidth(io.stderr, deps.env);
    if (width !== undefined) await loadWidths();
    io.stderr.write(proseLines(message, 'error: ', width));
    if (cli?.hint) io.stderr.write(proseLines(cli.hint, 'hint: ', width));
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
