import type { Candidate, IgnoreEntry, IgnoreFile } from './file.js';

/** The entry that suppresses a finding, as reports cite it: `.secscan/ignore.yml:12` and why. */
export interface SuppressionRef {
  file: string;
  line: number;
  reason: string;
  owner?: string;
  expires?: string;
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

export function suppressor(file: IgnoreFile, today: string, context: MatchContext = {}): Suppressor {
  const active = file.entries.filter((e) => !hasExpired(e, today));
  const lapsed = file.entries.filter((e) => hasExpired(e, today));
  const first = (entries: IgnoreEntry[], finding: Candidate) =>
    entries.find((e) => inScope(e, finding, context) && e.matches(finding));
  return {
    file,
    today,
    expired: lapsed.filter((e) => mayApply(e, context)),
    find: (finding) => first(active, finding),
    findExpired: (finding) => first(lapsed, finding),
    mark(finding) {
      const entry = first(active, finding);
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
  for (const entry of expired)
    byDate.set(entry.expires as string, [...(byDate.get(entry.expires as string) ?? []), entry]);
  return [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, entries]) => {
      const one = entries.length === 1;
      const lines = entries.map((e) => e.line).join(', ');
      return `${entries.length} suppression${one ? '' : 's'} expired on ${date}; ${one ? 'its' : 'their'} findings count again (${file.path}:${lines})`;
    });
}
