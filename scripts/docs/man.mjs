import { walk } from './model.mjs';
import { bold, code, italic, optionTag, paragraphs, prose, text, wrap } from './roff.mjs';

const environment = [
  ['SECSCAN_PROFILE', 'The profile to use, like `--profile`.'],
  ['SECSCAN_BASE_URL', 'The service address, like `--base-url`; the client adds /api/v4.'],
  ['SHIFTLEFT_API_HOST', 'A host name used when SECSCAN_BASE_URL is unset (https:// is implied).'],
  ['SECSCAN_ORG_ID', 'The organization id, like `--org`.'],
  ['SHIFTLEFT_ORG_ID', 'The organization id when SECSCAN_ORG_ID is unset.'],
  ['SECSCAN_TOKEN', 'The API token (there is no flag for it).'],
  ['SHIFTLEFT_ACCESS_TOKEN', 'The API token when SECSCAN_TOKEN is unset.'],
  ['SECSCAN_CONFIG_DIR', 'The configuration directory.'],
  [
    'XDG_CONFIG_HOME',
    'When SECSCAN_CONFIG_DIR is unset, the configuration directory is $XDG_CONFIG_HOME/secscan.',
  ],
  ['SECSCAN_DEBUG', 'Set to 1 for the same effect as `--debug`.'],
  ['NO_COLOR', 'When set and not empty, disables colour.'],
  ['CLICOLOR', 'Set to 0 to disable colour.'],
  ['FORCE_COLOR', 'When set and not 0 or false, forces colour even when stdout is not a terminal.'],
  ['CLICOLOR_FORCE', 'Same as FORCE_COLOR.'],
  [
    'HTTPS_PROXY, HTTP_PROXY, NO_PROXY',
    'Proxy to use for https and http requests, and hosts to reach directly.',
  ],
  ['NODE_EXTRA_CA_CERTS', 'A file of extra certificate authorities to trust; TLS verification stays on.'],
];

const description = [
  'Settings come from flags, then the environment, then the profile saved by `secscan auth login`.',
  'Data goes to standard output; progress, notices, warnings and errors go to standard error.',
  'On a terminal the default output is a table; when standard output is not a terminal it is',
  'tab-separated rows without header or colour.',
  'Use `-o json` for the full objects, and `--fields` to choose columns.',
  'Destructive commands ask for confirmation on a terminal and require `--yes` otherwise.',
];

function synopsis(node) {
  const args = node.args.map((a) => {
    const name = italic(a.variadic ? `${a.name} ...` : a.name);
    return a.required ? name : `[${name}]`;
  });
  const options = node.options.some((o) => o.long !== '--help') ? ['[options]'] : [];
  const rest = node.children.length ? [italic('command')] : args;
  return [bold(['secscan', ...node.path].join(' ')), ...options, ...rest].join(' ');
}

const sentence = (s) => (/[.!?]$/.test(s) ? s : `${s}.`);

function commandSection(node, baseFormatCount) {
  const out = [`.SS ${code(['secscan', ...node.path].join(' '))}`, synopsis(node)];
  out.push('.PP', ...paragraphs(node.description || sentence(node.summary)));
  if (node.aliases.length) out.push('.PP', `Alias: ${node.aliases.map(bold).join(', ')}.`);
  if (node.children.length) {
    out.push('.PP', `Commands: ${node.children.map((c) => bold(c.name)).join(', ')}.`);
  }
  if (node.formats.length > baseFormatCount) {
    out.push('.PP', `Output formats: ${node.formats.map(bold).join(', ')}.`);
  }
  for (const arg of node.args) out.push('.TP', italic(arg.name), prose(arg.description));
  for (const option of node.options.filter((o) => o.long !== '--help')) {
    out.push('.TP', optionTag(option), prose(withDefault(option)));
  }
  return out;
}

function withDefault(option) {
  const { description, default: value } = option;
  return value === undefined || /default/.test(description)
    ? description
    : `${description} (default ${value})`;
}

function exitStatus(help) {
  return help
    .trimEnd()
    .split('\n')
    .flatMap((line) => {
      const row = /^\s+(\d+)\s+(.*)$/.exec(line);
      if (row) return ['.TP', bold(row[1]), prose(row[2])];
      return line.endsWith(':') ? [prose(line)] : ['.PP', prose(line)];
    });
}

function examples(nodes) {
  return nodes
    .filter((node) => node.examples.length)
    .flatMap((node) => ['.PP', `${prose(node.summary)}:`, '.EX', ...node.examples.map(code), '.EE'])
    .slice(1);
}

export function man(model, date) {
  const nodes = walk(model.root).filter((node) => node.path.length);
  const rootOptions = model.root.options;
  const lines = [
    `.TH SECSCAN 1 ${date} secscan "User Commands"`,
    '.SH NAME',
    `secscan \\- ${text(model.root.description.replace(/\.$/, ''))}`,
    '.SH SYNOPSIS',
    `${bold('secscan')} [${italic('options')}] ${italic('command')} [${italic('arguments')}]`,
    '.br',
    bold('secscan help exit-codes'),
    '.br',
    `${bold('secscan')} ${italic('command')} ${bold('--help')}`,
    '.SH DESCRIPTION',
    prose(model.root.description),
    ...description.map(prose),
    '.SH OPTIONS',
    'These options are accepted by every command, before or after its name.',
    ...[...model.globals, ...rootOptions].flatMap((o) => ['.TP', optionTag(o), prose(o.description)]),
    '.SH COMMANDS',
    ...nodes.flatMap((node) => commandSection(node, model.baseFormats.length)),
    '.SH ENVIRONMENT',
    ...environment.flatMap(([name, what]) => ['.TP', bold(name), prose(what)]),
    '.SH FILES',
    '.TP',
    italic('$SECSCAN_CONFIG_DIR/config.json'),
    prose('The profiles and the current profile, tokens included.'),
    prose('The directory is $SECSCAN_CONFIG_DIR, else $XDG_CONFIG_HOME/secscan, else ~/.config/secscan.'),
    prose('The file is written atomically with mode 0600, in a directory with mode 0700.'),
    '.SH EXIT STATUS',
    ...exitStatus(model.exitCodesHelp),
    '.SH EXAMPLES',
    ...examples(nodes),
    '.SH SEE ALSO',
    '.BR bash (1),',
    '.BR fish (1),',
    '.BR jq (1),',
    '.BR zsh (1)',
  ];
  return `${wrap(lines).join('\n')}\n`;
}
