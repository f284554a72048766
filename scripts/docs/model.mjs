const build = new URL('../../build/', import.meta.url);

/** Options whose value is a file name even though neither the flag nor its placeholder says "file". */
const fileOptions = new Set(['--input', '--state']);

/**
 * The command tree as plain data: the commander program built from the manifest (run `npm run build`
 * first), with each verb's examples and extra output formats from the manifest entry.
 */
export async function loadModel() {
  const { buildProgram } = await import(new URL('program.js', build).href);
  const { buildManifest, walk: walkManifest } = await import(new URL('commands/manifest.js', build).href);
  const { baseFormats } = await import(new URL('output/format.js', build).href);
  const { exitCodesHelp } = await import(new URL('main.js', build).href);

  const manifest = await buildManifest();
  const specs = new Map(walkManifest(manifest.commands).map(({ words, entry }) => [words.join(' '), entry]));
  const program = await buildProgram([], async () => {}, { all: true });
  const help = program.createHelp();
  const ownOptions = help.visibleOptions(program).filter((o) => !['--help', '--version'].includes(o.long));
  const globals = new Set(ownOptions);
  return {
    root: toNode(program, [], { help, specs, globals, baseFormats }),
    globals: ownOptions.map(toOption),
    baseFormats: [...baseFormats],
    exitCodesHelp,
  };
}

function toNode(command, path, context) {
  const { help, specs, globals, baseFormats } = context;
  const spec = specs.get(path.join(' ')) ?? {};
  return {
    path,
    name: command.name(),
    aliases: [...command.aliases()].sort(),
    summary: command.summary() || command.description(),
    description: command.description(),
    args: command.registeredArguments.map((arg) => ({
      name: arg.name(),
      description: arg.description,
      required: arg.required,
      variadic: arg.variadic,
      choices: arg.argChoices ? [...arg.argChoices] : undefined,
    })),
    options: help
      .visibleOptions(command)
      .filter((o) => !globals.has(o))
      .map((o) => toOption(o, spec)),
    examples: spec.examples ?? [],
    formats: [...new Set([...baseFormats, ...(spec.outputs ?? [])])],
    children: command.commands
      .map((c) => toNode(c, [...path, c.name()], context))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** `--users-file`, `<file>`, `<policy-file>`: "file" as a word, so `--profile` does not count. */
const namesFile = (name) => /(^|[-_ ])files?($|[-_ ])/i.test(name?.replace(/^-+/, '') ?? '');

function toOption(option, spec) {
  const placeholder = /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1];
  const declared = spec?.options?.find((o) => o.flags === option.flags);
  const takesValue = option.required || option.optional;
  return {
    flags: option.flags,
    short: option.short,
    long: option.long,
    names: [option.short, option.long].filter(Boolean),
    description: option.description,
    placeholder: placeholder?.replace(/\.\.\.$/, ''),
    takesValue,
    optionalValue: option.optional,
    repeatable: Boolean(option.variadic || declared?.repeatable),
    choices: option.argChoices ? [...option.argChoices] : undefined,
    default: takesValue && typeof option.defaultValue === 'string' ? option.defaultValue : undefined,
    file: takesValue && (fileOptions.has(option.long) || namesFile(option.long) || namesFile(placeholder)),
    output: option.long === '--output',
  };
}

/** Every node of the tree, depth first, parents before children. */
export function walk(node) {
  return [node, ...node.children.flatMap(walk)];
}
