import { walk } from './model.mjs';
import { blocks, bold, code, italic, nameText, prose, wrap } from './roff.mjs';

/**
 * Man pages from the same entries and help blocks as `--help`: secscan(1) with the global options and the
 * help topics, and secscan-NOUN(1) for every top-level command.
 */

/** Columns an example may take inside a man page's indented display at 80 columns. */
const exampleWidth = 66;

/**
 * Left-adjusted and never hyphenated, so flags, ids and enum values are not broken or stretched (the man
 * macros reset both at every paragraph from the HY register and the AD string).
 */
const header = (name, date, version) => [
  `.TH ${name.toUpperCase()} 1 ${date} "secscan ${version}" "User Commands"`,
  '.nh',
  '.nr HY 0',
  '.ds AD l',
  '.ad l',
];

function optionTag(option) {
  const names = option.names.map(bold).join(', ');
  if (!option.takesValue) return names;
  const value = italic(option.placeholder ?? 'value');
  return option.optionalValue ? `${names} [${value}]` : `${names} ${value}`;
}

function usage(node) {
  const words = bold(['secscan', ...node.path].join(' '));
  if (node.kind === 'group') return `${words} ${italic('command')} [${italic('options')}]`;
  const parts = node.usage
    .split(' ')
    .filter(Boolean)
    .map((w) =>
      w.replace(
        /^([[<]?)([^\]>]+)([\]>]?)$/,
        (_m, open, name, close) => `${open === '<' ? '' : open}${italic(name)}${close === '>' ? '' : close}`,
      ),
    );
  return [words, ...parts].join(' ');
}

const withoutHelp = (options) => options.filter((o) => o.long !== '--help');

function examples(list, model) {
  if (!list.length) return [];
  const lines = list.flatMap((e) => model.text.wrapCommand(e, exampleWidth, '    '));
  return ['.PP', '.RS 4', '.EX', ...lines.map(code), '.EE', '.RE'];
}

function commandSection(node, model) {
  const out = [`.SS ${code(['secscan', ...node.path].join(' '))}`, usage(node)];
  out.push(...blocks(node.blocks, { wrapCommand: model.text.wrapCommand, width: exampleWidth }));
  if (node.aliases.length) {
    const parent = ['secscan', ...node.path.slice(0, -1)];
    out.push('.PP', `Alias: ${node.aliases.map((a) => bold([...parent, a].join(' '))).join(', ')}.`);
  }
  if (node.children.length) {
    out.push('.PP', `Commands: ${node.children.map((c) => bold(c.name)).join(', ')}.`);
  }
  for (const arg of node.args) out.push('.TP', italic(arg.name), prose(arg.text));
  for (const option of withoutHelp(node.options)) out.push('.TP', optionTag(option), prose(option.text));
  if (node.formats.length > model.baseFormats.length) {
    out.push('.PP', `Output formats (\\fB\\-o\\fR): ${node.formats.map(bold).join(', ')}.`);
  }
  if (node.fields.length)
    out.push('.PP', `Fields (\\fB\\-\\-fields\\fR): ${node.fields.map(bold).join(', ')}.`);
  if (node.examples.length) out.push('.PP', 'Examples:', ...examples(node.examples, model));
  return out;
}

const seeAlso = (names) => names.map((name, i) => `.BR ${code(name)} (1)${i < names.length - 1 ? ',' : ''}`);

