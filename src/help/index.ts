import { editDistance } from '../util/near.js';
import type { CommandEntry, Manifest, OptionEntry } from '../commands/manifest.js';
import { UsageError } from '../errors.js';
import { commandHelp, rootHelp, topicHelp } from './render.js';
import { topics } from './topics.js';

/** Help wraps at the terminal's width, and at 80 columns when piped. */
export function helpWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return stream.isTTY && stream.columns && stream.columns > 0 ? stream.columns : 80;
}

const names = (option: OptionEntry) => option.flags.split(/[ ,|]+/).filter((w) => w.startsWith('-'));

/**
 * The command whose help argv asks for (`[]` for the program), read as commander reads it: an option's
 * value is never taken for --help, and nothing after `--` counts. Undefined when argv asks for no help.
 */
export function helpChain(argv: readonly string[], manifest: Manifest): CommandEntry[] | undefined {
  const chain: CommandEntry[] = [];
  let entries = manifest.commands;
  let descending = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return undefined;
    if (arg === '-h' || arg === '--help') return chain;
    const current = chain[chain.length - 1];
    if (arg.startsWith('-') && arg.length > 1) {
      if (arg.includes('=')) continue;
      const option = [...manifest.root.options, ...(current?.options ?? [])].find((o) =>
        names(o).includes(arg),
      );
      const next = argv[i + 1];
      if (option && /<[^>]+>/.test(option.flags)) i++;
      else if (option && /\[[^\]]+\]/.test(option.flags) && next !== undefined && !next.startsWith('-')) i++;
      continue;
    }
    // A verb's words are its arguments, unless it has commands of its own (`sandbox scan`).
    if (!descending || (current?.kind === 'verb' && !current.commands?.length)) continue;
    const child = entries.find((c) => c.name === arg || c.aliases.includes(arg));
    if (!child) {
      descending = false;
      continue;
    }
    chain.push(child);
    entries = child.commands ?? [];
  }
  return undefined;
}

/** The help text for a chain of commands (the program's for none). */
export function helpFor(manifest: Manifest, chain: readonly CommandEntry[], width: number): string {
  return chain.length ? commandHelp(manifest, chain, width) : rootHelp(manifest, width);
}

/** Candidates close to a mistyped word: a few edits away, or starting with it. */
export function suggestions(word: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  return candidates.filter((c) => editDistance(word, c) <= limit || (word.length >= 3 && c.startsWith(word)));
}

const helpHelp = `Usage: secscan help [<command>... | <topic>]

Show the help of a command (the same as \`secscan <command> --help\`), or a topic: ${topics.map((t) => t.name).join(', ')}.

Examples:
  secscan help findings list
  secscan help exit-codes
`;

/** `secscan help [WORDS...]`: a topic, a command's help, or the program's; anything else is a usage error. */
export async function helpCommandText(
  words: readonly string[],
  manifest: Manifest,
  width: number,
): Promise<string> {
  if (words.length === 0) return rootHelp(manifest, width);
  if (words[0] === '--help' || words[0] === '-h') return helpHelp;
  if (words.length === 1) {
    const topic = await topicHelp(words[0] as string, width);
    if (topic !== undefined) return topic;
  }
  const chain: CommandEntry[] = [];
  let entries = manifest.commands;
  for (const word of words) {
    const child = entries.find((c) => c.name === word || c.aliases.includes(word));
    if (!child) {
      const known = [
        ...(chain.length ? [] : topics.map((t) => t.name)),
        ...entries.flatMap((c) => [c.name, ...c.aliases]),
      ];
      const close = suggestions(word, known);
      const what = chain.length
        ? `command ${JSON.stringify([...chain.map((c) => c.name), word].join(' '))}`
        : `help topic or command ${JSON.stringify(word)}`;
      throw new UsageError(`unknown ${what}${close.length ? ` (did you mean ${close.join(', ')}?)` : ''}`, {
        hint: chain.length
          ? `see \`secscan ${chain.map((c) => c.name).join(' ')} --help\``
          : `topics: ${topics.map((t) => t.name).join(', ')}; commands: see \`secscan --help\``,
      });
    }
    chain.push(child);
    entries = child.commands ?? [];
  }
  return commandHelp(manifest, chain, width);
}
