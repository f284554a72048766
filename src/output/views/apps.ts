import type { App, AppConfig } from '@secscan/api/schemas/apps';
import { defineView } from '../core/view.js';
import { secretsSummary } from './org.js';

export const appView = defineView<App>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'NAME', priority: 2 },
    { key: 'base_branch', header: 'BRANCH', priority: 2 },
    { key: 'team_id', header: 'TEAM', priority: 3 },
    { key: 'labels', header: 'LABELS', priority: 3, get: (a) => (a.labels ?? []).join(', ') },
    {
      key: 'tags',
      header: 'TAGS',
      priority: 4,
      get: (a) => (a.tags ?? []).map((t) => `${t.key}=${t.value}`).join(', '),
    },
    { key: 'compound', header: 'COMPOUND', priority: 3 },
  ],
  defaults: ['id', 'name', 'base_branch', 'labels', 'tags'],
  emptyMessage: 'No apps.',
});

/** One row per app created from `apps create`, or rejected by the service. */
export type CreatedAppRow = {
  id: string;
  result: string;
  name?: string;
  base_branch?: string;
  team_id?: string;
};

export const createdAppView = defineView<CreatedAppRow>({
  columns: [
    { key: 'id', header: 'ID' },
    {
      key: 'result',
      header: 'RESULT',
      style: (t, _r, chalk) => (t === 'created' ? chalk.green(t) : chalk.red(t)),
    },
    { key: 'name', header: 'NAME', priority: 2 },
    { key: 'base_branch', header: 'BRANCH', priority: 2 },
    { key: 'team_id', header: 'TEAM', priority: 3 },
  ],
});

export const labelView = defineView<{ label: string }>({
  columns: [{ key: 'label', header: 'LABEL' }],
  emptyMessage: 'No labels.',
});

type AppBranches = Record<string, unknown> & { branches?: string[] | null; languages?: string[] | null };

export const appBranchesView = defineView<AppBranches>({
  columns: [
    { key: 'id', header: 'APP' },
    { key: 'default_branch', header: 'DEFAULT', priority: 2 },
    { key: 'branches', header: 'BRANCHES', priority: 3, get: (r) => (r.branches ?? []).join(', ') },
    { key: 'languages', header: 'LANGUAGES', priority: 4, get: (r) => (r.languages ?? []).join(', ') },
    { key: 'name', header: 'NAME', priority: 2 },
  ],
  emptyMessage: 'No apps.',
});

export const scanBranchView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'branch_name', header: 'BRANCH' },
    { key: 'scan_count', header: 'SCANS' },
    { key: 'first_scan', header: 'FIRST', priority: 4 },
    { key: 'last_scan', header: 'LAST', priority: 2 },
    { key: 'created_at', header: 'CREATED', priority: 5 },
    { key: 'updated_at', header: 'UPDATED', priority: 3 },
  ],
  emptyMessage: 'No scanned branches.',
});

export const configView = defineView<AppConfig>({
  columns: [
    { key: 'default_branch', header: 'Default branch' },
    {
      key: 'secrets',
      header: 'Secrets scanning',
      get: (c) => secretsSummary(c.analysis_configuration?.secrets),
    },
    { key: 'cpg2sp', header: 'Max steps', get: (c) => c.analysis_configuration?.cpg2sp?.['max-steps'] },
  ],
});
