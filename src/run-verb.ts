import type { Command, OptionValues } from 'commander';
import type { CommandEntry } from './commands/manifest.js';
import { Context, type ContextDeps, type GlobalOptions } from './context.js';
import { ExitCode, NotFoundError, UsageError } from './errors.js';
import type { View } from './output/core/view.js';

/**
 * One verb's run, once commander has parsed its words: its context (the output chosen, --fields, --jq),
 * its input checked (`validate`), `run()`, and the result presented. The exit code it returns is the
 * verb's; an error it throws main maps to one (src/main.ts, the only place exit codes are decided).
 */
export async function runVerb(
  entry: CommandEntry,
  command: Command,
  deps: ContextDeps,
  onGlobals: (globals: GlobalOptions) => void,
): Promise<number> {
  const values = command.optsWithGlobals();
  const globals = globalsFrom(values);
  onGlobals(globals);
  const ctx = await contextFor(entry, globals, deps);
  const { loadVerb } = await import('./commands/manifest.js');
  const verb = await loadVerb(entry.load);
  if (globals.jq !== undefined) {
    const { jqOption } = await import('./output/core/jq.js');
    ctx.jq = jqOption(globals.jq, { output: globals.output, printsJson: verb.printsJson, command });
  }
  const input = {
    args: argsOf(command),
    opts: command.opts(),
    // A bare global --org (no uuid) asks for the organization level of a listing.
    orgLevel: values.org === true,
    format: ctx.format,
    received: Boolean(entry.pipedAsReceived) && globals.output === undefined && !ctx.stdoutIsTTY,
  };
  const view = typeof verb.view === 'function' ? verb.view(input.opts) : verb.view;
  if (ctx.fields && view) await checkFields(view, ctx.fields);
  const plan: unknown = verb.validate?.(input);
  const named = namesGiven(verb.args, input.args, input.opts);
  const result = await verb.run(ctx, { ...input, plan }).catch(async (error: unknown) => {
    throw await explained(ctx, error, named);
  });
  const { present } = await import('./output/export/present.js');
  // A listing's first page is read as it is printed: its 404 comes from here.
  await present(ctx, result, view).catch(async (error: unknown) => {
    throw await explained(ctx, error, named);
  });
  if ((result.kind === 'list' || result.kind === 'document') && result.error)
    throw await explained(ctx, result.error, named);
  return result.exitCode ?? ExitCode.ok;
}

/** The run's context, with the output format its flags and the verb's formats give, and its --fields. */
async function contextFor(entry: CommandEntry, globals: GlobalOptions, deps: ContextDeps): Promise<Context> {
  const ctx = new Context(globals, deps);
  const { resolveFormat, parseFields } = await import('./output/core/format.js');
  const explicit = globals.jq === undefined ? globals.output : 'json';
  // A verb without a document takes the base formats (read from their record only to check an -o given).
  const formats =
    entry.formats ?? (explicit === undefined ? [] : (await import('./output/base/index.js')).baseFormatNames);
  ctx.format = resolveFormat(explicit, ctx.stdoutIsTTY, { ...entry, formats });
  ctx.fields = parseFields(globals.fields);
  return ctx;
}

/** --fields names only columns of the verb's view: a usage error, before anything is sent. */
async function checkFields<T extends object>(view: View<T>, fields: string[]): Promise<void> {
  const { unknownFields } = await import('./output/core/view.js');
  const unknown = unknownFields(view, fields);
  if (unknown.length) {
    throw new UsageError(
      `unknown field ${unknown.map((f) => JSON.stringify(f)).join(', ')} for --fields (choose from ${view.columns.map((c) => c.key).join(', ')})`,
    );
  }
}

/**
 * The app and compound the run was given, for the close matches of a 404: the flags, and an argument that
 * completes as one (`compounds show NAME`) under its kind's flag name, when no flag of that name is given.
 */
function namesGiven(
  args: readonly { complete?: string | undefined }[] | undefined,
  values: readonly unknown[],
  opts: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const named: Record<string, unknown> = { ...opts };
  args?.forEach((arg, i) => {
    const value = values[i];
    if ((arg.complete === 'app' || arg.complete === 'compound') && typeof value === 'string')
      named[arg.complete] ??= value;
  });
  return named;
}

/** A 404 for the app or compound given names the close matches (one listing request). */
async function explained(
  ctx: Context,
  error: unknown,
  opts: Readonly<Record<string, unknown>>,
): Promise<unknown> {
  return error instanceof NotFoundError
    ? (await import('./names/did-you-mean.js')).withCloseMatches(ctx, error, opts)
    : error;
}

function globalsFrom(values: OptionValues): GlobalOptions {
  return {
    output: values.output,
    fields: values.fields,
    jq: values.jq,
    color: values.color !== false,
    quiet: Boolean(values.quiet),
    debug: Boolean(values.debug),
    timeout: values.timeout,
    retries: values.retries,
    maxRetryWait: values.maxRetryWait,
    yes: Boolean(values.yes),
    input: values.input !== false,
    profile: values.profile,
    baseUrl: values.baseUrl,
    org: typeof values.org === 'string' ? values.org : undefined,
    allowInsecureHttp: Boolean(values.allowInsecureHttp),
    pager: values.pager !== false,
  };
}

/** Positional values as the verb declared them (a variadic argument stays one array). */
function argsOf(command: Command): unknown[] {
  return [...command.processedArgs];
}
