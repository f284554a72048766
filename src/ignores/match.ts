import { type Candidate, type IgnoreEntry, type IgnoreFile, purlOf } from './file.js';
import { findingLocation } from '@secscan/api/location';
import { parsePurl, prefixesOf } from './patterns.js';
import type { Justification, StatedState } from './vex.js';

/** The entry that suppresses a finding, as reports cite it: `.secscan/ignore.yml:12` and why. */
export interface SuppressionRef {
  file: string;
  line: number;
  reason: string;
  owner?: string;
  expires?: string;
  /** The VEX the entry states for the findings it suppresses (`vex:`, `justification:`), if it does. */
  vex?: StatedState;
  justification?: Justification;
}

/** A finding as exported when an ignore file is in effect: whether it is suppressed, and by which entry. */
export type Marked<F> = F & { suppressed: boolean; suppression?: SuppressionRef };

/** Where the findings come from: a compound's entries (`scope: {compounds}`) apply in that compound only. */
export interface MatchContext {
  compound?: string | undefined;
  /** One app's findings (`findings list --app`, `scans compare`): entries scoped to other apps are not said. */
  app?: string | undefined;
}

/** `.secscan/ignore.yml:12`. */
export const entryPlace = (file: IgnoreFile, entry: IgnoreEntry) => `${file.path}:${entry.line}`;

export function refOf(file: IgnoreFile, entry: IgnoreEntry): SuppressionRef {
  return {
    file: file.path,
    line: entry.line,
    reason: entry.reason,
    ...(entry.owner === undefined ? {} : { owner: entry.owner }),
    ...(entry.expires === undefined ? {} : { expires: entry.expires }),
    ...(entry.vex === undefined ? {} : { vex: entry.vex }),
    ...(entry.justification === undefined ? {} : { justification: entry.justification }),
  };
}

/** From its `expires` date on (UTC), an entry no longer suppresses. */
export const hasExpired = (entry: IgnoreEntry, today: string) =>
  entry.expires !== undefined && entry.expires <= today;

/** The entry applies to the finding where it is seen: no scope, or the finding's app or compound in it. */
export function inScope(entry: IgnoreEntry, finding: Candidate, context: MatchContext): boolean {
  const { scope } = entry;
  if (!scope) return true;
  if (finding.app !== undefined && scope.apps?.includes(finding.app)) return true;
  return context.compound !== undefined && (scope.compounds?.includes(context.compound) ?? false);
}

/** The entry may apply where the findings come from (for what is said about expired entries). */
function mayApply(entry: IgnoreEntry, context: MatchContext): boolean {
  const { scope } = entry;
  if (context.app !== undefined && entry.app !== undefined && entry.app !== context.app) return false;
  if (!scope) return true;
  if (context.app !== undefined) return scope.apps?.includes(context.app) ?? false;
  return (
    Boolean(scope.apps?.length) ||
    (context.compound !== undefined && (scope.compounds?.includes(context.compound) ?? false))
  );
}

export interface Suppressor {
  file: IgnoreFile;
  today: string;
  /** The entries that may apply here and have expired: they suppress nothing. */
  expired: IgnoreEntry[];
  /** The first entry in effect that names the finding, if any. */
  find(finding: Candidate): IgnoreEntry | undefined;
  /** The first expired entry that names the finding (it would suppress it but for its date). */
  findExpired(finding: Candidate): IgnoreEntry | undefined;
  /** The finding with `suppressed` and, when it is, the `suppression` that says by which entry. */
  mark<F extends Candidate>(finding: F): Marked<F>;
}

/**
 * Entries sorted by what a finding must have for them to name it, each list in the file's order: a finding
 * id, else a package (its PURL without the version), else an app, else the first names of its path (a glob
 * that fixes them: `src/gen/**`); the rest (globs that begin with a wildcard) are tried on every finding. An
 * entry is in one list only, and every entry of a list needs that list's key, so a finding is tried
 * against its own lists alone: a gate over 1,000 findings with 10,000 entries tries a
 * few hundred pairs, not ten million.
 */