/** secscan-NOUN(1): the noun, then each command under it. */
export function nounPage(noun, model, date, version) {
  const name = `secscan-${noun.name}`;
  const commands = walk(noun).filter((n) => n !== noun);
  const lines = [
    ...header(name, date, version),
    '.SH NAME',
    `${code(name)} \\- ${nameText(noun.summary.replace(/\.$/, ''))}`,
    '.SH SYNOPSIS',
    ...(noun.kind === 'group' ? [] : [noun])
      .concat(commands.filter((c) => c.kind === 'verb'))
      .flatMap((c, i) => [...(i ? ['.br'] : []), usage(c)]),
    '.SH DESCRIPTION',
    ...blocks(noun.blocks, { wrapCommand: model.text.wrapCommand, width: exampleWidth }),
  ];
  if (noun.aliases.length)
    lines.push('.PP', `Alias: ${noun.aliases.map((a) => bold(`secscan ${a}`)).join(', ')}.`);
  if (noun.kind === 'group') {
    lines.push('.SH COMMANDS', ...commands.flatMap((c) => commandSection(c, model)));
  } else {
    for (const arg of noun.args) lines.push('.TP', italic(arg.name), prose(arg.text));
    const options = withoutHelp(noun.options);
    if (options.length)
      lines.push('.SH OPTIONS', ...options.flatMap((o) => ['.TP', optionTag(o), prose(o.text)]));
    if (noun.formats.length > model.baseFormats.length) {
      lines.push('.PP', `Output formats (\\fB\\-o\\fR): ${noun.formats.map(bold).join(', ')}.`);
    }
    if (noun.fields.length)
      lines.push('.PP', `Fields (\\fB\\-\\-fields\\fR): ${noun.fields.map(bold).join(', ')}.`);
    // A verb with commands of its own (`secscan sandbox scan`) documents them too.
    if (commands.length) lines.push('.SH COMMANDS', ...commands.flatMap((c) => commandSection(c, model)));
  }
  lines.push(
    '.SH GLOBAL OPTIONS',
    `Every command also takes the global options of ${bold('secscan')}(1): ${model.globals
      .map((o) => bold(o.long ?? o.short))
      .join(', ')}.`,
  );
  if (noun.kind === 'group' ? noun.examples.length : noun.examples.length) {
    lines.push('.SH EXAMPLES', ...examples(noun.examples, model).slice(1));
  }
  lines.push(
    '.SH EXIT STATUS',
    `0 on success; see ${bold('secscan help exit-codes')} or the EXIT STATUS section of ${bold('secscan')}(1) for the others.`,
    '.SH SEE ALSO',
    ...seeAlso(['secscan']),
  );
  return `${wrap(lines).join('\n')}\n`;
}

/** secscan(1): the program, its global options, every noun, and the help topics as sections. */
export function rootPage(model, date, version) {
  const nouns = model.root.children.filter((n) => !n.pseudo);
  const topic = (name) => model.topics.find((t) => t.name === name);
  const topicSection = (name) => {
    const t = topic(name);
    return [
      `.SH ${t.section}`,
      ...blocks(t.content, { wrapCommand: model.text.wrapCommand, width: exampleWidth }),
    ];
  };
  const lines = [
    ...header('secscan', date, version),
    '.SH NAME',
    `secscan \\- ${nameText(model.root.summary.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase()))}`,
    '.SH SYNOPSIS',
    `${bold('secscan')} [${italic('options')}] ${italic('command')} [${italic('arguments')}]`,
    '.br',
    `${bold('secscan')} ${italic('command')} ${bold('--help')}`,
    '.br',
    `${bold('secscan help')} ${italic('topic')}`,
    '.SH DESCRIPTION',
    ...blocks(model.root.blocks),
    '.PP',
    `Each command has a page of its own: ${bold('secscan-findings')}(1) for ${bold('secscan findings')}, and so on. ${bold('secscan')} ${italic('command')} ${bold('--help')} shows the same text.`,
    '.SH COMMANDS',
    ...nouns.flatMap((n) => [
      '.TP',
      `${bold(`secscan ${n.name}`)} (see ${bold(`secscan-${n.name}`)}(1))`,
      prose(n.summary),
    ]),
    '.TP',
    `${bold('secscan help')} [${italic('command')} ... | ${italic('topic')}]`,
    prose(`Show the help of a command, or a topic: ${model.topics.map((t) => t.name).join(', ')}.`),
    '.SH OPTIONS',
    'These options are accepted by every command, before or after its name.',
    ...[...model.globals, ...model.root.options].flatMap((o) => ['.TP', optionTag(o), prose(o.text)]),
    ...topicSection('formatting'),
    ...topicSection('environment'),
    ...topicSection('http'),
    '.SH FILES',
    '.TP',
    italic('$SECSCAN_CONFIG_DIR/config.json'),
    prose(
      'The profiles and the current profile, tokens included, written atomically with mode 0600 in a directory with mode 0700. The directory is $SECSCAN_CONFIG_DIR, else $XDG_CONFIG_HOME/secscan, else ~/.config/secscan.',
    ),
    '.TP',
    italic('$SECSCAN_CONFIG_DIR/completion/'),
    prose(
      'Values shell completion offers (app ids, user e-mails, compound, team, group, policy and SAML configuration names), per profile and organization; refreshed in the background when older than five minutes. Safe to delete.',
    ),
    ...topicSection('rules'),
    ...topicSection('exit-codes'),
    '.SH EXAMPLES',
    ...examples(model.root.examples, model).slice(1),
    '.SH SEE ALSO',
    ...seeAlso([...nouns.map((n) => `secscan-${n.name}`), 'bash', 'fish', 'jq', 'zsh']),
  ];
  return `${wrap(lines).join('\n')}\n`;
}
