import type { ArgEntry, CommandEntry, Manifest, OptionEntry } from '../commands/manifest.js';
import { baseFormats } from '../output/core/format.js';
import {
  type Block,
  parseText,
  renderBlocks,
  renderTerms,
  termColumn,
  wrapCommand,
  wrapWords,
} from './text.js';
import { topics } from './topics.js';
import { sections } from '../commands/define.js';

/**
 * `--help` of the program and of every command, from the manifest (the man pages read the same entries):
 * descriptions wrapped at the terminal width, examples broken only between shell words.
 */

export const versionOption: OptionEntry = {
  flags: '-V, --version',
  attribute: 'version',
  description: 'print the version (with --verbose: the commit and the Node.js it runs on too)',
};
/** With --version only: the program's and nothing else's. */
export const verboseOption: OptionEntry = {
  flags: '--verbose',
  attribute: 'verbose',
  description: 'with --version: name the commit built and the Node.js secscan runs on',
};
export const helpOption: OptionEntry = { flags: '-h, --help', attribute: 'help', description: 'show help' };

/** The help pseudo-command, listed with the nouns. */
export const helpCommand = {
  name: 'help',
  summary: `Show help for a command or a topic (${topics.map((t) => t.name).join(', ')})`,
};

const sentence = (s: string) => (/[.!?:]$/.test(s) ? s : `${s}.`);

