import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildManifest,
  type CommandEntry,
  type Manifest,
  type OptionEntry,
  walk,
} from '../../../src/commands/manifest.js';
import { environment } from '../../../src/help/environment.js';
import { helpChain, helpCommandText, helpFor, suggestions } from '../../../src/help/index.js';
import {
  commandHelp,
  helpExamples,
  optionText,
  rootHelp,
  wholeDescription,
} from '../../../src/help/render.js';
import { sections } from '../../../src/commands/define.js';
import { parseText, shellWords, wrapCommand, wrapWords } from '../../../src/help/text.js';
import { topics } from '../../../src/help/topics.js';

let manifest: Manifest;
let commands: { words: string[]; chain: CommandEntry[] }[];

beforeAll(async () => {
  manifest = await buildManifest();
  const chains = new Map<string, CommandEntry[]>();
  commands = walk(manifest.commands).map(({ words, entry }) => {
    const chain = [...(chains.get(words.slice(0, -1).join(' ')) ?? []), entry];
    chains.set(words.join(' '), chain);
    return { words, chain };
  });
});

/** An example as printed: its continuation lines joined back. */
const unwrap = (lines: string[]) => lines.join('\n').replace(/ \\\n\s+/g, ' ');

describe('every command', () => {
  it('has at least one example, and so has the program', () => {
    const without = commands
      .filter(({ chain }) => !chain.at(-1)?.examples.length)
      .map((c) => c.words.join(' '));
    expect(without).toEqual([]);
    expect(manifest.root.examples.length).toBeGreaterThan(0);
  });

  it('has help that fits 80 columns, with its first examples whole and its first paragraph reflowed', () => {
    for (const { words, chain } of commands) {
      const entry = chain.at(-1) as CommandEntry;
      const text = commandHelp(manifest, chain, 80);
      const lines = text.trimEnd().split('\n');
      // Only a word longer than the line (a URL, say) may stick out.
      const over = lines.filter((line) => line.length > 80 && /\s/.test(line.trim()));
      expect(over, `secscan ${words.join(' ')} --help`).toEqual([]);
      // Broken lines are joined back; runs of blanks (alignment before a comment) may become one.
      const examples = unwrap(lines.slice(lines.indexOf('Examples:') + 1)).replace(/ +/g, ' ');
      for (const example of entry.examples.slice(0, helpExamples)) {
        expect(examples, words.join(' ')).toContain(example.replace(/ +/g, ' '));
      }
      const flowing = text.replace(/\s+/g, ' ');
      const [first] = parseText(entry.description ?? '');
      if (first?.kind === 'paragraph') expect(flowing).toContain(first.text.replace(/\s+/g, ' '));
    }
  });

  it('has help as gh has: a few lines of description, then usage, options, examples, learn more', () => {
    const over: string[] = [];
    for (const { words, chain } of commands) {
      const text = commandHelp(manifest, chain, 80);
      const lines = text.trimEnd().split('\n');
      const usage = lines.findIndex((l) => l.startsWith('Usage: secscan '));
      // The description (or the summary) and a blank line come before the usage line.
      if (usage < 1 || usage > 9) over.push(`${words.join(' ')}: ${usage - 1} lines before Usage`);
      if (lines.length > 60) over.push(`${words.join(' ')}: ${lines.length} lines`);
      const order = ['Usage: ', 'Options:', 'Examples:', 'Learn more:'].map((h) =>
        lines.findIndex((l) => l.startsWith(h)),
      );
      const present = order.filter((i) => i >= 0);
      expect(present, words.join(' ')).toEqual([...present].sort((a, b) => a - b));
      expect(lines.at(-1), words.join(' ')).toContain(`man secscan-${words[0]}`);
    }
    expect(over).toEqual([]);
    const check = commands.find((c) => c.words.join(' ') === 'scans check')?.chain as CommandEntry[];
    expect(commandHelp(manifest, check, 80).trimEnd().split('\n').length).toBeLessThanOrEqual(60);
  });

  it('leaves nothing out of the manual that help shortens: the whole description, every example', () => {
    const chain = commands.find((c) => c.words.join(' ') === 'scans check')?.chain as CommandEntry[];
    const entry = chain.at(-1) as CommandEntry;
    const help = commandHelp(manifest, chain, 80);
    expect(help).not.toContain('GITHUB_STEP_SUMMARY.');
    expect(entry.description).toContain('appends its Markdown summary to $GITHUB_STEP_SUMMARY.');
    expect(entry.examples.length).toBeGreaterThan(helpExamples);
    const ignore = entry.options?.find((o) => o.flags === '--ignore-file <file>') as OptionEntry;
    expect(optionText(ignore, entry.options, false)).toBe('the ignore file of suppressions');
    expect(wholeDescription(ignore)).toBe(
      'the ignore file of suppressions (default: .secscan/ignore.yml here or in a directory above, up to the repository root)',
    );
    const seed = manifest.commands
      .find((c) => c.name === 'sandbox')
      ?.options?.find((o) => o.flags === '--seed <n>') as OptionEntry;
    expect(seed.description).toBe('seed of the demo data');
    expect(wholeDescription(seed)).toBe('seed of the demo data: the same seed gives the same data');
  });

  it('wraps at the width given', () => {
    const chain = commands.find((c) => c.words.join(' ') === 'scans check')?.chain as CommandEntry[];
    const wide = commandHelp(manifest, chain, 200).split('\n');
    expect(Math.max(...wide.map((l) => l.length))).toBeGreaterThan(120);
    expect(
      wide.some((l) =>
        l.includes(
          'from a file or a stored check-analysis policy: exit 0 when no rule is over its threshold',
        ),
      ),
    ).toBe(true);
    const narrow = commandHelp(manifest, chain, 60).split('\n');
    expect(narrow.filter((l) => l.length > 60)).toEqual([]);
  });

  it('declares conflicts that each name another option of the command', () => {
    for (const { words, chain } of commands) {
      const options = chain[chain.length - 1]?.options ?? [];
      for (const option of options) {
        for (const other of option.conflicts ?? []) {
          const target = options.find((o) => o.attribute === other && o !== option);
          expect(target, `${words.join(' ')} ${option.flags} conflicts with ${other}`).toBeDefined();
        }
      }
    }
  });

  it('says which options an option cannot be used with (policies push: --tag or --use-defaults)', () => {
    const chain = commands.find((c) => c.words.join(' ') === 'policies push')?.chain as CommandEntry[];
    // The manual says it; commander refuses the pair naming both, so `--help` keeps to a line.
    const options = chain.at(-1)?.options ?? [];
    const text = (flags: string) =>
      optionText(options.find((o) => o.flags === flags) as OptionEntry, options);
    expect(text('--tag <tag>')).toBe('tag this version (e.g. a version number; not with --use-defaults)');
    expect(text('--use-defaults')).toBe(
      'apply the service’s versioning: the next version tag (not with --tag)',
    );
  });
});

