import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { TagCount } from '@secscan/api/schemas/findings';
import { type TagOperator, tagOperators } from '@secscan/api/tag-operators';
import { listedFindingTypes } from '@secscan/api/values';
import { caseFold, searchMatcher } from '@secscan/api/search';
import { invalid, ReplyError } from '../http.js';
import { bool, oneOf, severityRank } from './findings-query.js';
import type { FindingRecord } from '../model/analysis.js';

export type Predicate = (f: FindingRecord) => boolean;

const bad = (name: string, detail: string): ReplyError =>
  new ReplyError(invalid(`invalid query parameter ${name}`, [`${name}: ${detail}`]));

function tagValue(f: FindingRecord, key: string): string | undefined {
  const tag = f.tags.find((t) => t.key === key);
  if (tag) return String(tag.value);
  return key === 'severity' ? f.severity : undefined;
}

/** Every value of a tag key (a finding may carry a key more than once). */
function tagValues(f: FindingRecord, key: string): string[] {
  const values = f.tags.filter((t) => t.key === key).map((t) => String(t.value));
  return values.length || key !== 'severity' ? values : [f.severity];
}

const fold = caseFold;
const num = (s: string | undefined) => (s === undefined || s === '' ? Number.NaN : Number(s));

const operators: Record<TagOperator, (actual: string | undefined, wanted: string) => boolean> = {
  equal: (a, w) => a === w,
  not_equal: (a, w) => a !== w,
  equal_fold: (a, w) => a !== undefined && fold(a) === fold(w),
  not_equal_fold: (a, w) => a === undefined || fold(a) !== fold(w),
  contains: (a, w) => a?.includes(w) ?? false,
  not_contains: (a, w) => !(a?.includes(w) ?? false),
  contains_fold: (a, w) => (a === undefined ? false : fold(a).includes(fold(w))),
  not_contains_fold: (a, w) => (a === undefined ? true : !fold(a).includes(fold(w))),
  in: (a, w) => a !== undefined && w.split(',').includes(a),
  not_in: (a, w) => a === undefined || !w.split(',').includes(a),
  in_fold: (a, w) => a !== undefined && w.split(',').map(fold).includes(fold(a)),
  not_in_fold: (a, w) => a === undefined || !w.split(',').map(fold).includes(fold(a)),
  approx: (a, w) => Math.abs(num(a) - num(w)) < 0.09,
  lt: (a, w) => num(a) < num(w),
  lte: (a, w) => num(a) <= num(w),
  gt: (a, w) => num(a) > num(w),
  gte: (a, w) => num(a) >= num(w),
};
/** Each other name of an operator, to the operator. */
const aliases: Record<string, TagOperator> = Object.fromEntries(
  Object.entries(tagOperators).flatMap(([op, names]) => names.map((name) => [name, op as TagOperator])),
);

/** `<key>__<operator>__<value>` (the compound list's `finding_tag`). */
export function tagQuery(name: string, text: string): Predicate {
  const m = /^(.*?)__(.*?)__(.*)$/.exec(text);
  const given = m?.[2] ?? '';
  const operator = Object.hasOwn(aliases, given)
    ? aliases[given]
    : Object.hasOwn(operators, given)
      ? (given as TagOperator)
      : undefined;
  if (!m || !operator)
    throw bad(name, `expected <key>__<operator>__<value> with an operator such as eq, ne, contains, in, gt`);
  const op = operators[operator];
  const key = m[1] as string;
  const value = m[3] as string;
  return (f) => op(tagValue(f, key), value);
}

function keyValue(name: string, text: string): [string, string] {
  const i = text.indexOf('=');
  if (i <= 0) throw bad(name, 'expected key=value');
  return [text.slice(0, i), text.slice(i + 1)];
}

function all(query: URLSearchParams, name: string): string[] {
  return query.getAll(name).filter((v) => v !== '');
}

const emailish = /^[^\s@]+@[^\s@]+$/;

