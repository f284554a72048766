import { defineView } from '../view.js';

/** `secscan api --list`: every operation of the table and the commands that call it. */
export const operationView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'OPERATION' },
    { key: 'method', header: 'METHOD' },
    { key: 'path', header: 'PATH' },
    { key: 'scopes', header: 'SCOPES', shrink: true },
    { key: 'commands', header: 'COMMAND', shrink: true },
    { key: 'summary', header: 'SUMMARY', shrink: true },
  ],
  defaults: ['id', 'method', 'path', 'scopes', 'commands'],
});
