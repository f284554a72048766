import { Argument, Command, Help, Option } from 'commander';
import type { ArgEntry, CommandEntry, OptionEntry } from './commands/manifest.js';
import { loadManifest } from './commands/manifest-data.js';
import { parseValue } from './commands/parsers.js';
import { UsageError } from './errors.js';
import { baseFormats } from './output/format.js';

export type Invoke = (entry: CommandEntry, command: Command) => Promise<void>;

const versionOption = new Option('-V, --version', 'print the version');

/** Global options that take a value, so the noun can be found in argv without parsing. */
const globalValueOptions = new Set([
  '-o',
  '--output',
  '--fields',
  '--timeout',
  '--retries',
  '--profile',
  '--base-url',
  '--org',
]);

export function addGlobalOptions(program: Command): void {
  program
    .addOption(
      new Option(
        '-o, --output <format>',
        `output format: ${baseFormats.join(', ')} (some commands add more)`,
      ),
    )
    .option('--fields <list>', 'comma-separated fields (columns) to print')
    .option('--no-color', 'disable colour (also NO_COLOR=1 or CLICOLOR=0)')
    .option('-q, --quiet', 'print no progress or notices on stderr')
    .option('--debug', 'log HTTP requests to stderr, secrets redacted (also SECSCAN_DEBUG=1)')
    .option('--timeout <seconds>', 'timeout of each request attempt (default 30)')
    .option('--retries <n>', 'retries of safe requests after the first attempt (default 2)')
    .option('-y, --yes', 'do not ask before destructive actions')
    .option('--no-input', 'never prompt; fail instead')
    .option('--profile <name>', 'connection profile to use (also SECSCAN_PROFILE)')
    .option('--base-url <url>', 'service address (also SECSCAN_BASE_URL)')
    .option(
      '--org [uuid]',
      'organization id (also SECSCAN_ORG_ID); bare, the organization level of a listing',
    )
    .option('--allow-insecure-http', 'allow plain http:// to a non-loopback host');
}

/** The first argument that is not a global option or its value: the noun the user asked for. */
export function requestedNoun(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return argv[i + 1];
    if (!arg.startsWith('-')) return arg;
    if (globalValueOptions.has(arg)) i++;
  }
  return undefined;
}

function longFlag(flags: string): string {
  return /--[\w-]+/.exec(flags)?.[0] ?? flags;
}

function buildOption(entry: OptionEntry): Option {
  const option = new Option(entry.flags, entry.description);
  const flag = longFlag(entry.flags);
  if (entry.choices) option.choices(entry.choices);
  const { parser, choices } = entry;
  const one = (value: string): unknown => {
    if (choices && !choices.includes(value)) {
      throw new UsageError(
        `invalid value for ${flag}: ${JSON.stringify(value)} (choose from ${choices.join(', ')})`,
      );
    }
    return parser ? parseValue(parser, { flag }, value) : value;
  };
  if (entry.repeatable) {
    option.argParser((value: string, previous: unknown[] | undefined) => [
      ...(Array.isArray(previous) ? previous : []),
      one(value),
    ]);
  } else if (parser || choices) {
    option.argParser((value: string) => one(value));
  }
  // A declared default goes through the parser too, so the verb gets the type its declaration promises.
  if (entry.default !== undefined) {
    const value =
      parser && typeof entry.default === 'string'
        ? parseValue(parser, { flag }, entry.default)
        : entry.default;
    option.default(value);
  }
  if (entry.required) option.makeOptionMandatory();
  if (entry.conflicts) option.conflicts(entry.conflicts);
  if (entry.hidden) option.hideHelp();
  return option;
}

function buildArgument(entry: ArgEntry): Argument {
  const name = entry.variadic ? `${entry.name}...` : entry.name;
  const argument = new Argument(entry.required ? `<${name}>` : `[${name}]`, entry.description);
  const { parser, choices } = entry;
  const what = parser?.what ?? entry.name;
  const one = (value: string): unknown => {
    if (choices && !choices.includes(value)) {
      throw new UsageError(`invalid ${what} ${JSON.stringify(value)} (choose from ${choices.join(', ')})`);
    }
    return parser ? parseValue(parser, { what }, value) : value;
  };
  if (choices) argument.choices(choices);
  if (entry.variadic) {
    argument.argParser((value: string, previous: unknown[] | undefined) => [
      ...(Array.isArray(previous) ? previous : []),
      one(value),
    ]);
  } else if (parser || choices) {
    argument.argParser((value: string) => one(value));
  }
  return argument;
}

