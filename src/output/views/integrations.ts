import { defineView } from '../core/view.js';

type Row = Record<string, unknown>;
const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v);

export const boardStatusView = defineView<Row>({
  columns: [
    { key: 'authorized', header: 'Authorized' },
    { key: 'authorized_at', header: 'Since' },
  ],
});

export const boardOrgView = defineView<Row>({
  columns: [{ key: 'name', header: 'NAME' }],
  emptyMessage:
    'No Azure DevOps organizations (is the work board authorized? see `secscan integrations board status`).',
});

export const associationView = defineView<Row>({
  columns: [
    { key: 'app', header: 'App' },
    { key: 'azure_org_name', header: 'Organization' },
    { key: 'azure_project_name', header: 'Project' },
    { key: 'finding_work_item_type', header: 'Work item type' },
  ],
});

/** A finding's work item (`board finding`), or one row per finding submitted (`board submit`). */
export const workItemView = defineView<Row>({
  columns: [
    { key: 'finding_id', header: 'FINDING' },
    { key: 'azure_workitem_id', header: 'WORK ITEM' },
    { key: 'azure_workitem_url', header: 'URL', priority: 2 },
    { key: 'azure_org_name', header: 'ORGANIZATION', priority: 3 },
    { key: 'azure_project_name', header: 'PROJECT', priority: 3 },
  ],
  defaults: ['finding_id', 'azure_workitem_id', 'azure_workitem_url'],
  emptyMessage: 'No work items.',
});

export const workItemDetailView = defineView<Row>({
  columns: [
    { key: 'app', header: 'App' },
    { key: 'finding_id', header: 'Finding' },
    { key: 'azure_workitem_id', header: 'Work item' },
    { key: 'azure_workitem_url', header: 'URL', priority: 2 },
    { key: 'azure_org_name', header: 'Organization' },
    { key: 'azure_project_name', header: 'Project' },
  ],
});

export const cloudCredsView = defineView<Row>({
  columns: [
    { key: 'client_id', header: 'Client id' },
    { key: 'auth_url', header: 'Auth URL' },
    { key: 'api_url', header: 'API URL' },
  ],
});

const enrollmentColumns = [
  { key: 'level', header: 'Level' },
  { key: 'app', header: 'App' },
  { key: 'compound', header: 'Compound' },
  { key: 'enrolled_for', header: 'Enrolled for', get: (r: Row) => list(r.enrolled_for) },
  { key: 'is_enabled', header: 'Enabled' },
];

/** The level an enrollment comes from, and the app and compound asked about when there are any. */
export function enrollmentView(asked: { app?: string | undefined; compound?: string | undefined }) {
  return defineView<Row>({
    columns: enrollmentColumns.filter(
      (c) =>
        (c.key !== 'app' || asked.app !== undefined) &&
        (c.key !== 'compound' || asked.app !== undefined || asked.compound !== undefined),
    ),
  });
}
