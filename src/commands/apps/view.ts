import type { App } from '../../api/schemas/apps.js';
import { appIdPattern } from '../../api/schemas/apps.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';

export const appView = defineView<App>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'NAME' },
    { key: 'base_branch', header: 'BRANCH' },
    { key: 'team_id', header: 'TEAM' },
    { key: 'labels', header: 'LABELS', get: (a) => (a.labels ?? []).join(', ') },
    { key: 'tags', header: 'TAGS', get: (a) => (a.tags ?? []).map((t) => `${t.key}=${t.value}`).join(', ') },
    { key: 'compound', header: 'COMPOUND' },
  ],
  defaults: ['id', 'name', 'base_branch', 'labels', 'tags'],
  emptyMessage: 'No apps.',
});

export function requireAppId(what: string, value: string | undefined): string {
  if (!value || !appIdPattern.test(value)) {
    throw new UsageError(
      `invalid ${what} ${JSON.stringify(value ?? '')}: letters and digits, with _ : . - allowed inside`,
    );
  }
  return value;
}

export const configView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'default_branch', header: 'Default branch' },
    {
      key: 'secrets',
      header: 'Secrets',
      get: (c) => {
        const s = (
          c.analysis_configuration as { secrets?: { entropy?: number; disable?: boolean } } | undefined
        )?.secrets;
        if (!s) return '';
        return [
          s.disable === undefined ? '' : s.disable ? 'disabled' : 'enabled',
          s.entropy === undefined ? '' : `entropy ${s.entropy}`,
        ]
          .filter(Boolean)
          .join(', ');
      },
    },
    {
      key: 'cpg2sp',
      header: 'Max steps',
      get: (c) =>
        (c.analysis_configuration as { cpg2sp?: Record<string, number> } | undefined)?.cpg2sp?.['max-steps'],
    },
  ],
});