/** Whether a description already names every choice, as a word of its own. */
const names = (description: string, choices: readonly string[]) =>
  choices.every((c) =>
    new RegExp(`(^|[^\\w-])${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(description),
  );

/** The long flag of an option (`--tag` of `--tag <tag>`). */
const longFlag = (flags: string): string => /--[\w-]+/.exec(flags)?.[0] ?? flags;

type Sibling = Pick<OptionEntry, 'attribute' | 'flags' | 'hidden' | 'conflicts'>;

/**
 * The options of the command (`options`) an option cannot be used with, whichever of the two declares the
 * conflict; hidden ones left out.
 */
export function conflictingOptions<T extends Sibling>(
  option: Pick<OptionEntry, 'attribute' | 'conflicts'>,
  options: readonly T[],
): T[] {
  return options.filter(
    (o) =>
      !o.hidden &&
      o.attribute !== option.attribute &&
      (option.conflicts?.includes(o.attribute) || o.conflicts?.includes(option.attribute)),
  );
}

/**
 * An option's explanation: its description, then its choices and default unless the description says
 * them. In the manual (`manual`), its details too and the options of the command (`options`) it cannot be
 * used with; `--help` keeps to one line where it can (commander refuses a conflicting pair with both named).
 */
export function optionText(
  option: Pick<OptionEntry, 'attribute' | 'description' | 'details' | 'choices' | 'default' | 'conflicts'>,
  options: readonly Sibling[] = [],
  manual = true,
): string {
  const extras: string[] = [];
  const said = manual ? wholeDescription(option) : option.description;
  // `--help` lists a few choices; a long list is the manual's (completion offers them, a wrong one names them).
  if (option.choices && !names(said, option.choices) && (manual || option.choices.length <= maxChoices)) {
    extras.push(`one of: ${option.choices.join(', ')}`);
  }
  const value = option.default;
  if (value !== undefined && value !== false && !/\bdefault\b/.test(said)) {
    extras.push(`default: ${Array.isArray(value) ? value.join(',') : String(value)}`);
  }
  if (!manual) return withNotes(option.description, extras);
  const notWith = conflictingOptions(option, options).map((o) => longFlag(o.flags));
  if (notWith.length) extras.push(`not with ${notWith.join(', ')}`);
  return withNotes(said, extras);
}

/** An option's description as the manual says it: the part `--help` shows and the rest, as declared. */
export function wholeDescription(option: Pick<OptionEntry, 'description' | 'details'>): string {
  if (!option.details) return option.description;
  return `${option.description}${/^[,;:]/.test(option.details) ? '' : ' '}${option.details}`;
}

/** The most choices `--help` lists beside an option. */
const maxChoices = 3;

/** `text (notes)`, or `text (its own note; notes)` when the text already ends in a parenthesis. */
function withNotes(text: string, notes: string[]): string {
  if (!notes.length) return text;
  if (text.endsWith(')') && text.lastIndexOf('(') > text.lastIndexOf(')', text.length - 2)) {
    return `${text.slice(0, -1)}; ${notes.join('; ')})`;
  }
  return `${text} (${notes.join('; ')})`;
}

export function argumentText(arg: ArgEntry): string {
  if (!arg.choices || names(arg.description, arg.choices)) return arg.description;
  return withNotes(arg.description, [`one of: ${arg.choices.join(', ')}`]);
}

/** `<name>`, `[name]`, `<id...>` */
export function argumentToken(arg: ArgEntry): string {
  const name = arg.variadic ? `${arg.name}...` : arg.name;
  return arg.required ? `<${name}>` : `[${name}]`;
}

/** The words after `secscan` in a usage line. */
export function usageTail(entry: CommandEntry): string {
  if (entry.kind === 'group') return '<command> [options]';
  const options = (entry.options ?? []).some((o) => !o.hidden) ? ['[options]'] : [];
  return [...options, ...(entry.args ?? []).map(argumentToken)].join(' ');
}

/** The formats `-o` takes for a command. */
export function formatsOf(entry: Pick<CommandEntry, 'outputs' | 'formats'>): string[] {
  return entry.formats ? [...entry.formats] : [...new Set([...baseFormats, ...(entry.outputs ?? [])])];
}

/** The description of a command as blocks (the summary when it has none). */
export function descriptionBlocks(entry: Pick<CommandEntry, 'summary' | 'description'>): Block[] {
  return parseText(entry.description ?? sentence(entry.summary));
}

const optionTerms = (options: readonly OptionEntry[], manual = false): [string, string][] =>
  options.filter((o) => !o.hidden).map((o) => [o.flags, optionText(o, options, manual)]);

function section(title: string, lines: string[]): string[] {
  return lines.length ? ['', `${title}:`, ...lines] : [];
}

function examples(list: readonly string[], width: number): string[] {
  return list.flatMap((example) => wrapCommand(example, width - 2, '    ').map((line) => `  ${line}`));
}

function commandTerms(
  entries: readonly Pick<CommandEntry, 'name' | 'aliases' | 'summary'>[],
): [string, string][] {
  return entries.map((c) => [[c.name, ...c.aliases].join(', '), c.summary]);
}

/** The blocks `--help` shows of a description: its first paragraph (the manual shows them all). */
export function helpBlocks(entry: Pick<CommandEntry, 'summary' | 'description'>): Block[] {
  const [first] = parseText(entry.description ?? '');
  if (!first) return [];
  // A description that only says the summary again is not said twice.
  if (first.kind === 'paragraph' && sentence(first.text) === sentence(entry.summary)) return [];
  return [first];
}

/** How many examples `--help` shows; the manual shows every one. */
export const helpExamples = 3;

/** The global options a verb takes, as gh's "inherited flags": the most used by name, the program's help for all. */
function inheritedFlags(options: readonly OptionEntry[]): string {
  const named = ['-o', '--fields', '--jq', '-q', '--profile', '--org'];
  const short = (flags: string) => /^-\w\b/.exec(flags)?.[0] ?? longFlag(flags);
  const shown = options.map((o) => short(o.flags)).filter((f) => named.includes(f));
  return `${shown.join(', ')}, ... (secscan --help)`;
}

/** Where the manual says the rest: the man page of the noun and its page of docs/reference. */
export function learnMore(words: readonly string[]): string {
  const noun = words[1];
  const page = noun ? `secscan-${noun}` : 'secscan';
  return `\`man ${page}\`, docs/reference/${page}.md`;
}

/**
 * The help of a command, given its chain of entries from the noun down, as gh's: the summary, a few lines
 * of description, usage, options, the global options by name, examples and where to learn more.
 */