/**
 * `tag` of every findings listing, as the vendor's clients send it: `<key>__<operator>__<value>`, repeatable,
 * all must match (`tag=cvss_31_severity_rating__in__critical,high`). `ng` is accepted and changes nothing:
 * what the service does with it is not known.
 */
function clientTagFilters(query: URLSearchParams): Predicate[] {
  const tags = all(query, 'tag');
  if (tags.length > 20) throw bad('tag', 'at most 20');
  return tags.map((t) => tagQuery('tag', t));
}

/** Filters of the app, org and deprecated compound lists (`type`, `severity`, `search`, `status`, ...). */
export function appLevelFilters(query: URLSearchParams): Predicate[] {
  const out: Predicate[] = clientTagFilters(query);
  const type = all(query, 'type').flatMap((v) => v.split(','));
  if (type.length) out.push((f) => type.includes(f.type));
  const severity = oneOf(query, 'severity', Object.keys(severityRank));
  if (severity.length) out.push((f) => severity.includes(f.severity));
  // Repeating a key widens it (severity critical or high); different keys narrow (AND).
  const tagged = new Map<string, string[]>();
  for (const kv of all(query, 'finding_tags')) {
    const [k, v] = keyValue('finding_tags', kv);
    tagged.set(k, [...(tagged.get(k) ?? []), v]);
  }
  for (const [k, values] of tagged) out.push((f) => tagValues(f, k).some((v) => values.includes(v)));
  for (const kv of all(query, 'details_tags')) {
    const [k, v] = keyValue('details_tags', kv);
    out.push((f) => String(f.details[k] ?? '') === v);
  }
  const category = query.get('category');
  if (category) out.push((f) => f.category === category);
  const assignee = query.get('assignee');
  const assignment = oneOf(query, 'assignment', ['assigned', 'unassigned'])[0];
  if (assignee) out.push((f) => f.assignee === assignee);
  if (assignment) out.push((f) => (assignment === 'assigned') === Boolean(f.assignee));
  // `search`: the title, the description or a tag value (the vendor document's "titles and tags").
  const searches = all(query, 'search');
  if (searches.length) out.push(searchMatcher(searches));
  const status = oneOf(query, 'status', ['unset', 'fixed', 'ignored', '3rdparty', 'any']);
  // The service lists only `unset` findings unless a status is asked for.
  const wanted = status.length ? status : ['unset'];
  if (!wanted.includes('any')) out.push((f) => wanted.includes(f.status));
  return out;
}

/** Filters of ListCompoundFindings (`finding_type`, `finding_status`, `finding_tag`, ...). */
export function compoundFilters(query: URLSearchParams): Predicate[] {
  const out: Predicate[] = clientTagFilters(query);
  const type = oneOf(query, 'finding_type', listedFindingTypes);
  if (type.length) out.push((f) => type.includes(f.type));
  const status = oneOf(query, 'finding_status', ['ignored', 'fixed', '3rdparty']);
  if (status.length) out.push((f) => status.includes(f.status));
  const assignee = query.get('finding_assignee');
  const assignment = oneOf(query, 'finding_assignment', ['assigned', 'unassigned'])[0];
  if (assignee && assignment) throw bad('finding_assignee', 'not together with finding_assignment');
  if (assignee !== null && assignee !== '' && !emailish.test(assignee)) {
    throw bad('finding_assignee', 'expected an e-mail address');
  }
  if (assignee) out.push((f) => f.assignee === assignee);
  if (assignment) out.push((f) => (assignment === 'assigned') === Boolean(f.assignee));
  const tags = all(query, 'finding_tag');
  if (tags.length > 20) throw bad('finding_tag', 'at most 20');
  for (const t of tags) out.push(tagQuery('finding_tag', t));
  const searches = all(query, 'finding_search');
  if (searches.length > 5) throw bad('finding_search', 'at most 5');
  // `finding_search`: the title or the description, as the vendor document has it.
  if (searches.length) out.push(searchMatcher(searches, { tags: false }));
  // A client sending the other listings' `search` here gets their narrowing (tag values too).
  const others = all(query, 'search');
  if (others.length) out.push(searchMatcher(others));
  if (bool(query, 'finding_reachable')) out.push((f) => f.reachable);
  if (bool(query, 'finding_exploitable')) out.push((f) => f.exploitable);
  if (bool(query, 'finding_has_ai_fix')) out.push((f) => f.has_ai_fix);
  return out;
}

