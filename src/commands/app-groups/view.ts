import type { AppGroup } from '../../api/schemas/apps.js';
import { defineView } from '../../output/view.js';
import { requireNonEmpty } from '../validate.js';

export const groupView = defineView<AppGroup>({
  columns: [
    { key: 'name', header: 'NAME' },
    { key: 'app_ids', header: 'APPS', get: (g) => (g.app_ids ?? []).join(', ') },
  ],
  emptyMessage: 'No app groups.',
});

export function requireGroupName(value: string | undefined): string {
  return requireNonEmpty('app group name', value);
}
