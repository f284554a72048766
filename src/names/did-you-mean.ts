import { NotFoundError } from '../errors.js';
import type { EngineContext } from '../factory.js';
import { sanitizeLine } from '../streams/sanitize.js';
import { closeNames } from '../util/near.js';

/**
 * A not-found error's hint: the close names, sanitized (they come from the service), then where the names are
 * listed (`did you mean shop? (see \`secscan compounds list\`)`); only where they are listed when none is close.
 */
export function closeNamesHint(near: readonly string[], see: string): string {
  if (!near.length) return `see ${see}`;
  return `did you mean ${near.map((n) => sanitizeLine(n, 100)).join(', ')}? (see ${see})`;
}

/**
 * The operations the close matches are looked up with, for a 404 of any verb given `--app` or `--compound`
 * (main's, not the verb's: the command tests' operations check allows them to every verb).
 */
export const closeMatchOperations = ['ListApps', 'ListOrgCompounds'] as const;

/** Where the names of a kind are listed: one listing request each (a page: what one request can tell). */
const listings = {
  app: {
    list: 'secscan apps list',
    names: async (ctx: Pick<EngineContext, 'client' | 'clock'>) => {
      // Best effort, at once: no retry sleeps before the error is reported.
      const apps = await (await ctx.client()).call('ListApps', { deadline: ctx.clock.now() });
      // --app takes the id: the display name is no value to suggest.
      return { names: apps.map((a) => a.id), whole: true };
    },
  },
  compound: {
    list: 'secscan compounds list',
    names: async (ctx: Pick<EngineContext, 'client' | 'clock'>) => {
      const page = await (
        await ctx.client()
      ).page('ListOrgCompounds', { query: { per_page: 100 }, deadline: ctx.clock.now() });
      return { names: page.data.compounds.map((c) => c.name), whole: page.nextPage === undefined };
    },
  },
} as const;

type Kind = keyof typeof listings;

/** The message names `name` as a word of its own (`app a` in "no app a", not the a of "has"). */
function namedIn(message: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\w.-])${escaped}(?:$|[^\\w.-])`).test(message);
}

/**
 * A 404 for the app or compound a command was given (`--app nope-app`, `--compound shp`) names the close
 * matches among the organization's, when one listing request can tell: `did you mean payments-api?`. The
 * error is returned as it was when it is about something else (the name is listed), when the listing is
 * refused, or when nothing is close.
 */
export async function withCloseMatches(
  ctx: Pick<EngineContext, 'client' | 'clock'>,
  error: unknown,
  opts: Readonly<Record<string, unknown>>,
): Promise<unknown> {
  if (!(error instanceof NotFoundError)) return error;
  const given: [Kind[], string][] = [];
  if (typeof opts.app === 'string') given.push([['app'], opts.app]);
  // `scans check --compound NAME` takes an app's name too: both lists are read then.
  if (typeof opts.compound === 'string') {
    given.push([/compound or app/.test(error.message) ? ['compound', 'app'] : ['compound'], opts.compound]);
  }
  for (const [kinds, name] of given) {
    if (!namedIn(error.message, name)) continue;
    const read = await Promise.all(kinds.map((kind) => listings[kind].names(ctx))).catch(() => undefined);
    if (!read) return error;
    const names = read.flatMap((r) => r.names);
    // Listed: the 404 is about something else. Not on the one page read: it may be on another.
    if (names.includes(name) || read.some((r) => !r.whole)) return error;
    const near = closeNames(name, names);
    if (near.length === 0) continue;
    const lists = kinds.map((kind) => `\`${listings[kind].list}\``).join(' and ');
    return new NotFoundError(error.message, error.exitCode, 404, error.body, closeNamesHint(near, lists));
  }
  return error;
}
