import type { AppGroup } from '@secscan/api/schemas/apps';
import { defineView } from '../core/view.js';

export const groupNameView = defineView<{ name: string }>({
  columns: [{ key: 'name', header: 'NAME' }],
  emptyMessage: 'No app groups.',
});

export const groupView = defineView<AppGroup>({
  columns: [
    { key: 'name', header: 'NAME' },
    { key: 'app_ids', header: 'APPS', priority: 2, get: (g) => g.app_ids.join(', ') },
  ],
  emptyMessage: 'No app groups.',
});