export function commandHelp(manifest: Manifest, chain: readonly CommandEntry[], width: number): string {
  const entry = chain[chain.length - 1] as CommandEntry;
  const words = ['secscan', ...chain.map((c) => c.name)];
  // As gh's: the description's first paragraph, or the summary (which the parent's list shows too).
  const description = helpBlocks(entry);
  const lines = description.length
    ? renderBlocks(description, width)
    : wrapWords(sentence(entry.summary), width);
  lines.push('', `Usage: ${words.join(' ')} ${usageTail(entry)}`.trimEnd());
  const parents = words.slice(0, -1);
  if (entry.aliases.length)
    lines.push(`Alias: ${entry.aliases.map((a) => [...parents, a].join(' ')).join(', ')}`);
  if (entry.kind === 'group') {
    lines.push(...section('Commands', renderTerms(commandTerms(entry.commands ?? []), width)));
  } else {
    const args = (entry.args ?? []).map((a): [string, string] => [a.name, argumentText(a)]);
    lines.push(...section('Arguments', renderTerms(args, width)));
    lines.push(...section('Options', renderTerms(optionTerms(entry.options ?? []), width)));
    const notes: string[] = [];
    if (entry.outputs?.length || entry.formats?.length) {
      notes.push(`Output formats (-o): ${formatsOf(entry).join(', ')}.`);
    }
    if (entry.fields?.length) notes.push(`Fields (--fields): ${entry.fields.join(', ')}.`);
    if (notes.length) lines.push('', ...wrapWords(notes.join(' '), width));
    // A verb may have commands of its own (`secscan sandbox scan`).
    lines.push(...section('Commands', renderTerms(commandTerms(entry.commands ?? []), width)));
    lines.push('', ...wrapWords(`Global options: ${inheritedFlags(manifest.root.options)}`, width));
  }
  lines.push(...section('Examples', examples(entry.examples.slice(0, helpExamples), width)));
  lines.push(
    ...section(
      'Learn more',
      wrapWords(learnMore(words), width - 2).map((l) => `  ${l}`),
    ),
  );
  return `${lines.join('\n')}\n`;
}

/** The program's help: what bare `secscan`, `secscan --help` and `secscan help` print. */
export function rootHelp(manifest: Manifest, width: number): string {
  const { root } = manifest;
  const lines = [
    ...renderBlocks(parseText(root.description), width),
    '',
    'Usage: secscan <command> [options]',
  ];
  // The nouns by section, as gh groups its commands, in one column width so they read as one list.
  const all = commandTerms([...manifest.commands, { ...helpCommand, aliases: [] }]);
  const column = termColumn(all, width);
  for (const [key, title] of Object.entries(sections)) {
    const members = manifest.commands.filter((c) => c.section === key);
    const terms = commandTerms(key === 'setup' ? [...members, { ...helpCommand, aliases: [] }] : members);
    lines.push(...section(title, renderTerms(terms, width, 2, column)));
  }
  lines.push(
    ...section(
      'Help topics',
      renderTerms(
        topics.map((t) => [t.name, t.summary]),
        width,
      ),
    ),
  );
  lines.push(
    ...section(
      'Options',
      renderTerms(optionTerms([versionOption, verboseOption, ...root.options, helpOption]), width),
    ),
  );
  lines.push(...section('Examples', examples(root.examples, width)));
  const footer =
    'Run `secscan <command> --help` for a command, `secscan help <topic>` for a topic; the whole reference: `man secscan` or docs/reference/.';
  lines.push(
    ...section(
      'Learn more',
      wrapWords(footer, width - 2).map((l) => `  ${l}`),
    ),
  );
  return `${lines.join('\n')}\n`;
}

/** A help topic as text. */
export async function topicHelp(name: string, width: number): Promise<string | undefined> {
  const topic = topics.find((t) => t.name === name);
  if (!topic) return undefined;
  const blocks = await topic.blocks();
  return `${renderBlocks(blocks, width).join('\n')}\n`;
}
