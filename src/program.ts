import { Argument, Command, Option } from 'commander';
import type { ArgEntry, CommandEntry, Manifest, OptionEntry } from './commands/manifest.js';
import { loadManifest } from './commands/manifest-data.js';
import { parseValue } from './commands/parsers.js';
import { requestedNoun } from './argv.js';
import { UsageError } from './errors.js';

export type Invoke = (entry: CommandEntry, command: Command) => Promise<void>;

/**
 * Called instead of commander's own help, with the command's words and whether the help answers a mistake
 * (a group without its command): main renders it from the manifest (src/help), as the man pages are.
 */
export type OnHelp = (words: string[], error: boolean) => void;

export { requestedNoun };

export function addGlobalOptions(program: Command, manifest: Manifest): void {
  for (const option of manifest.root.options) program.addOption(buildOption(option));
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
export function addEntry(parent: Command, entry: CommandEntry, invoke: Invoke, onHelp?: OnHelp): Command {
  const command = parent
    .command(entry.name)
    .description(entry.description ?? entry.summary)
    .summary(entry.summary);
  routeHelp(command, onHelp);
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
    // Commander checks required options before unknown ones, so `scans check --bogus` said "--compound is
    // required": an unknown option (left in args, operands' dashes aside) is reported first, as it would be.
    const parsing = command as unknown as {
      missingMandatoryOptionValue(option: Option): never;
      unknownOption(flag: string): never;
      _allowUnknownOption: boolean;
    };
    parsing.missingMandatoryOptionValue = (option: Option) => {
      const unknown = parsing._allowUnknownOption ? undefined : command.args.find((a) => /^-[^\d]/.test(a));
      if (unknown) parsing.unknownOption(unknown);
      throw new UsageError(required.get(option.attributeName()) ?? `${option.long} is required`);
    };
  }
  if (entry.commands?.length) command.helpCommand(false);
  if (entry.kind === 'verb') {
    command.action(async (...actionArgs: unknown[]) => {
      const self = actionArgs[actionArgs.length - 1] as Command;
      refuseParentOptions(self);
      await invoke(entry, self);
    });
    // A verb with verbs under it: its options end where a sub-verb's name begins.
    if (entry.commands?.length) command.enablePositionalOptions();
  }
  for (const child of entry.commands ?? []) addEntry(command, child, invoke, onHelp);
  return command;
}

/** The words of a command (`['findings', 'comment', 'add']`). */
function wordsOf(command: Command): string[] {
  const words: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) words.unshift(c.name());
  return words;
}

/** Commander decides when help is due (--help, a group without its command); onHelp renders it. */
function routeHelp(command: Command, onHelp: OnHelp | undefined): void {
  if (!onHelp) return;
  command.outputHelp = ((context?: { error?: boolean }) =>
    onHelp(wordsOf(command), Boolean(context?.error))) as Command['outputHelp'];
}

/**
 * The commander tree, from the manifest. Every noun is listed, but only the noun named in argv is built in
 * full; help is rendered by `onHelp` from the manifest, not by commander.
 */
export async function buildProgram(
  argv: readonly string[],
  invoke: Invoke,
  options: { onHelp?: OnHelp } = {},
): Promise<Command> {
  const wanted = requestedNoun(argv);
  const manifest = await loadManifest(wanted === undefined ? [] : [wanted]);
  const program = new Command('secscan')
    .description(manifest.root.description)
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true);
  program.exitOverride().configureOutput({ outputError: () => {} });
  routeHelp(program, options.onHelp);
  addGlobalOptions(program, manifest);
  program.helpCommand(false);
  for (const entry of manifest.commands) {
    if (entry.name === wanted || entry.aliases.includes(wanted ?? '')) {
      addEntry(program, entry, invoke, options.onHelp);
    } else {
      const stub = program.command(entry.name).description(entry.summary);
      for (const alias of entry.aliases) stub.alias(alias);
    }
  }
  return program;
}
