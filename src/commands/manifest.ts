import type { Operation } from '@secscan/api/operation';
import { isOperationId, operations } from '@secscan/api/operations';
import {
  type AnyVerb,
  type ArgDecl,
  attributeOf,
  type CompletionKind,
  type GroupSpec,
  type Loader,
  type OptionDecl,
  type Section,
  sections,
} from './define.js';
import type { ParserSpec } from './parsers.js';
import type { AnySpec } from '../output/export/spec.js';
import { nouns } from './registry.js';

/**
 * The command tree as plain data, written by the build (`dist/manifest.json`) from the verb declarations.
 * The program builds commander from it and imports only the verb that runs; help, completions and the
 * man page read it too.
 */
export interface OptionEntry {
  flags: string;
  /** The key the verb reads the value under (commander's attribute name). */
  attribute: string;
  description: string;
  /**
   * The rest of its description, after the blank line (led by the comma or colon the lead was cut at): the
   * man page and docs/reference say it too.
   */
  details?: string;
  choices?: string[];
  parser?: ParserSpec;
  repeatable?: boolean;
  required?: true | string;
  default?: string | boolean | number | string[];
  /**
   * Attribute names of the options this one cannot be used with, as declared (a pair is declared on one
   * side): commander refuses the pair; help, the man page and completion read it both ways.
   */
  conflicts?: string[];
  hidden?: boolean;
  complete?: CompletionKind;
}

export interface ArgEntry {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  choices?: string[];
  parser?: ParserSpec;
  complete?: CompletionKind;
}

export interface CommandEntry {
  kind: 'verb' | 'group';
  name: string;
  aliases: string[];
  summary: string;
  description?: string;
  examples: string[];
  /** A noun's section of the program's help (`sections` of define.ts). */
  section?: Section;
  /** Where the module is: the noun's place in the registry, then its place in each group's `commands`. */
  load: number[];
  args?: ArgEntry[];
  options?: OptionEntry[];
  /** The formats -o takes, when they are not the base formats: those of the verb's document. */
  formats?: string[];
  /** What a run without -o gets, terminal or not (its document's default). */
  defaultFormat?: string;
  /** The base formats its document refuses, and why (it cannot be rows). */
  refused?: { formats: string[]; why: string };
  /** Without -o, a pipe or a file gets the body as received (the verb's `pipedAsReceived`). */
  pipedAsReceived?: true;
  operations?: string[];
  /** --fields names of the verb's view. */
  fields?: string[];
  commands?: CommandEntry[];
}

/** The program: its help and the global options every command accepts. */
export interface RootEntry {
  summary: string;
  description: string;
  examples: string[];
  options: OptionEntry[];
  /** The base formats (src/output/base/): what -o takes for a command whose entry lists none. */
  formats: string[];
}

export interface Manifest {
  root: RootEntry;
  commands: CommandEntry[];
}

function optionEntry(key: string, decl: OptionDecl, where: string): OptionEntry {
  const attribute = attributeOf(decl.flags);
  if (attribute !== key)
    throw new Error(`${where}: option ${decl.flags} must be declared under the key ${attribute}`);
  // `--help` says the description up to a blank line; the manual says it all (OptionDecl).
  const [lead = '', ...rest] = decl.description.split('\n\n');
  // A lead cut after a comma or a colon ends without it in `--help`; the manual puts it back.
  const mark = rest.length ? (/[,;:]$/.exec(lead)?.[0] ?? '') : '';
  const description = lead.slice(0, lead.length - mark.length);
  const entry: OptionEntry = { flags: decl.flags, attribute, description };
  if (rest.length) entry.details = `${mark}${mark ? ' ' : ''}${rest.join(' ')}`;
  if (decl.choices) entry.choices = [...decl.choices];
  if (decl.parser) entry.parser = { ...decl.parser };
  if (decl.repeatable) entry.repeatable = true;
  if (decl.required) entry.required = decl.required;
  if (decl.default !== undefined)
    entry.default = Array.isArray(decl.default) ? [...decl.default] : (decl.default as string);
  if (decl.conflicts?.length) entry.conflicts = [...decl.conflicts];
  if (decl.hidden) entry.hidden = true;
  if (decl.complete) entry.complete = decl.complete;
  return entry;
}

