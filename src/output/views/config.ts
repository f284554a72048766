import { defineView } from '../core/view.js';

export const settingView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'key', header: 'KEY' },
    { key: 'value', header: 'VALUE' },
    { key: 'source', header: 'SOURCE', priority: 2 },
  ],
});
