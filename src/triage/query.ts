import type { QueryOf } from '@secscan/api/operations/schemas';
import { UsageError } from '../errors.js';
import type { ListPlan } from './listing.js';
import { splitList } from '../util/lists.js';
import { tagOperatorNames } from '@secscan/api/tag-operators';
import type {
  findingSorts,
  findingStatuses,
  listedFindingTypes,
  scanLanguages,
  scanPlatforms,
  severities,
} from '@secscan/api/values';

type Level = 'app' | 'compound' | 'org';

/** `--finding-tag`: `key__operator__value`. */
export const tagQuery = new RegExp(`^(.+?)__(${tagOperatorNames.join('|')})__(.*)$`);

export const diffs = ['new', 'regression', 'common', 'fixed'] as const;

/**
 * The filters of a findings listing, as `findings list`'s flags name them (its options parse into this; the
 * MCP server's findings search builds one).
 */
export interface FindingFilters {
  app: string;
  compound: string;
  severity: (typeof severities)[number][];
  status: ((typeof findingStatuses)[number] | 'any')[];
  type: (typeof listedFindingTypes)[number][];
  category: string;
  assignee: string;
  assignment: 'assigned' | 'unassigned';
  tag: string[];
  findingTag: string[];
  search: string[];
  sort: (typeof findingSorts)[number];
  order: 'asc' | 'desc';
  scan: string;
  version: string;
  branch: string;
  polyglotScan: string;
  scanPlatform: (typeof scanPlatforms)[number];
  scanLanguage: (typeof scanLanguages)[number];
  reachable: boolean;
  exploitable: boolean;
  hasAiFix: boolean;
  source: string;
  diff: (typeof diffs)[number];
  perPage: number;
  page: number;
  all: boolean;
  limit: number;
}
type CompoundQuery = QueryOf<'ListCompoundFindings'>;
/** The app list's query; the organization list's is a part of it (the rest stays undefined there). */
type ScanQuery = QueryOf<'ListAppFindings'>;

function only(level: Level, flag: string, allowedAt: Level[], hint = ''): never {
  throw new UsageError(
    `${flag} is not available ${level === 'org' ? 'at organization level' : `with --${level}`} (only with ${allowedAt.map((l) => (l === 'org' ? 'the organization list' : `--${l}`)).join(' or ')})${hint}`,
  );
}

function keyValue(flag: string, value: string): [string, string] {
  const i = value.indexOf('=');
  if (i <= 0)
    throw new UsageError(`invalid value for ${flag}: ${JSON.stringify(value)} (expected key=value)`);
  return [value.slice(0, i), value.slice(i + 1)];
}

/**
 * The rules across flags of `findings list` (each flag's own form is checked when it is parsed), and the
 * flags mapped to the level's parameter names; no request is sent. A flag not given may be left out (the
 * bulk changes pass only their filters).
 */
