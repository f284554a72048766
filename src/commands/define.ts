import type { OperationId } from '@secscan/api/operations';
import type { Context } from '../context.js';
import type { View } from '../output/core/view.js';
import type { ParserSpec } from './parsers.js';
import type { OutputFormat } from '../output/core/format.js';
import type { Result } from '../output/core/result.js';

/**
 * A verb is one declaration: its flags and arguments as data (so the build can write them into the
 * manifest, and help, completions and the man page read them without importing the verb), its view and
 * its run(). Option values arrive typed from the declarations.
 */

declare const valueType: unique symbol;

export interface OptionDecl<T = unknown, Req extends boolean = boolean> {
  /** Commander flags: `--label <label>`, `-s, --severity <level>`, `--show-expired`. */
  readonly flags: string;
  /**
   * What it does. `--help` shows the text before a blank line (`\n\n`), a line at 80 columns where it can
   * be; the man page, docs/reference and nothing else the whole, the blank line read as a space.
   */
  readonly description: string;
  readonly choices?: readonly string[];
  /** How the value is parsed and checked at parse time (exit 2 with the flag named). */
  readonly parser?: ParserSpec;
  /** Collect repeated uses into an array (`--scope a --scope b`). */
  readonly repeatable?: boolean;
  /** Mandatory; a string is the hint appended to "--flag is required". */
  readonly required?: true | string;
  readonly default?: string | boolean | number | readonly string[];
  /** Attribute names of options this one cannot be used with. */
  readonly conflicts?: readonly string[];
  /** Hidden from help and completions (for deprecated spellings). */
  readonly hidden?: boolean;
  /** Completion of the value: live values from the service or local lists. */
  readonly complete?: CompletionKind;
  /** The help of `--no-NAME`, which sets the value to false (`--no-ignore-file`: use none). */
  readonly negation?: string;
  readonly [valueType]?: [T, Req];
}

/** What shell completion offers for a value (besides `choices`, which complete themselves). */
export type CompletionKind =
  | 'file'
  | 'dir'
  | 'profile'
  | 'app'
  | 'compound'
  | 'team'
  /** A team's id (its name as the description). */
  | 'team-id'
  | 'policy'
  | 'saml'
  /** A user: e-mail (or id). */
  | 'user'
  /** A human group's name. */
  | 'group'
  | 'field'
  | 'shell'
  | 'topic';

export interface ArgDecl<T = string, Req extends boolean = boolean, V extends boolean = boolean> {
  readonly name: string;
  readonly description: string;
  readonly required: Req;
  readonly variadic: V;
  readonly choices?: readonly string[];
  readonly parser?: ParserSpec;
  readonly complete?: CompletionKind;
  readonly [valueType]?: T;
}

interface Extra {
  conflicts?: readonly string[];
  hidden?: boolean;
  complete?: CompletionKind;
}

type Ret<T, Req> = OptionDecl<T, Req extends true | string ? true : false>;

/** A boolean switch: `--show-expired`, or the negated `--no-members` (true unless given). */
export function flag(flags: string, description: string, extra: Extra = {}): OptionDecl<boolean, false> {
  return { flags, description, ...extra };
}

/** A string value. */
export function text<const R extends true | string | undefined = undefined>(
  flags: string,
  description: string,
  extra: Extra & { required?: R; default?: string; nonEmpty?: boolean } = {},
): Ret<string, R> {
  const { nonEmpty, ...rest } = extra;
  return { flags, description, ...rest, ...(nonEmpty === false ? {} : { parser: { kind: 'text' } }) };
}

/** A string value, or false with `--no-NAME` (its help is `negation`): `--ignore-file F`, `--no-ignore-file`. */
export function negatableText(
  flags: string,
  description: string,
  negation: string,
  extra: Extra = {},
): OptionDecl<string | false, false> {
  return { flags, description, ...extra, negation, parser: { kind: 'text' } };
}

/** One of a fixed set of values (commander's choices: help, completion and one check). */
export function choice<
  const C extends readonly string[],
  const R extends true | string | undefined = undefined,
