import type { ChalkInstance } from 'chalk';
import { defineView } from '../../output/view.js';

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

type Row = Record<string, unknown>;

export const findingView = defineView<Row>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'severity', header: 'SEVERITY', style: (t, _r, chalk) => severityStyle(t, chalk) },
    { key: 'type', header: 'TYPE' },
    { key: 'title', header: 'TITLE', max: 60 },
    { key: 'category', header: 'CATEGORY', max: 28 },
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

function location(row: Row): string {
  const d = (row.details ?? {}) as Record<string, unknown>;
  if (!d.file_name) return '';
  return `${d.file_name}${d.line_number ? `:${d.line_number}` : ''}${d.method_name ? ` (${d.method_name})` : ''}`;
}

function tags(row: Row): string {
  const list = (row.tags ?? []) as { key: string; value: unknown }[];
  return list.map((t) => `${t.key}=${t.value}`).join('\n');
}

function details(row: Row): string {
  const d = (row.details ?? {}) as Record<string, unknown>;
  return Object.entries(d)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

export const findingDetailView = defineView<Row>({
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

export const changeView = defineView<Row>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'title', header: 'TITLE', max: 60 },
    { key: 'before', header: 'BEFORE' },
    { key: 'after', header: 'AFTER' },
    { key: 'changed', header: 'CHANGED', get: (r) => (r.changed ? 'yes' : 'no') },
  ],
});

export const commentView = defineView<Row>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'created_at', header: 'CREATED' },
    { key: 'author', header: 'AUTHOR', get: (r) => (r.owner as Row | undefined)?.email ?? '' },
    { key: 'comment', header: 'COMMENT', max: 80 },
    { key: 'finding_id', header: 'FINDING' },
  ],
  defaults: ['id', 'created_at', 'author', 'comment'],
  emptyMessage: 'No comments.',
});
