import type { QueryValue } from '../../api/operation.js';
import {
  findingStatuses,
  findingTypes,
  scanLanguages,
  scanPlatforms,
  severities,
} from '../../api/schemas/findings.js';
import { UsageError } from '../../errors.js';
import type { Opts } from '../types.js';
import { parseInteger } from '../validate.js';

export type Level = 'app' | 'compound' | 'org';

export const sorts = ['id', 'title', 'severity', 'created_at'] as const;
export const diffs = ['new', 'regression', 'common', 'fixed'] as const;

function list(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

function choice(flag: string, values: string[], allowed: readonly string[]): string[] {
  for (const v of values) {
    if (!allowed.includes(v)) {
      throw new UsageError(
        `invalid value for ${flag}: ${JSON.stringify(v)} (choose from ${allowed.join(', ')})`,
      );
    }
  }
  return values;
}

function one(flag: string, value: unknown, allowed: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  return choice(flag, [String(value)], allowed)[0];
}

const emailish = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requireEmail(flag: string, value: string): string {
  if (!emailish.test(value))
    throw new UsageError(`invalid value for ${flag}: ${JSON.stringify(value)} (expected an e-mail address)`);
  return value;
}

function keyValue(flag: string, value: string): [string, string] {
  const i = value.indexOf('=');
  if (i <= 0)
    throw new UsageError(`invalid value for ${flag}: ${JSON.stringify(value)} (expected key=value)`);
  return [value.slice(0, i), value.slice(i + 1)];
}

const tagOps =
  'equal|eq|not_equal|ne|neq|equal_fold|ieq|not_equal_fold|nieq|ineq|ine|contains|has|not_contains|nhas|' +
  'contains_fold|ihas|not_contains_fold|nihas|inhas|in|not_in|nin|in_fold|iin|not_in_fold|niin|approx|lt|lte|gt|gte';
const tagQuery = new RegExp(`^(.+?)__(${tagOps})__(.*)$`);

function only(level: Level, flag: string, allowedAt: Level[], hint = ''): never {
  throw new UsageError(
    `${flag} is not available ${level === 'org' ? 'at organization level' : `with --${level}`} (only with ${allowedAt.map((l) => (l === 'org' ? 'the organization list' : `--${l}`)).join(' or ')})${hint}`,
  );
}

export interface ListPlan {
  level: Level;
  /** The query of the operation, with its own parameter names. */
  query: Record<string, QueryValue>;
  /** A client-side filter (`--search` at app and organization level, where the service has none). */
  search: string[];
  /** The deprecated compound list serves `--source`/`--diff` for compounds. */
  deprecated: boolean;
  limit: number | undefined;
  all: boolean;
}

/** Checks every flag of `findings list` and maps it to the level's parameter names; no request is sent. */
export function planList(opts: Opts): ListPlan {
  if (opts.app !== undefined && opts.compound !== undefined) {
    throw new UsageError('--app and --compound cannot be used together (choose one level)');
  }
  if (opts.org === true && (opts.app !== undefined || opts.compound !== undefined)) {
    throw new UsageError('--org (the organization level) cannot be used with --app or --compound');
  }
  const level: Level = opts.app !== undefined ? 'app' : opts.compound !== undefined ? 'compound' : 'org';
  if (level === 'app' && !String(opts.app).trim()) throw new UsageError('--app must not be empty');
  if (level === 'compound' && !String(opts.compound).trim())
    throw new UsageError('--compound must not be empty');
  const severity = choice('--severity', list(opts.severity), severities);
  const status = choice('--status', list(opts.status), [...findingStatuses, 'any']);
  const type = choice('--type', list(opts.type), findingTypes);
  const assignment = one('--assignment', opts.assignment, ['assigned', 'unassigned']);
  const assignee =
    opts.assignee === undefined ? undefined : requireEmail('--assignee', String(opts.assignee));
  if (assignee && assignment) throw new UsageError('--assignee and --assignment cannot be used together');
  const sort = one('--sort', opts.sort, sorts);
  const order = one('--order', opts.order, ['asc', 'desc']);
  const perPage = parseInteger('--per-page', opts.perPage, 1, 250);
  const page = parseInteger('--page', opts.page, 1, 1_000_000);
  const limit = parseInteger('--limit', opts.limit, 1, 100_000_000);
  if (opts.all && limit !== undefined) throw new UsageError('--all and --limit cannot be used together');
  if (page !== undefined && (opts.all || limit !== undefined)) {
    throw new UsageError(
      '--page cannot be used with --all or --limit (they follow next_page from the first page)',
    );
  }
  const tags = list(opts.tag).map((t) => keyValue('--tag', t));
  const findingTags = (Array.isArray(opts.findingTag) ? opts.findingTag : []).map(String);
  if (findingTags.length > 20) throw new UsageError('--finding-tag can be given at most 20 times');
  const parsedTags = findingTags.map((t) => {
    const m = tagQuery.exec(t);
    if (!m) {
      throw new UsageError(
        `invalid value for --finding-tag: ${JSON.stringify(t)} (expected key__operator__value, e.g. category__eq__XSS)`,
      );
    }
    return { key: m[1] as string, op: m[2] as string, value: m[3] as string, text: t };
  });
  const search = (Array.isArray(opts.search) ? opts.search : []).map(String);
  if (search.length > 5) throw new UsageError('--search can be given at most 5 times');
  if (search.some((s) => !s.trim())) throw new UsageError('--search must not be empty');
  const platform = one('--scan-platform', opts.scanPlatform, scanPlatforms);
  const language = one('--scan-language', opts.scanLanguage, scanLanguages);
  if (platform && language)
    throw new UsageError('--scan-platform and --scan-language cannot be used together');
  const diff = one('--diff', opts.diff, diffs);
  if (opts.source !== undefined && !/^(scan\.\d+|tag\.\w+=\w+)$/.test(String(opts.source))) {
    throw new UsageError(
      `invalid value for --source: ${JSON.stringify(opts.source)} (expected scan.<number> or tag.<key>=<value>)`,
    );
  }
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
      ['--scan-platform', platform],
      ['--scan-language', language],
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
  if (opts.polyglotScan !== undefined)
    parseInteger('--polyglot-scan', opts.polyglotScan, 1, Number.MAX_SAFE_INTEGER);
  if (opts.scan !== undefined) parseInteger('--scan', opts.scan, 1, Number.MAX_SAFE_INTEGER);

  const deprecated = level === 'compound' && diff !== undefined;
  const query: Record<string, QueryValue> = {};
  if (level === 'compound' && !deprecated) {
    if (status.includes('unset')) {
      throw new UsageError(
        '--status unset is not available with --compound (the compound list filters on fixed, ignored, 3rdparty; without --status it lists every status)',
      );
    }
    query.finding_type = type.length ? type : undefined;
    query.finding_status = status.includes('any') || !status.length ? undefined : status;
    query.finding_assignee = assignee;
    query.finding_assignment = assignment;
    const tq = parsedTags.map((t) => t.text);
    if (severity.length) tq.push(`severity__in__${severity.join(',')}`);
    if (opts.category !== undefined) tq.push(`category__eq__${opts.category}`);
    if (tq.length > 20)
      throw new UsageError('--finding-tag, --severity and --category make more than 20 tag queries');
    query.finding_tag = tq.length ? tq : undefined;
    query.finding_search = search.length ? search : undefined;
    query.finding_sort = sort;
    query.finding_order = order;
    query.finding_reachable = opts.reachable ? true : undefined;
    query.finding_exploitable = opts.exploitable ? true : undefined;
    query.finding_has_ai_fix = opts.hasAiFix ? true : undefined;
    query.polyglot_scan = opts.polyglotScan;
    query.scan_version = opts.version;
    query.scan_branch = opts.branch;
    if (tags.length > 1) throw new UsageError('--tag can be given once with --compound (one scan tag)');
    query.scan_tag = tags.length ? `${tags[0]?.[0]}__eq__${tags[0]?.[1]}` : undefined;
    query.scan_platform = platform;
    query.scan_language = language;
  } else {
    const nonEq = parsedTags.find((t) => t.op !== 'eq' && t.op !== 'equal');
    if (nonEq) {
      throw new UsageError(
        `--finding-tag ${JSON.stringify(nonEq.text)}: only the __eq__ operator is available ${level === 'org' ? 'at organization level' : `with --${level}`}`,
      );
    }
    query.type = type.length ? type : undefined;
    query.severity = severity.length ? severity : undefined;
    query.status = status.length ? status : undefined;
    query.assignee = assignee;
    query.assignment = assignment;
    query.category = opts.category;
    query.finding_tags = parsedTags.length ? parsedTags.map((t) => `${t.key}=${t.value}`) : undefined;
    const scanTags = tags.map(([k, v]) => `${k}=${v}`);
    if (opts.branch !== undefined) scanTags.push(`branch=${opts.branch}`);
    query.tags = scanTags.length ? scanTags : undefined;
    query.sort = sort;
    query.order = order;
    query.scan = level === 'compound' ? opts.polyglotScan : opts.scan;
    query.version = opts.version;
    query.source = opts.source;
    query.diff = diff;
  }
  const pageSize = perPage ?? (opts.all ? 250 : limit !== undefined ? Math.min(limit, 250) : undefined);
  query.per_page = pageSize;
  query.page = page;
  return {
    level,
    query,
    search: level === 'compound' && !deprecated ? [] : search,
    deprecated,
    limit,
    all: Boolean(opts.all),
  };
}
