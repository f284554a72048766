import { defineView } from '../core/view.js';

/** `secscan api --list`: every operation of the table and the commands that call it. */
export const operationView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'OPERATION' },
    { key: 'method', header: 'METHOD' },
    { key: 'path', header: 'PATH' },
    { key: 'scopes', header: 'SCOPES', priority: 3, shrink: true },
    { key: 'commands', header: 'COMMAND', priority: 2, shrink: true },
    { key: 'summary', header: 'SUMMARY', priority: 4, shrink: true },
  ],
  defaults: ['id', 'method', 'path', 'scopes', 'commands'],
});