describe('the program help', () => {
  it('lists every noun, the help command, the topics and the global options', () => {
    const text = rootHelp(manifest, 80);
    // A noun with an alias is listed as `reports, report`.
    for (const entry of manifest.commands) expect(text).toMatch(new RegExp(`^  ${entry.name}[ ,]`, 'm'));
    expect(text).toMatch(/^ {2}help +Show help for a command or a topic/m);
    for (const topic of topics) expect(text).toMatch(new RegExp(`^  ${topic.name} `, 'm'));
    for (const option of manifest.root.options) expect(text).toContain(option.flags);
    expect(text).toContain('Examples:');
  });

  it('groups the nouns in the sections they declare, in the order of the sections', () => {
    const text = rootHelp(manifest, 80);
    const headings = Object.values(sections).map((title) => text.indexOf(`\n${title}:\n`));
    expect(headings.every((i) => i > 0)).toBe(true);
    expect(headings).toEqual([...headings].sort((a, b) => a - b));
    for (const entry of manifest.commands) {
      const key = entry.section as keyof typeof sections;
      expect(Object.keys(sections), entry.name).toContain(key);
      const at = text.search(new RegExp(`\\n  ${entry.name}[ ,]`));
      const own = headings[Object.keys(sections).indexOf(key)] as number;
      const next = headings.find((h) => h > own) ?? text.length;
      expect(at > own && at < next, `${entry.name} under ${sections[key]}`).toBe(true);
    }
    expect(text.indexOf('\n  sandbox ')).toBeLessThan(text.indexOf('\n  findings '));
  });
});

