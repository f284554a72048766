import type { ChalkInstance } from 'chalk';
import type { Comment } from '@secscan/api/schemas/comments';
import { findingLocation, formatLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';
import type { FindingChange } from '../../triage/ids.js';
import { defineView, type View } from '../core/view.js';

export function severityStyle(text: string, chalk: ChalkInstance): string {
  switch (text) {
    case 'critical':
      return chalk.bold.red(text);
    case 'high':
      return chalk.red(text);
    case 'medium':
      return chalk.yellow(text);
    case 'low':
      return chalk.cyan(text);
    default:
      return text;
  }
}

export const findingView = defineView<Finding>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'severity', header: 'SEVERITY', style: (t, _r, chalk) => severityStyle(t, chalk) },
    // At 80 columns the title keeps 30 characters and the status stays, so a triaged finding never looks
    // open: the category (the title says it), the type, then the assignee give way first.
    { key: 'type', header: 'TYPE', priority: 4 },
    { key: 'title', header: 'TITLE', shrink: true, min: 30 },
    { key: 'category', header: 'CATEGORY', shrink: true, priority: 5 },
    { key: 'status', header: 'STATUS', priority: 2 },
    { key: 'assignee', header: 'ASSIGNEE', priority: 3 },
    // Ids are per app: a listing of several apps (a compound's, the organization's) shows each one's app,
    // which every follow-up command needs (`findings show --app APP ID`).
    { key: 'app', header: 'APP', priority: 1 },
    { key: 'owasp_category', header: 'OWASP', shrink: true, priority: 6 },
    { key: 'version_first_seen', header: 'FIRST_SEEN', priority: 6 },
    { key: 'internal_id', header: 'INTERNAL_ID', priority: 7 },
    { key: 'location', header: 'LOCATION', get: location, priority: 3 },
    { key: 'suppressed', header: 'SUPPRESSED', get: suppressedCell, priority: 2 },
  ],
  defaults: ['id', 'severity', 'type', 'title', 'category', 'status', 'assignee'],
  emptyMessage: 'No findings match.',
});

/**
 * The view of a findings listing: SUPPRESSED when an ignore file is in effect (`line 12`: the entry that
 * suppresses it), and APP when it holds several apps' findings (a compound's, the organization's). Each is
 * added after the others, so the columns a script reads by position (`cut -f3`) stay where they were.
 */
export function findingListView(options: { apps: boolean; suppressed: boolean }): View<Finding> {
  return defineView<Finding>({
    ...findingView,
    defaults: [
      ...(findingView.defaults ?? []),
      ...(options.suppressed ? ['suppressed'] : []),
      ...(options.apps ? ['app'] : []),
    ],
  });
}

function suppressedCell(finding: Finding): string {
  const by = (finding as { suppression?: { line?: number } }).suppression;
  return by?.line === undefined ? '' : `line ${by.line}`;
}

function location(finding: Finding): string {
  return formatLocation(findingLocation(finding));
}

function tags(finding: Finding): string {
  return (finding.tags ?? []).map((t) => `${t.key}=${t.value}`).join('\n');
}

/** A vuln's dataflow, one step a line from source to sink; other values as they are. */
function detailLines([key, value]: [string, unknown]): string[] {
  const list = (value as { list?: unknown } | null)?.list;
  if (key === 'dataflow' && Array.isArray(list)) {
    const steps = list.map(
      (step, i) =>
        `  ${i + 1}. ${formatLocation(findingLocation({ details: { dataflow: { list: [step] } } }))}`,
    );
    return [`dataflow: ${list.length} step(s)`, ...steps];
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return [`${key}: ${value.join(', ')}`];
  }
  return [`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`];
}

function details(finding: Finding): string {
  return Object.entries(finding.details ?? {})
    .flatMap(detailLines)
    .join('\n');
}

export const findingDetailView = defineView<Finding>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'title', header: 'Title', style: (t, _r, chalk) => chalk.bold(t) },
    { key: 'app', header: 'App' },
    { key: 'type', header: 'Type' },
    { key: 'severity', header: 'Severity', style: (t, _r, chalk) => severityStyle(t, chalk) },
    { key: 'category', header: 'Category' },
    { key: 'owasp_category', header: 'OWASP' },
    { key: 'status', header: 'Status' },
    { key: 'assignee', header: 'Assignee', get: (r) => r.assignee ?? '(unassigned)' },
    { key: 'version_first_seen', header: 'First seen in' },
    { key: 'location', header: 'Location', get: location },
    { key: 'description', header: 'Description' },
    { key: 'tags', header: 'Tags', get: tags },
    { key: 'details', header: 'Details', get: details },
    { key: 'internal_id', header: 'Internal id' },
  ],
});

const changeColumns = ['id', 'title', 'before', 'after', 'changed'];

export const changeView = defineView<FindingChange>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'app', header: 'APP' },
    { key: 'title', header: 'TITLE', shrink: true },
    { key: 'before', header: 'BEFORE', priority: 2 },
    { key: 'after', header: 'AFTER' },
    {
      key: 'changed',
      header: 'CHANGED',
      priority: 3,
      get: (r) => (r.changed === undefined ? 'unknown' : r.changed ? 'yes' : 'no'),
    },
    { key: 'result', header: 'RESULT', priority: 2, get: (r) => r.result ?? 'done' },
  ],
  defaults: changeColumns,
});

/**
 * The view of a change: with the APP of each finding when they are of several apps, and the RESULT of each
 * when a run stopped part-way (or an undo left some alone).
 */
export function changeViewFor({ apps, partial }: { apps: boolean; partial: boolean }) {
  const defaults = [...changeColumns, ...(partial ? ['result'] : [])];
  if (apps) defaults.splice(1, 0, 'app');
  return defineView<FindingChange>({ ...changeView, defaults });
}

export const commentView = defineView<Comment>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'created_at', header: 'CREATED', priority: 2 },
    { key: 'author', header: 'AUTHOR', get: (r) => r.owner?.email ?? '' },
    { key: 'comment', header: 'COMMENT', shrink: true },
    { key: 'finding_id', header: 'FINDING', priority: 3 },
  ],
  defaults: ['id', 'created_at', 'author', 'comment'],
  emptyMessage: 'No comments.',
});

export const recommendedFixView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'fix', header: 'Recommended fix', style: (t, _r, chalk) => chalk.bold(t) },
    { key: 'fix_notes', header: 'Notes' },
  ],
});

export const appliedFixView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'finding_id', header: 'Finding' },
    { key: 'status', header: 'Status' },
    { key: 'scan_id', header: 'Scan' },
    { key: 'fix', header: 'Fix' },
  ],
});

/** One row of `findings summary`: totals of a type, severity, category or app. */
export type SummaryRow = {
  group: 'type' | 'severity' | 'category' | 'app';
  name: string;
  total: number;
  fixed: number;
  ignored: number;
};

export const summaryView = defineView<SummaryRow>({
  columns: [
    { key: 'group', header: 'GROUP', priority: 3 },
    { key: 'name', header: 'NAME', shrink: true },
    { key: 'total', header: 'TOTAL' },
    { key: 'fixed', header: 'FIXED', priority: 2 },
    { key: 'ignored', header: 'IGNORED', priority: 2 },
  ],
  emptyMessage: 'No findings.',
});