/**
 * Under a verb that runs on its own (`sandbox scan`), the parent's options are the parent's: commander
 * would take `secscan sandbox scan --port 1` as the sandbox's --port and ignore it.
 */
function refuseParentOptions(command: Command): void {
  const parent = command.parent;
  if (!parent?.parent) return;
  for (const option of parent.options) {
    if (parent.getOptionValueSource(option.attributeName()) === 'cli') {
      throw new UsageError(
        `${option.long ?? option.flags} is an option of \`secscan ${parent.name()}\`, not of \`secscan ${parent.name()} ${command.name()}\``,
      );
    }
  }
}

/** The commander command of a manifest entry, with everything under it; verbs run through `invoke`. */
export function addEntry(parent: Command, entry: CommandEntry, invoke: Invoke): Command {
  const command = parent
    .command(entry.name)
    .description(entry.description ?? entry.summary)
    .summary(entry.summary);
  for (const alias of entry.aliases) command.alias(alias);
  for (const arg of entry.args ?? []) command.addArgument(buildArgument(arg));
  const required = new Map<string, string>();
  for (const option of entry.options ?? []) {
    command.addOption(buildOption(option));
    if (option.required) {
      const hint = typeof option.required === 'string' ? ` (${option.required})` : '';
      required.set(option.attribute, `${longFlag(option.flags)} is required${hint}`);
    }
  }
  if (required.size) {
    // Commander's own check runs (after --help); only its wording is ours: "--label is required (hint)".
    (
      command as unknown as { missingMandatoryOptionValue(option: Option): never }
    ).missingMandatoryOptionValue = (option: Option) => {
      throw new UsageError(required.get(option.attributeName()) ?? `${option.long} is required`);
    };
  }
  if (entry.examples.length) {
    command.addHelpText('after', `\nExamples:\n${entry.examples.map((e) => `  ${e}`).join('\n')}`);
  }
  if (entry.kind === 'verb') {
    command.action(async (...actionArgs: unknown[]) => {
      const self = actionArgs[actionArgs.length - 1] as Command;
      refuseParentOptions(self);
      await invoke(entry, self);
    });
    // A verb with verbs under it: its options end where a sub-verb's name begins.
    if (entry.commands?.length) command.enablePositionalOptions();
  }
  for (const child of entry.commands ?? []) addEntry(command, child, invoke);
  return command;
}

/**
 * The commander tree, from the manifest. Every noun is listed for help, but only the noun named in argv
 * is built in full (`all` builds every noun, for completions and the man page).
 */
export async function buildProgram(
  argv: readonly string[],
  invoke: Invoke,
  options: { all?: boolean } = {},
): Promise<Command> {
  const manifest = await loadManifest();
  const program = new Command('secscan')
    .description('Drive the application-security scanning service (REST API v4) from a terminal or CI.')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .configureHelp({
      sortSubcommands: false,
      showGlobalOptions: true,
      // -V, --version is answered by main() only before any command, so verbs may take a --version of their own.
      visibleOptions: (cmd) => {
        const shown = Help.prototype.visibleOptions.call(cmd.createHelp(), cmd);
        return cmd.parent ? shown : [versionOption, ...shown];
      },
    });
  program.exitOverride().configureOutput({ outputError: () => {} });
  addGlobalOptions(program);
  program.helpCommand(false);
  program.addHelpText(
    'after',
    '\nRun `secscan COMMAND --help` for a command, and `secscan help exit-codes` for exit codes.\n' +
      'Settings: flags, then SECSCAN_* (or SHIFTLEFT_*) variables, then the profile (`secscan auth login`).',
  );
  const wanted = options.all ? undefined : requestedNoun(argv);
  for (const entry of manifest.commands) {
    if (options.all || entry.name === wanted || entry.aliases.includes(wanted ?? '')) {
      addEntry(program, entry, invoke);
    } else {
      const stub = program.command(entry.name).description(entry.summary);
      for (const alias of entry.aliases) stub.alias(alias);
    }
  }
  return program;
}

/** The root help exactly as commander renders it at 80 columns (pre-rendered into dist/ by the build). */
export async function renderRootHelp(): Promise<string> {
  const program = await buildProgram([], async () => {});
  program.configureOutput({ getOutHelpWidth: () => 80, getErrHelpWidth: () => 80 });
  return program.helpInformation();
}