describe('help requests', () => {
  it.each([
    [['--help'], ''],
    [['-h'], ''],
    [['findings', '--help'], 'findings'],
    [['findings', 'ls', '-h'], 'findings list'],
    [['--profile', 'x', 'findings', 'comment', 'add', '--help'], 'findings comment add'],
    [['findings', 'list', '--app', 'x', '--help'], 'findings list'],
    [['tokens', 'bogus', '--help'], 'tokens'],
    [['--org', '--help'], ''],
    [['sandbox', 'scan', '--help'], 'sandbox scan'],
    [['sandbox', '--port', '0', '--help'], 'sandbox'],
  ])('%j asks for the help of "%s"', (argv, words) => {
    expect(
      helpChain(argv, manifest)
        ?.map((c) => c.name)
        .join(' '),
    ).toBe(words);
  });

  it.each([
    [['findings', 'list', '--search', '--help']],
    [['findings', 'list', '--', '--help']],
    [['tokens', 'list']],
  ])('%j asks for none (an option value, after --)', (argv) => {
    expect(helpChain(argv, manifest)).toBe(undefined);
  });

  it('lists the commands of a command that has some (sandbox scan)', () => {
    const sandbox = helpChain(['sandbox', '--help'], manifest) as CommandEntry[];
    expect(commandHelp(manifest, sandbox, 80)).toMatch(
      /\nCommands:\n {2}scan +Record a scan on a running sandbox/,
    );
    const scan = helpChain(['sandbox', 'scan', '--help'], manifest) as CommandEntry[];
    expect(commandHelp(manifest, scan, 80)).toMatch(/\nUsage: secscan sandbox scan \[options\]\n/);
  });

  it('answers `help COMMAND` as `COMMAND --help`, and topics by name', async () => {
    const chain = helpChain(['findings', 'list', '--help'], manifest) as CommandEntry[];
    expect(await helpCommandText(['findings', 'list'], manifest, 80)).toBe(helpFor(manifest, chain, 80));
    expect(await helpCommandText(['findings', 'ls'], manifest, 80)).toBe(helpFor(manifest, chain, 80));
    expect(await helpCommandText([], manifest, 80)).toBe(rootHelp(manifest, 80));
    for (const topic of topics) expect(await helpCommandText([topic.name], manifest, 80)).not.toBe('');
  });

  it('refuses an unknown topic with suggestions', async () => {
    await expect(helpCommandText(['findngs'], manifest, 80)).rejects.toThrow(
      'unknown help topic or command "findngs" (did you mean findings?)',
    );
    await expect(helpCommandText(['enviroment'], manifest, 80)).rejects.toThrow(
      '(did you mean environment?)',
    );
    await expect(helpCommandText(['findings', 'lst'], manifest, 80)).rejects.toThrow(
      'unknown command "findings lst" (did you mean list, ls?)',
    );
    expect(suggestions('zzz', ['findings'])).toEqual([]);
  });
});

describe('help text', () => {
  it('reads paragraphs, literal lines and bullets from a description', () => {
    expect(
      parseText(
        'One line\nand the next.\n\nSecond.\n  $ literal --kept  as is\n- a bullet\n  continued\n- two',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'One line and the next.' },
      { kind: 'paragraph', text: 'Second.' },
      { kind: 'literal', lines: ['$ literal --kept  as is'] },
      { kind: 'bullets', items: ['a bullet continued', 'two'] },
    ]);
  });

  it('wraps words and never breaks one', () => {
    expect(wrapWords('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapWords('a-very-long-word x', 5)).toEqual(['a-very-long-word', 'x']);
  });

  it('breaks a command only between shell words, quotes and redirections kept whole', () => {
    expect(shellWords(`secscan x --comment "fixed in #1" > out.txt | jq '.a b' # note here`)).toEqual([
      'secscan',
      'x',
      '--comment',
      '"fixed in #1"',
      '> out.txt',
      '| jq',
      "'.a b'",
      '# note here',
    ]);
    const line = 'secscan findings list --app shiftleft-java-demo --search "a long quoted text" -o json';
    const wrapped = wrapCommand(line, 40);
    for (const l of wrapped) expect(l.length).toBeLessThanOrEqual(40);
    expect(wrapped.slice(0, -1).every((l) => l.endsWith(' \\'))).toBe(true);
    expect(unwrap(wrapped)).toBe(line);
    expect(wrapped.join('\n')).toContain('"a long quoted text"');
  });
});

describe('help environment', () => {
  /** Every SECSCAN_*, SHIFTLEFT_* or other variable the source reads from an environment. */
  function variablesRead(): Set<string> {
    const found = new Set<string>();
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'sandbox') visit(path);
        } else if (name.endsWith('.ts')) {
          const source = readFileSync(path, 'utf8');
          for (const m of source.matchAll(/\benv(?:\?)?\.([A-Z][A-Z0-9_]+)/g)) found.add(m[1] as string);
          for (const m of source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) found.add(m[1] as string);
          for (const m of source.matchAll(/firstEnv\(env, \[([^\]]+)\]\)/g)) {
            for (const v of (m[1] as string).matchAll(/'([A-Z][A-Z0-9_]+)'/g)) found.add(v[1] as string);
          }
        }
      }
    };
    visit(fileURLToPath(new URL('../../../src', import.meta.url)));
    return found;
  }

  it('documents every variable the tool reads', () => {
    const documented = environment.flatMap(([names]) => names.split(/,\s*/));
    const read = [...variablesRead()];
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((v) => !documented.includes(v))).toEqual([]);
  });
});
