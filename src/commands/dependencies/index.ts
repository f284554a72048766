import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'dependencies',
  summary: 'Search the dependencies found in the organization’s scans',
  verbs: [
    {
      name: 'search',
      summary: 'List dependencies matching TEXT across every app',
      description:
        'Search the packages found by scans in a time window (default: the four months before the latest\n' +
        'successful scan). The service serves at most 20 pages: narrow the window or the text when it is reached.',
      args: [{ name: 'text', description: 'text to look for in package names and URLs', required: true }],
      options: [
        {
          flags: '--from <when>',
          description:
            'window start: a date (2025-01-31, ISO time), Unix seconds, or a duration ago (30d, 12h)',
        },
        {
          flags: '--until <when>',
          description: 'window end: a date, Unix seconds, or a duration ago (default: the latest scan)',
        },
        { flags: '--per-page <n>', description: 'results per request, 1 to 1000 (default 250)' },
        { flags: '--limit <n>', description: 'stop after N results' },
      ],
      examples: [
        'secscan dependencies search log4j',
        'secscan dependencies search lodash --from 90d -o json',
      ],
      load: () => import('./search.js'),
    },
  ],
});