export function planList(opts: Partial<FindingFilters>, orgLevel: boolean): ListPlan {
  if (orgLevel && (opts.app !== undefined || opts.compound !== undefined)) {
    throw new UsageError('--org (the organization level) cannot be used with --app or --compound');
  }
  const level: Level = opts.app !== undefined ? 'app' : opts.compound !== undefined ? 'compound' : 'org';
  const severity = opts.severity ?? [];
  const status = opts.status ?? [];
  const type = opts.type ?? [];
  const { assignee, assignment, sort, order, diff, limit } = opts;
  const tags = splitList(opts.tag, '--tag').map((t) => keyValue('--tag', t));
  const findingTags = opts.findingTag ?? [];
  if (findingTags.length > 20) throw new UsageError('--finding-tag can be given at most 20 times');
  const parsedTags = findingTags.map((t) => {
    const [, key = '', op = '', value = ''] = tagQuery.exec(t) ?? [];
    return { key, op, value, text: t };
  });
  const search = opts.search ?? [];
  if (search.length > 5) throw new UsageError('--search can be given at most 5 times');
  if (diff && opts.source === undefined)
    throw new UsageError('--diff needs --source (the scan to compare with)');
  if (opts.source !== undefined && !diff)
    throw new UsageError('--source needs --diff new|regression|common|fixed');
  const flags = (names: [string, unknown][], allowedAt: Level[]) => {
    for (const [flag, value] of names) {
      if (value !== undefined && value !== false && !allowedAt.includes(level)) only(level, flag, allowedAt);
    }
  };
  flags(
    [
      ['--scan-platform', opts.scanPlatform],
      ['--scan-language', opts.scanLanguage],
      ['--polyglot-scan', opts.polyglotScan],
      ['--reachable', opts.reachable],
      ['--exploitable', opts.exploitable],
      ['--has-ai-fix', opts.hasAiFix],
    ],
    ['compound'],
  );
  flags(
    [
      ['--scan', opts.scan],
      ['--version', opts.version],
      ['--branch', opts.branch],
      ['--source', opts.source],
    ],
    ['app', 'compound'],
  );
  if (level === 'compound' && opts.scan !== undefined)
    only(level, '--scan', ['app'], '; use --polyglot-scan');

  const deprecated = level === 'compound' && diff !== undefined;
  const paging = {
    per_page: opts.perPage ?? (opts.all ? 250 : limit !== undefined ? Math.min(limit, 250) : undefined),
    page: opts.page,
  };
  let query: CompoundQuery | ScanQuery;
  if (level === 'compound' && !deprecated) {
    if (status.includes('unset')) {
      throw new UsageError(
        '--status unset is not available with --compound (the compound list filters on fixed, ignored, 3rdparty; without --status it lists every status)',
      );
    }
    const tq = parsedTags.map((t) => t.text);
    if (severity.length) tq.push(`severity__in__${severity.join(',')}`);
    if (opts.category !== undefined) tq.push(`category__eq__${opts.category}`);
    if (tq.length > 20)
      throw new UsageError('--finding-tag, --severity and --category make more than 20 tag queries');
    if (tags.length > 1) throw new UsageError('--tag can be given once with --compound (one scan tag)');
    // The compound list takes one scan selector: with scan_branch given, scan_tag would be ignored.
    if (tags.length && opts.branch !== undefined)
      throw new UsageError('--branch and --tag cannot be used together with --compound (one scan selector)');
    query = {
      finding_type: type.length ? type : undefined,
      finding_status:
        status.includes('any') || !status.length
          ? undefined
          : status.filter((s): s is Exclude<typeof s, 'unset' | 'any'> => s !== 'unset' && s !== 'any'),
      finding_assignee: assignee,
      finding_assignment: assignment,
      finding_tag: tq.length ? tq : undefined,
      finding_search: search.length ? search : undefined,
      finding_sort: sort,
      finding_order: order,
      finding_reachable: opts.reachable ? true : undefined,
      finding_exploitable: opts.exploitable ? true : undefined,
      finding_has_ai_fix: opts.hasAiFix ? true : undefined,
      polyglot_scan: opts.polyglotScan,
      scan_version: opts.version,
      scan_branch: opts.branch,
      scan_tag: tags.length ? `${tags[0]?.[0]}__eq__${tags[0]?.[1]}` : undefined,
      scan_platform: opts.scanPlatform,
      scan_language: opts.scanLanguage,
      ...paging,
    };
  } else {
    // `key=value` is the document's `finding_tags`; another operator goes as `tag`, the parameter the
    // vendor's own clients send these listings (outside the public v4 document).
    const isEq = (t: { op: string }) => t.op === 'eq' || t.op === 'equal';
    const eqTags = parsedTags.filter(isEq);
    const otherTags = parsedTags.filter((t) => !isEq(t));
    const scanTags = tags.map(([k, v]) => `${k}=${v}`);
    if (opts.branch !== undefined) scanTags.push(`branch=${opts.branch}`);
    query = {
      type: type.length ? type : undefined,
      severity: severity.length ? severity : undefined,
      status: status.length ? status : undefined,
      assignee,
      assignment,
      category: opts.category,
      finding_tags: eqTags.length ? eqTags.map((t) => `${t.key}=${t.value}`) : undefined,
      tag: otherTags.length ? otherTags.map((t) => t.text) : undefined,
      tags: scanTags.length ? scanTags : undefined,
      sort,
      order,
      scan: level === 'compound' ? opts.polyglotScan : opts.scan,
      version: opts.version,
      source: opts.source,
      diff,
      ...paging,
    };
  }
  const common = {
    query,
    search: level === 'compound' && !deprecated ? [] : search,
    limit,
    all: Boolean(opts.all),
  };
  if (opts.app !== undefined) return { level: 'app', app: opts.app, deprecated: false, ...common };
  if (opts.compound !== undefined)
    return { level: 'compound', compound: opts.compound, deprecated, ...common };
  return { level: 'org', deprecated: false, ...common };
}