class EntryIndex {
  private readonly byId = new Map<string, IgnoreEntry[]>();
  private readonly byPackage = new Map<string, IgnoreEntry[]>();
  private readonly byApp = new Map<string, IgnoreEntry[]>();
  private readonly byPath = new Map<string, IgnoreEntry[]>();
  private readonly rest: IgnoreEntry[] = [];

  constructor(entries: readonly IgnoreEntry[]) {
    const add = (map: Map<string, IgnoreEntry[]>, key: string, entry: IgnoreEntry) => {
      const list = map.get(key);
      if (list) list.push(entry);
      else map.set(key, [entry]);
    };
    for (const entry of entries) {
      const pkg = entry.package === undefined ? undefined : parsePurl(entry.package)?.key;
      if (entry.id !== undefined) add(this.byId, entry.id, entry);
      else if (pkg !== undefined) add(this.byPackage, pkg, entry);
      else if (entry.app !== undefined) add(this.byApp, entry.app, entry);
      else if (entry.pathPrefix !== undefined) add(this.byPath, entry.pathPrefix, entry);
      else this.rest.push(entry);
    }
  }

  /** The entries of the path globs that fix the first name or two of the finding's path. */
  private pathLists(finding: Candidate): (IgnoreEntry[] | undefined)[] {
    const file = findingLocation(finding)?.file;
    if (file === undefined) return [];
    const [first, two] = prefixesOf(file);
    return [this.byPath.get(first), two === undefined ? undefined : this.byPath.get(two)];
  }

  /** The entry earliest in the file that is in scope and names the finding. */
  first(finding: Candidate, context: MatchContext): IgnoreEntry | undefined {
    const purl = this.byPackage.size ? purlOf(finding) : undefined;
    const lists = [
      finding.id === undefined ? undefined : this.byId.get(String(finding.id)),
      purl === undefined ? undefined : this.byPackage.get(parsePurl(purl)?.key ?? ''),
      finding.app === undefined ? undefined : this.byApp.get(finding.app),
      ...(this.byPath.size ? this.pathLists(finding) : []),
      this.rest,
    ];
    let found: IgnoreEntry | undefined;
    for (const list of lists) {
      if (!list) continue;
      for (const entry of list) {
        // Each list is in the file's order: past the earliest found, nothing in it comes first.
        if (found && entry.index > found.index) break;
        if (inScope(entry, finding, context) && entry.matches(finding)) {
          found = entry;
          break;
        }
      }
    }
    return found;
  }
}

export function suppressor(file: IgnoreFile, today: string, context: MatchContext = {}): Suppressor {
  const active = file.entries.filter((e) => !hasExpired(e, today));
  const lapsed = file.entries.filter((e) => hasExpired(e, today));
  const inEffect = new EntryIndex(active);
  const expired = new EntryIndex(lapsed);
  return {
    file,
    today,
    expired: lapsed.filter((e) => mayApply(e, context)),
    find: (finding) => inEffect.first(finding, context),
    findExpired: (finding) => expired.first(finding, context),
    mark(finding) {
      const entry = inEffect.first(finding, context);
      return entry
        ? { ...finding, suppressed: true, suppression: refOf(file, entry) }
        : { ...finding, suppressed: false };
    },
  };
}

/**
 * What the gate says on stderr of entries that have expired, a line per date: `1 suppression expired on
 * 2026-11-01; its findings count again (.secscan/ignore.yml:12)`.
 */
export function expiryNotices(file: IgnoreFile, expired: readonly IgnoreEntry[]): string[] {
  const byDate = new Map<string, IgnoreEntry[]>();
  for (const entry of expired) {
    const date = entry.expires as string;
    const same = byDate.get(date);
    if (same) same.push(entry);
    else byDate.set(date, [entry]);
  }
  return [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, entries]) => {
      const one = entries.length === 1;
      const lines = entries.map((e) => e.line).join(', ');
      return `${entries.length} suppression${one ? '' : 's'} expired on ${date}; ${one ? 'its' : 'their'} findings count again (${file.path}:${lines})`;
    });
}
