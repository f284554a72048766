import type { ChalkInstance } from 'chalk';
import type { Comment } from '../../api/schemas/comments.js';
import type { Finding } from '../../api/schemas/findings.js';
import { defineView } from '../view.js';

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
    { key: 'type', header: 'TYPE' },
    { key: 'title', header: 'TITLE', shrink: true },
    { key: 'category', header: 'CATEGORY', shrink: true },
    { key: 'status', header: 'STATUS' },
    { key: 'assignee', header: 'ASSIGNEE' },
    { key: 'app', header: 'APP' },
    { key: 'owasp_category', header: 'OWASP' },
    { key: 'version_first_seen', header: 'FIRST_SEEN' },
    { key: 'internal_id', header: 'INTERNAL_ID' },
  ],
  defaults: ['id', 'severity', 'type', 'title', 'category', 'status', 'assignee'],
  emptyMessage: 'No findings match.',
});

function location(finding: Finding): string {
  const d = finding.details ?? {};
  if (!d.file_name) return '';
  return `${d.file_name}${d.line_number ? `:${d.line_number}` : ''}${d.method_name ? ` (${d.method_name})` : ''}`;
}

function tags(finding: Finding): string {
  return (finding.tags ?? []).map((t) => `${t.key}=${t.value}`).join('\n');
}

function details(finding: Finding): string {
  return Object.entries(finding.details ?? {})
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
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

/** What a status or assignee change did to each finding. */
export type FindingChange = {
  id: string;
  title: string | undefined;
  before: string | undefined;
  after: string;
  changed: boolean;
};

export const changeView = defineView<FindingChange>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'title', header: 'TITLE', shrink: true },
    { key: 'before', header: 'BEFORE' },
    { key: 'after', header: 'AFTER' },
    { key: 'changed', header: 'CHANGED', get: (r) => (r.changed ? 'yes' : 'no') },
  ],
});

export const commentView = defineView<Comment>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'created_at', header: 'CREATED' },
    { key: 'author', header: 'AUTHOR', get: (r) => r.owner?.email ?? '' },
    { key: 'comment', header: 'COMMENT', shrink: true },
    { key: 'finding_id', header: 'FINDING' },
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
    { key: 'group', header: 'GROUP' },
    { key: 'name', header: 'NAME', shrink: true },
    { key: 'total', header: 'TOTAL' },
    { key: 'fixed', header: 'FIXED' },
    { key: 'ignored', header: 'IGNORED' },
  ],
  emptyMessage: 'No findings.',
});
