import { defineView } from '../view.js';

/** `secscan api --list`: every operation of the table and the commands that call it. */
export const operationView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'OPERATION' },
    { key: 'method', header: 'METHOD' },
    { key: 'path', header: 'PATH' },
    { key: 'scopes', header: 'SCOPES', max: 48 },
    { key: 'commands', header: 'COMMAND', max: 40 },
    { key: 'summary', header: 'SUMMARY', max: 60 },
  ],
  defaults: ['id', 'method', 'path', 'scopes', 'commands'],
});
