import { readFileSync } from 'node:fs';

const build = new URL('../../build/', import.meta.url);
const manifestFile = new URL('../../dist/manifest.json', import.meta.url);

/**
 * The command tree as the completions, man pages and docs/reference need it, from dist/manifest.json (run `npm run build`
 * first), with the help renderer's own pieces (src/help) so `--help` and the man pages say the same.
 */
export async function loadModel() {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const help = await import(new URL('help/render.js', build).href);
  const text = await import(new URL('help/text.js', build).href);
  const { topics } = await import(new URL('help/topics.js', build).href);
  const { settingDocs } = await import(new URL('help/configuration.js', build).href);
  const topicBlocks = await Promise.all(topics.map(async (t) => ({ ...t, content: await t.blocks() })));
  const globals = manifest.root.options.map((o) => toOption(o, help));
  const root = {
    path: [],
    name: 'secscan',
    aliases: [],
    kind: 'group',
    summary: manifest.root.summary,
    description: manifest.root.description,
    blocks: text.parseText(manifest.root.description),
    args: [],
    options: [help.versionOption, help.verboseOption, help.helpOption].map((o) => toOption(o, help)),
    examples: manifest.root.examples,
    formats: [...manifest.root.formats],
    ownFormats: false,
    fields: [],
    children: manifest.commands.map((entry) => toNode(entry, [], help, manifest)),
  };
  // `secscan help TOPIC|COMMAND`: not in the manifest, completed all the same (and in no man page of its own).
  root.children.push({
    ...toNode(
      { kind: 'verb', name: 'help', aliases: [], summary: help.helpCommand.summary, examples: [] },
      [],
      help,
      manifest,
    ),
    pseudo: true,
    args: [{ name: 'topic', required: false, variadic: false, values: { type: 'topic' } }],
  });
  return {
    manifest,
    root,
    globals,
    baseFormats: [...manifest.root.formats],
    topics: topicBlocks,
    /** The settings and where each comes from (docs/reference/configuration.md). */
    settings: settingDocs,
    /** What `secscan help` completes: the topics, then the commands. */
    topicWords: [...topics.map((t) => t.name), ...manifest.commands.map((c) => c.name)],
    help,
    text,
  };
}

function toNode(entry, parent, help, manifest) {
  const path = [...parent, entry.name];
  const node = {
    path,
    name: entry.name,
    kind: entry.kind,
    aliases: [...entry.aliases].sort(),
    summary: entry.summary,
    description: entry.description,
    blocks: help.descriptionBlocks(entry),
    usage: help.usageTail(entry),
    args: (entry.args ?? []).map((arg) => ({
      ...arg,
      text: help.argumentText(arg),
      token: help.argumentToken(arg),
      values: valuesOfArg(arg),
    })),
    options: withConflicts(
      (entry.options ?? []).filter((o) => !o.hidden).map((o) => toOption(o, help, entry.options)),
    ),
    examples: entry.examples,
    formats: help.formatsOf(entry, manifest),
    /** The formats of its document, not the base ones: help and the pages list them. */
    ownFormats: entry.formats !== undefined,
    fields: entry.fields ?? [],
    children: (entry.commands ?? []).map((child) => toNode(child, path, help, manifest)),
  };
  node.options.push(toOption(help.helpOption, help));
  return node;
}

/** `--users-file`, `<file>`, `<policy-file>`: "file" as a word, so `--profile` does not count. */
const namesFile = (name) => /(^|[-_ ])files?($|[-_ ])/i.test(name?.replace(/^-+/, '') ?? '');
/** The value token after the option's names: `<name[:tag]>` (required) or `[bool]` (optional), brackets inside kept. */
const valueToken = (flags) => /\s(<(.+)>|\[(.+)\])$/.exec(flags.trim());
const placeholderOf = (flags) => {
  const token = valueToken(flags);
  return (token?.[2] ?? token?.[3])?.replace(/\.\.\.$/, '');
};

/**
 * What completes an option's value: its choices, the output formats, files, the fields of the command,
 * or live values (`live`: profile, app, compound, team, team-id, policy, saml) read by `secscan __complete`.
 * Declared `complete` kinds win; common flags (--app, --compound, --team ...) are recognised without one.
 */
function valuesOf(option, long, placeholder) {
  if (option.choices) return { type: 'choices', values: option.choices };
  if (long === '--output') return { type: 'formats' };
  const kind = option.complete ?? inferred(long, placeholder);
  return kindValues(kind, placeholder);
}

function valuesOfArg(arg) {
  if (arg.choices) return { type: 'choices', values: arg.choices };
  // Only declared kinds: `apps create <id>` takes a new app id, not one that exists.
  const kind = arg.complete ?? (namesFile(arg.name) ? 'file' : undefined);
  return kindValues(kind, arg.name);
}

function inferred(long, placeholder) {
  if (long === '--app' || long === '--apps') return 'app';
  if (long === '--compound') return 'compound';
  if (long === '--team') return 'team';
  if (long === '--profile') return 'profile';
  if (long === '--policy') return 'policy';
  if (long === '--saml' || long === '--saml-config') return 'saml';
  if (long === '--fields') return 'field';
  if (fileOptions.has(long) || namesFile(long) || namesFile(placeholder)) return 'file';
  if (/^(dir|directory)$/.test(placeholder ?? '')) return 'dir';
  return undefined;
}

/** Options whose value is a file name though neither the flag nor its placeholder says "file". */
const fileOptions = new Set(['--input', '--state', '--out']);

function kindValues(kind, placeholder) {
  switch (kind) {
    case undefined:
      return undefined;
    case 'file':
    case 'dir':
      return { type: kind };
    case 'field':
      return { type: 'fields' };
    case 'shell':
      return { type: 'choices', values: ['bash', 'zsh', 'fish'] };
    case 'topic':
      return { type: 'topic' };
    case 'team':
      // `--team <team-id>` takes the id (the name is shown beside it); otherwise the name.
      return { type: 'live', kind: /\bid\b/.test(placeholder ?? '') ? 'team-id' : 'team' };
    default:
      return { type: 'live', kind };
  }
}

/**
 * Each option's `conflicts`: every name (long and short) of the options it cannot be used with, whichever
 * of the two declares the conflict.
 */
function withConflicts(options) {
  return options.map((o) => ({
    ...o,
    conflicts: options
      .filter(
        (x) => x !== o && (o.conflictsWith.includes(x.attribute) || x.conflictsWith.includes(o.attribute)),
      )
      .flatMap((x) => x.names),
  }));
}

function toOption(option, help, siblings = []) {
  const placeholder = placeholderOf(option.flags);
  const names = option.flags.split(/[ ,|]+/).filter((w) => w.startsWith('-'));
  const long = names.find((n) => n.startsWith('--'));
  const short = names.find((n) => !n.startsWith('--'));
  const takesValue = /[<[]/.test(option.flags);
  return {
    flags: option.flags,
    short,
    long,
    names,
    description: option.description,
    text: help.optionText(option, siblings),
    attribute: option.attribute,
    conflictsWith: option.conflicts ?? [],
    placeholder,
    takesValue,
    optionalValue: valueToken(option.flags)?.[3] !== undefined,
    repeatable: Boolean(option.repeatable || /\.\.\.[>\]]/.test(option.flags)),
    choices: option.choices,
    values: takesValue ? valuesOf(option, long, placeholder) : undefined,
  };
}

/** Every node of the tree, depth first, parents before children. */
export function walk(node) {
  return [node, ...node.children.flatMap(walk)];
}
