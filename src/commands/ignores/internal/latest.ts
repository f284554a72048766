import type { Finding } from '@secscan/api/schemas/findings';
import type { Context } from '../../../context.js';
import { NotFoundError } from '../../../errors.js';
import type { IgnoreEntry } from '../../../ignores/file.js';
import { inScope, type MatchContext } from '../../../ignores/match.js';

/**
 * The findings of the latest scans that each entry of an ignore file names, read from the service: where
 * to look follows from the entry (its `scope` compounds' latest compound scans, its `scope` apps' or its
 * `app`'s latest scans, else the organization's listing: the latest default-branch scan of each app; with a
 * branch, the latest scans of that branch), each listing read once, every status included.
 */

type Source = { kind: 'org' } | { kind: 'app'; app: string } | { kind: 'compound'; compound: string };

const keyOf = (s: Source) =>
  s.kind === 'org' ? 'org' : s.kind === 'app' ? `app:${s.app}` : `compound:${s.compound}`;

function sourcesOf(entry: IgnoreEntry): Source[] {
  const { scope } = entry;
  if (scope) {
    return [
      ...(scope.compounds ?? []).map((compound): Source => ({ kind: 'compound', compound })),
      ...(scope.apps ?? []).map((app): Source => ({ kind: 'app', app })),
    ];
  }
  return entry.app === undefined ? [{ kind: 'org' }] : [{ kind: 'app', app: entry.app }];
}

async function list(ctx: Context, source: Source, branch: string | undefined): Promise<Finding[]> {
  const client = await ctx.client();
  const out: Finding[] = [];
  // A branch: the latest scan with the tag branch=B (a compound scan's branch).
  const tags = branch === undefined ? {} : { tags: [`branch=${branch}`] };
  const pages =
    source.kind === 'compound'
      ? client.pages('ListCompoundFindings', {
          path: { compoundName: source.compound },
          query: { per_page: 250, ...(branch === undefined ? {} : { scan_branch: branch }) },
        })
      : source.kind === 'app'
        ? client.pages('ListAppFindings', {
            path: { appID: source.app },
            query: { status: ['any'], per_page: 250, ...tags },
          })
        : client.pages('ListOrgFindings', { query: { status: ['any'], per_page: 250, ...tags } });
  for await (const page of pages) out.push(...page.findings);
  return out;
}

export interface EntryFindings {
  /** The findings the entry names, where it applies. */
  findings: Finding[];
  /** The apps and compounds it names that the service does not know (404): nothing there to match. */
  missing: string[];
}

/** For each entry, the findings of the latest scans (of `branch`, when given) it names. */
export async function entryFindings(
  ctx: Context,
  entries: readonly IgnoreEntry[],
  branch?: string,
): Promise<Map<IgnoreEntry, EntryFindings>> {
  const listings = new Map<string, Promise<Finding[] | undefined>>();
  const read = (source: Source) => {
    const key = keyOf(source);
    let listing = listings.get(key);
    if (!listing) {
      listing = list(ctx, source, branch).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
      listings.set(key, listing);
    }
    return listing;
  };
  const out = new Map<IgnoreEntry, EntryFindings>();
  await ctx.spin('Reading the findings of the latest scans', async () => {
    for (const entry of entries) {
      const found = new Map<string, Finding>();
      const missing: string[] = [];
      for (const source of sourcesOf(entry)) {
        const findings = await read(source);
        if (!findings) {
          missing.push(
            source.kind === 'app'
              ? `app ${source.app}`
              : `compound ${(source as { compound: string }).compound}`,
          );
          continue;
        }
        const context: MatchContext = source.kind === 'compound' ? { compound: source.compound } : {};
        for (const f of findings) {
          if (inScope(entry, f, context) && entry.matches(f)) found.set(`${f.app}\u0000${f.id}`, f);
        }
      }
      out.set(entry, { findings: [...found.values()], missing });
    }
  });
  return out;
}