>(
  flags: string,
  description: string,
  choices: C,
  extra: Extra & { required?: R; default?: C[number] } = {},
): Ret<C[number], R> {
  return { flags, description, choices, ...extra };
}

/** A value checked and converted by a parser (numbers, durations, ids, dates). */
export function parsed<T, const R extends true | string | undefined = undefined>(
  flags: string,
  description: string,
  parser: ParserSpec<T>,
  extra: Extra & { required?: R; default?: string } = {},
): Ret<T, R> {
  return { flags, description, parser, ...extra };
}

/** A repeatable value: every use is collected (each checked by the parser or choices given). */
export function list<
  const C extends readonly string[] = readonly string[],
  const R extends true | string | undefined = undefined,
>(
  flags: string,
  description: string,
  extra: Extra & { required?: R; choices?: C; parser?: ParserSpec<string> } = {},
): Ret<C extends readonly [] ? string[] : string extends C[number] ? string[] : C[number][], R> {
  return { flags, description, repeatable: true, ...extra } as Ret<
    C extends readonly [] ? string[] : string extends C[number] ? string[] : C[number][],
    R
  >;
}

interface ArgExtra<T> {
  choices?: readonly string[];
  parser?: ParserSpec<T>;
  complete?: CompletionKind;
}

/** A required positional argument. */
export function arg<T = string>(
  name: string,
  description: string,
  extra: ArgExtra<T> = {},
): ArgDecl<T, true, false> {
  return { name, description, required: true, variadic: false, ...extra };
}

/** An optional positional argument. */
export function optionalArg<T = string>(
  name: string,
  description: string,
  extra: ArgExtra<T> = {},
): ArgDecl<T, false, false> {
  return { name, description, required: false, variadic: false, ...extra };
}

/** The last positional argument, taking every remaining value (`ID...`); required unless `required: false`. */
export function variadicArg<T = string>(
  name: string,
  description: string,
  extra: ArgExtra<T> & { required?: boolean } = {},
): ArgDecl<T, boolean, true> {
  const { required = true, ...rest } = extra;
  return { name, description, required, variadic: true, ...rest };
}

type OptionValue<D> = D extends OptionDecl<infer T, infer R> ? (R extends true ? T : T | undefined) : never;
export type OptsOf<O extends Options> = { -readonly [K in keyof O]: OptionValue<O[K]> };

type ArgValue<D> =
  D extends ArgDecl<infer T, infer R, infer V>
    ? V extends true
      ? T[]
      : R extends true
        ? T
        : T | undefined
    : never;
export type ArgsOf<A extends readonly ArgDecl[]> = { -readonly [I in keyof A]: ArgValue<A[I]> };

export type Options = Readonly<Record<string, OptionDecl>>;

export interface RunInput<A extends readonly ArgDecl[] = readonly ArgDecl[], O extends Options = Options> {
  args: ArgsOf<A>;
  opts: OptsOf<O>;
  /** The global `--org` was given bare: the organization level of a listing. */
  orgLevel: boolean;
  /** The output format (-o, or the default): for checks between flags and output, never to render. */
  format: OutputFormat;
  /** A verb declaring `pipedAsReceived`, run without -o, stdout a pipe or a file: print the body as received. */
  received: boolean;
}

export interface Help {
  summary: string;
  /**
   * Paragraphs of plain text; the help renderer wraps them at the terminal width. `--help` shows the first
   * (at most 8 lines at 80 columns, a test holds it), the man page and docs/reference all of them.
   */
  description?: string;
  /** Command lines, shown as given (never wrapped mid-word); `--help` shows the first four, the manual all. */
  examples: readonly string[];
}

export interface VerbSpec<
  A extends readonly ArgDecl[] = readonly ArgDecl[],
  O extends Options = Options,
  P = unknown,
  R extends object = Record<string, unknown>,
