import { boolean, defineQuery, integer, oneOf, text } from '../query.js';
import {
  excludableFields,
  findingSorts,
  findingStatuses,
  listedFindingTypes,
  scanLanguages,
  scanPlatforms,
  severities,
  sortOrders,
} from '../values.js';

/**
 * Query declarations several operations share (the specification's findings tables); an area's own go in
 * its `<area>.schemas.ts`. Loaded with the schemas, never at start-up.
 */

const assignments = ['assigned', 'unassigned'] as const;
const repeatable = { repeatable: true } as const;
const fromClients = { fromClients: true } as const;

/**
 * What the vendor's own clients send to every findings listing beyond the document: `tag`, a finding tag
 * query `<key>__<operator>__<value>` (the operators of the compound listing's `finding_tag`; `in` and its
 * kin take comma-separated values), repeatable, all must match; `ng`, whose effect is not known (accepted,
 * and nothing changes); `search`, text in the title, the description or a tag value.
 */
const clientFindingsQuery = defineQuery({
  tag: text({ ...repeatable, ...fromClients }),
  ng: text(fromClients),
  search: text({ ...repeatable, ...fromClients }),
});

/**
 * Scan tags `key=value`, repeatable: the document's `tags`, and `tags[]`, the specification's name of it
 * (the org findings summary, the app versions, the scans listing).
 */
export const scanTagsQuery = defineQuery({
  tags: text(repeatable),
  'tags[]': text(repeatable),
});

/** The organization findings list's parameters (the app and deprecated compound lists add theirs). */
export const orgFindingsQuery = defineQuery({
  ...clientFindingsQuery,
  tags: text(repeatable),
  finding_tags: text(repeatable),
  // Accepted values: not shown; a list in one value is read as its values.
  type: text(repeatable),
  severity: oneOf(severities, repeatable),
  assignee: text(),
  assignment: oneOf(assignments),
  category: text(),
  details_tags: text(repeatable),
  status: oneOf([...findingStatuses, 'any'], repeatable),
  sort: oneOf(findingSorts),
  order: oneOf(sortOrders),
  only_counts: boolean(),
  page: integer(1),
  per_page: integer(1, 250),
});

/** The app findings list and the deprecated compound one: a scan selector and a comparison besides. */
export const scanFindingsQuery = defineQuery({
  ...orgFindingsQuery,
  version: text(),
  scan: text(),
  source: text(),
  diff: oneOf(['new', 'regression', 'common', 'fixed']),
  fields: oneOf(excludableFields, repeatable),
});

/** Which compound scan: by id, version, branch, tag, then one platform or language of it. */
export const compoundScanQuery = defineQuery({
  polyglot_scan: text(),
  scan_version: text(),
  scan_branch: text(),
  scan_tag: text(),
  scan_platform: oneOf(scanPlatforms),
  scan_language: oneOf(scanLanguages),
});

export const compoundFindingsQuery = defineQuery({
  ...compoundScanQuery,
  ...clientFindingsQuery,
  counts_exclude: text(repeatable),
  finding_type: oneOf(listedFindingTypes, repeatable),
  finding_status: oneOf(['ignored', 'fixed', '3rdparty'], repeatable),
  finding_assignee: text(),
  finding_assignment: oneOf(assignments),
  finding_tag: text(repeatable),
  finding_search: text(repeatable),
  finding_reachable: boolean(),
  finding_exploitable: boolean(),
  finding_has_ai_fix: boolean(),
  finding_sort: oneOf(findingSorts),
  finding_order: oneOf(sortOrders),
  page: integer(1),
  per_page: integer(1, 250),
  finding_fields: oneOf(['-description'], repeatable),
});

/** The webhook operations' flow: 1 legacy, 2 normal (the default). */
export const webhookQuery = defineQuery({ version: oneOf([1, 2]) });

/** The detailed reports: comments, the findings' statuses, the time zone of dates. */
export const reportQuery = defineQuery({
  comments: boolean(),
  status: oneOf([...findingStatuses, 'any'], repeatable),
  tz: text(),
});
