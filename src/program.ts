import { Argument, Command, Help, InvalidArgumentError, Option } from 'commander';
import { type NounEntry, nouns } from './commands/registry.js';
import type { OptionSpec, VerbModule, VerbSpec } from './commands/types.js';
import { baseFormats } from './output/format.js';

export type Invoke = (spec: VerbSpec, load: () => Promise<VerbModule>, command: Command) => Promise<void>;

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

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function buildOption(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.repeatable && spec.choices) {
    const allowed = spec.choices;
    // Each repeated value is checked like a single one; argChoices stays for help and completions.
    option.argParser((value: string, previous: string[] | undefined) => {
      if (!allowed.includes(value))
        throw new InvalidArgumentError(`Allowed choices are ${allowed.join(', ')}.`);
      return collect(value, previous);
    });
  } else if (spec.repeatable) option.argParser(collect);
  if (spec.default !== undefined) option.default(spec.default);
  if (spec.hidden) option.hideHelp();
  return option;
}

function helpText(spec: VerbSpec): string {
  const parts: string[] = [];
  if (spec.examples?.length) parts.push(`\nExamples:\n${spec.examples.map((e) => `  ${e}`).join('\n')}`);
  return parts.join('\n');
}

/** Adds a verb (or a group of verbs) under `parent`. */
export function addVerb(parent: Command, spec: VerbSpec, invoke: Invoke): Command {
  const command = parent
    .command(spec.name)
    .description(spec.description ?? spec.summary)
    .summary(spec.summary);
  for (const alias of spec.aliases ?? []) command.alias(alias);
  for (const arg of spec.args ?? []) {
    const name = arg.variadic ? `${arg.name}...` : arg.name;
    command.addArgument(new Argument(arg.required ? `<${name}>` : `[${name}]`, arg.description));
  }
  for (const option of spec.options ?? []) command.addOption(buildOption(option));
  const extra = helpText(spec);
  if (extra) command.addHelpText('after', extra);
  if (spec.verbs?.length) {
    for (const verb of spec.verbs) addVerb(command, verb, invoke);
  } else if (spec.load) {
    const load = spec.load;
    command.action(async (...actionArgs: unknown[]) => {
      const cmd = actionArgs[actionArgs.length - 1] as Command;
      await invoke(spec, load, cmd);
    });
  }
  return command;
}

/**
 * The commander tree. Every noun is listed for help, but only the noun named in argv is loaded and built
 * (`all` loads every noun, for completions and the man page).
 */
export async function buildProgram(
  argv: readonly string[],
  invoke: Invoke,
  options: { all?: boolean } = {},
): Promise<Command> {
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
  for (const entry of nouns) {
    if (options.all || entry.name === wanted || entry.aliases?.includes(wanted ?? '')) {
      await addNoun(program, entry, invoke);
    } else {
      const stub = program.command(entry.name).description(entry.summary);
      for (const alias of entry.aliases ?? []) stub.alias(alias);
    }
  }
  return program;
}

async function addNoun(program: Command, entry: NounEntry, invoke: Invoke): Promise<void> {
  const { default: spec } = await entry.load();
  addVerb(program, { ...spec, aliases: entry.aliases }, invoke);
}

/** The root help exactly as commander renders it at 80 columns (pre-rendered into dist/ by the build). */
export async function renderRootHelp(): Promise<string> {
  const program = await buildProgram([], async () => {});
  program.configureOutput({ getOutHelpWidth: () => 80, getErrHelpWidth: () => 80 });
  return program.helpInformation();
}