> extends Help {
  kind: 'verb';
  name: string;
  /** A top-level verb's section of the program's help (required there: see `NounLoader`). */
  section?: Section;
  aliases?: readonly string[];
  args?: A;
  options?: O;
  /** Output formats beyond the base ones (e.g. `sarif`): the exporters of the document the verb returns. */
  outputs?: readonly OutputFormat[];
  /**
   * The only formats -o takes, when the verb writes a file of its own (`teams export`: YAML or JSON): the
   * first is what a run without -o gets, on a terminal or not. Otherwise -o takes the base formats and
   * `outputs`, and a run without it gets a table on a terminal, tab-separated rows down a pipe.
   */
  formats?: readonly OutputFormat[];
  /**
   * Down a pipe or into a file, a run without -o gets the service's body as received (`audit log`'s CSV),
   * not rows: run() is told so (`received`) before it sends anything.
   */
  pipedAsReceived?: true;
  /** false: the verb prints no JSON (a served stream, a script), so --jq is refused before it runs. */
  printsJson?: false;
  /**
   * Every operation the verb may call; the table-coverage test and `api --list` read them, and the command
   * tests fail on a request of one not listed (test/helpers/operations-check.ts).
   */
  operations: readonly OperationId[];
  /** The view for table/tsv/csv columns and --fields of the rows R it returns; may depend on the options. */
  view?: View<R> | ((opts: OptsOf<O>) => View<R>);
  /**
   * Cross-flag checks before anything is read or sent (exit 2 on failure). What it returns (the plan the
   * checks arrived at: a level, a query, a target) reaches run() as `plan`, so nothing is worked out twice.
   */
  validate?(input: RunInput<A, O>): P;
  run(ctx: Context, input: RunInput<A, O> & { plan: P }): Promise<Result<R>>;
  /**
   * Verbs under this one, for a verb that also runs on its own (`secscan sandbox` serves, `secscan sandbox
   * scan` drives the running one). Its own options stop at the sub-verb's name.
   */
  commands?: readonly Loader[];
}

/** A top-level verb (`secscan whoami`) names its section of the program's help; a verb under a noun does not. */
type Sectioned<S> = S extends Section ? { section: S } : unknown;

export function defineVerb<
  const A extends readonly ArgDecl[] = readonly [],
  const O extends Options = Record<never, never>,
  P = undefined,
  R extends object = Record<string, unknown>,
  const S extends Section | undefined = undefined,
>(
  spec: Omit<VerbSpec<A, O, P, R>, 'kind' | 'section'> & { section?: S },
): VerbSpec<A, O, P, R> & Sectioned<S> {
  return { ...spec, kind: 'verb' } as VerbSpec<A, O, P, R> & Sectioned<S>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a loader yields a verb of any declared shape.
export type AnyVerb = VerbSpec<any, any, any, any>;
export type CommandModule = { default: AnyVerb | GroupSpec };
export type Loader = () => Promise<CommandModule>;

/** A noun or a sub-group: help and the commands under it, never flags. */
export interface GroupSpec extends Help {
  kind: 'group';
  name: string;
  aliases?: readonly string[];
  /** A noun's section of the program's help (required of a noun: see `NounLoader`). */
  section?: Section;
  commands: readonly Loader[];
}

export function defineGroup(
  spec: Omit<GroupSpec, 'kind'> & { section: Section },
): GroupSpec & { section: Section };
export function defineGroup(spec: Omit<GroupSpec, 'kind'>): GroupSpec;
export function defineGroup(spec: Omit<GroupSpec, 'kind'>): GroupSpec {
  return { ...spec, kind: 'group' };
}

/**
 * The sections of the program's help, in order, as gh groups its commands. Each noun names its own in its
 * declaration (`section: 'daily'`); the registry takes only nouns that do, so a new one cannot be left out.
 */
export const sections = {
  start: 'Getting started: a sandbox to try everything on',
  daily: 'Daily work: findings, scans and reports',
  ci: 'CI: gate merges and report on pull requests',
  admin: 'Administration: people, access and the organization',
  api: 'The service’s API: raw requests, and a server for coding agents',
  setup: 'Set-up: log in, profiles, settings, completion',
} as const;
export type Section = keyof typeof sections;

/** A top-level command's module: a noun or a verb, with its section of the program's help. */
export type NounLoader = () => Promise<{ default: (AnyVerb | GroupSpec) & { section: Section } }>;
