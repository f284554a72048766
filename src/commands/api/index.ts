import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'api',
  summary: 'Make an authenticated request to the API and print the response',
  description:
    'Call any API v4 path and print the response body as received (pretty JSON on a terminal).\n' +
    'PATH is relative to /api/v4; {orgID} is filled from the settings. -F fields become query parameters\n' +
    'for GET and DELETE and a JSON body otherwise (true, false, null and numbers are typed; @FILE reads a file).\n' +
    'Retries, timeouts and the exit codes follow the same rules as every other command.',
  args: [
    { name: 'method', description: 'GET, POST, PUT, PATCH or DELETE', required: true },
    { name: 'path', description: 'e.g. /orgs/{orgID}/apps', required: true },
  ],
  options: [
    {
      flags: '-F, --field <key=value>',
      description: 'add a parameter or body field (repeatable)',
      repeatable: true,
    },
    {
      flags: '--input <file>',
      description: 'read the raw request body from a file ("-" for standard input)',
    },
    { flags: '--paginate', description: 'follow next_page links and print every page' },
  ],
  examples: [
    'secscan api GET /orgs/{orgID}/tokens',
    'secscan api GET /orgs/{orgID}/findings -F per_page=100 --paginate | jq ".response.findings[].id"',
    'secscan api POST /orgs/{orgID}/rbac/roles --input role.json',
    'secscan api GET /user',
  ],
  load: () => import('./run.js'),
});