/** An option and, when it has one, its `--no-NAME` (the same attribute: commander sets it to false). */
function withNegation(entry: OptionEntry, decl: OptionDecl): OptionEntry[] {
  if (decl.negation === undefined) return [entry];
  const long = /--([\w-]+)/.exec(entry.flags)?.[1] ?? entry.attribute;
  return [entry, { flags: `--no-${long}`, attribute: entry.attribute, description: decl.negation }];
}

/** Every declared conflict names another option of the verb (a misspelt one would never be checked). */
function checkConflicts(options: OptionEntry[], where: string): OptionEntry[] {
  for (const option of options) {
    for (const other of option.conflicts ?? []) {
      if (other === option.attribute || !options.some((o) => o.attribute === other)) {
        throw new Error(
          `${where}: ${option.flags} conflicts with ${other}, which is no other option of the verb`,
        );
      }
    }
  }
  return options;
}

function argEntry(decl: ArgDecl): ArgEntry {
  const entry: ArgEntry = {
    name: decl.name,
    description: decl.description,
    required: decl.required,
    variadic: decl.variadic,
  };
  if (decl.choices) entry.choices = [...decl.choices];
  if (decl.parser) entry.parser = { ...decl.parser };
  if (decl.complete) entry.complete = decl.complete;
  return entry;
}

/**
 * The formats of a verb's document, as the program, help, completions and docs read them (loaded here
 * only: a run reads them from the manifest).
 */
async function documentFormats(
  spec: AnySpec,
  where: string,
): Promise<Pick<CommandEntry, 'formats' | 'defaultFormat' | 'refused'>> {
  const [{ baseFormatNames }, { defaultOf, formatsOf, refusedOf }] = await Promise.all([
    import('../output/base/index.js'),
    import('../output/export/spec.js'),
  ]);
  const formats = formatsOf(spec);
  const defaultFormat = defaultOf(spec, where);
  const refused = refusedOf(spec);
  const base = formats.length === baseFormatNames.length && formats.every((f, i) => f === baseFormatNames[i]);
  return {
    ...(base ? {} : { formats }),
    ...(defaultFormat ? { defaultFormat } : {}),
    ...(refused ? { refused } : {}),
  };
}

function viewFields(verb: AnyVerb): string[] | undefined {
  let view = verb.view;
  if (typeof view === 'function') {
    try {
      view = view({});
    } catch {
      return undefined;
    }
  }
  return view?.columns.map((c) => c.key);
}

/**
 * What the help of a verb that calls paths outside the public v4 document (the table's `private` rows) says
 * of them, from the table: the first paragraph of the verb's description ends with it, so no such verb can
 * leave it out of its help.
 */
export function privatePathsNote(ids: readonly string[]): string | undefined {
  const rows = ids.flatMap((id) => {
    const op: Operation | undefined = isOperationId(id) ? operations[id] : undefined;
    return op?.private ? [op] : [];
  });
  if (!rows.length) return undefined;
  const paths = rows.map((op) => `${op.method} /api/v4${op.path}`).join(', ');
  return (
    `It uses ${rows.length === 1 ? 'a path' : 'paths'} outside the public v4 document, which the ` +
    `vendor's own clients call (${paths}): the service may change ${rows.length === 1 ? 'it' : 'them'} ` +
    'without notice.'
  );
}