const sorts: Record<string, (a: FindingRecord, b: FindingRecord) => number> = {
  id: (a, b) => Number(a.id) - Number(b.id),
  title: (a, b) => a.title.localeCompare(b.title) || Number(a.id) - Number(b.id),
  severity: (a, b) =>
    (severityRank[a.severity] ?? 0) - (severityRank[b.severity] ?? 0) || Number(a.id) - Number(b.id),
  created_at: (a, b) => a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id),
};

/**
 * Sorting: app level `sort`/`order` (default id, descending); compound level `finding_sort`/`finding_order`
 * (default id descending; a given sort defaults to ascending).
 */
export function sortFindings(
  items: FindingRecord[],
  query: URLSearchParams,
  names: { sort: string; order: string; givenDefault: 'asc' | 'desc' },
): FindingRecord[] {
  const sort = oneOf(query, names.sort, Object.keys(sorts))[0];
  const order = oneOf(query, names.order, ['asc', 'desc'])[0] ?? (sort ? names.givenDefault : 'desc');
  const compare = sorts[sort ?? 'id'] as (a: FindingRecord, b: FindingRecord) => number;
  return items.sort(order === 'asc' ? compare : (a, b) => compare(b, a));
}

const countedKeys = [
  'severity',
  'cvss_31_severity_rating',
  'category',
  'owasp_category',
  'owasp_2021_category',
  'cwe_category',
  'language',
  'reachability',
];

/** Tag counts by finding type (`{key, value, finding_type, count}`), the app and org lists' `counts`. */
export function tagCounts(items: readonly FindingRecord[]): PayloadOf<typeof TagCount>[] {
  const counts = new Map<string, { key: string; value: string; finding_type: string; count: number }>();
  for (const f of items) {
    for (const key of countedKeys) {
      const value = tagValue(f, key);
      if (value === undefined) continue;
      const id = `${f.type}\u0000${key}\u0000${value}`;
      const entry = counts.get(id);
      if (entry) entry.count++;
      else counts.set(id, { key, value, finding_type: f.type, count: 1 });
    }
  }
  return [...counts.values()];
}

/** Tags left out of the compound list's counts unless `counts_exclude` says otherwise. */
const defaultCountsExclude = ['cve', 'package_url', 'cvss_score', 'location', 'oss_internal_id'];

/** The compound list's `counts`: `{key, value_counts}` per tag key, minus `counts_exclude`. */
export function valueCounts(
  items: readonly FindingRecord[],
  query: URLSearchParams,
): Record<string, unknown>[] {
  const given = query.getAll('counts_exclude');
  const exclude = given.length ? given.filter(Boolean) : defaultCountsExclude;
  const counts = new Map<string, Record<string, number>>();
  for (const f of items) {
    for (const tag of [...f.tags, { key: 'severity', value: f.severity }]) {
      if (exclude.includes(tag.key)) continue;
      const map = counts.get(tag.key) ?? {};
      const value = String(tag.value);
      map[value] = (map[value] ?? 0) + 1;
      counts.set(tag.key, map);
    }
  }
  return [...counts].map(([key, value_counts]) => ({ key, value_counts }));
}

/** The `fields`/`finding_fields` exclusions (`-description`, `-details`, `-related_findings`). */
export function excludedFields(
  query: URLSearchParams,
  name: string,
  allowed: readonly string[],
): Set<string> {
  const values = oneOf(query, name, allowed);
  return new Set(values.map((v) => v.slice(1)));
}
