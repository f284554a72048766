import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'analyze-failures',
  summary: 'List and show analysis failures',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List the organization’s analysis failures, newest first',
      options: [{ flags: '--limit <n>', description: 'at most this many, 1 to 100 (default 100)' }],
      load: () => import('./list.js'),
    },
    {
      name: 'show',
      summary: 'Show an analysis failure',
      args: [{ name: 'id', description: 'failure id (uuid)', required: true }],
      load: () => import('./show.js'),
    },
  ],
});