async function entryOf(module: AnyVerb | GroupSpec, load: number[], where: string): Promise<CommandEntry> {
  const note = module.kind === 'group' ? undefined : privatePathsNote(module.operations);
  // The note ends the description's first paragraph: the one --help shows (the manual shows them all).
  const [first = '', ...rest] = (module.description ?? '').split('\n\n');
  const description = [[first, note].filter(Boolean).join(' '), ...rest].filter(Boolean).join('\n\n');
  const base = {
    name: module.name,
    aliases: [...(module.aliases ?? [])],
    summary: module.summary,
    ...(description ? { description } : {}),
    examples: [...module.examples],
    load,
  };
  if (module.kind === 'group') {
    return { kind: 'group', ...base, commands: await childEntries(module.commands, load, where) };
  }
  const verb = module;
  const entry: CommandEntry = { kind: 'verb', ...base };
  if (verb.args?.length) entry.args = verb.args.map(argEntry);
  const options = Object.entries((verb.options ?? {}) as Record<string, OptionDecl>);
  if (options.length)
    entry.options = checkConflicts(
      options.flatMap(([key, decl]) => withNegation(optionEntry(key, decl, where), decl)),
      where,
    );
  if (verb.document) Object.assign(entry, await documentFormats(verb.document, where));
  if (verb.pipedAsReceived) entry.pipedAsReceived = true;
  entry.operations = [...verb.operations];
  const fields = viewFields(verb);
  if (fields) entry.fields = fields;
  if (verb.commands?.length) entry.commands = await childEntries(verb.commands, load, where);
  return entry;
}

async function childEntries(
  loaders: readonly Loader[],
  load: number[],
  where: string,
): Promise<CommandEntry[]> {
  const commands: CommandEntry[] = [];
  for (const [i, loader] of loaders.entries()) {
    const child = (await loader()).default;
    commands.push(await entryOf(child, [...load, i], `${where} ${child.name}`));
  }
  return commands;
}

/** Imports every command module and describes the tree (the build writes the result to the manifest). */
export async function buildManifest(): Promise<Manifest> {
  const commands: CommandEntry[] = [];
  for (const [i, loader] of nouns.entries()) {
    const noun = (await loader()).default;
    // The type of the registry asks for it; a module typed loosely still cannot leave its noun out of help.
    if (!(noun.section in sections)) {
      throw new Error(
        `${noun.name}: a noun declares its section of the help (one of ${Object.keys(sections).join(', ')})`,
      );
    }
    commands.push({ ...(await entryOf(noun, [i], noun.name)), section: noun.section });
  }
  const [{ root }, { baseFormatNames }] = await Promise.all([
    import('./root.js'),
    import('../output/base/index.js'),
  ]);
  const options = Object.entries(root.options).map(([key, decl]) => optionEntry(key, decl, 'secscan'));
  return {
    root: {
      summary: root.summary,
      description: root.description ?? root.summary,
      examples: [...root.examples],
      options,
      formats: [...baseFormatNames],
    },
    commands,
  };
}

/** The verb module at a manifest `load` path. */
export async function loadVerb(path: readonly number[]): Promise<AnyVerb> {
  let loaders: readonly Loader[] = nouns;
  for (const [depth, index] of path.entries()) {
    const loader = loaders[index];
    if (!loader) throw new Error(`no command at ${path.join('.')}`);
    const module = (await loader()).default;
    if (depth === path.length - 1) {
      if (module.kind !== 'verb') throw new Error(`${module.name} is a group, not a verb`);
      return module;
    }
    const children = module.commands;
    if (!children) throw new Error(`${module.name} has no commands`);
    loaders = children;
  }
  throw new Error('empty command path');
}

/** Every entry of the tree, depth first, with its words (`['findings', 'comment', 'add']`). */
export function walk(
  entries: readonly CommandEntry[],
  parent: string[] = [],
): { words: string[]; entry: CommandEntry }[] {
  return entries.flatMap((entry) => {
    const words = [...parent, entry.name];
    return [{ words, entry }, ...walk(entry.commands ?? [], words)];
  });
}
