import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'sandbox',
  summary: 'Run a local stand-in for the service with demo data',
  description:
    'Run a local, stateful stand-in for the service with a seeded demonstration organization, in the foreground, ' +
    'until interrupted. When ready it prints SECSCAN_BASE_URL, SECSCAN_ORG_ID and SECSCAN_TOKEN (a Super Admin ' +
    'token) on stdout, one per line. With the global --profile NAME it also stores them as that profile and makes it the current one.',
  options: [
    { flags: '--host <host>', description: 'address to listen on', default: '127.0.0.1' },
    { flags: '--port <port>', description: 'port to listen on; 0 picks a free port', default: '0' },
    {
      flags: '--seed <n>',
      description: 'seed of the demo data: the same seed gives the same data',
      default: '1',
    },
    {
      flags: '--state <file>',
      description: 'keep the state in FILE: loaded if it exists, saved after each change',
    },
    {
      flags: '--fail-rate <rate>',
      description: 'share of requests (0 to 1) answered 503 or dropped',
      default: '0',
    },
    { flags: '--latency <ms>', description: 'delay added to every request, in milliseconds', default: '0' },
    { flags: '--log', description: 'log one line per request on stderr (method, path, status, time)' },
    { flags: '--users-file <file>', description: "write every demo user's token to FILE (JSON, mode 0600)" },
    {
      flags: '--findings <n>',
      description: 'give the app shiftleft-java-demo N findings (for benchmarks; default about a dozen)',
    },
  ],
  examples: [
    'secscan sandbox',
    'eval "$(secscan sandbox --port 8787 &)"',
    'secscan sandbox --profile demo --state ./sandbox.json --log',
    'secscan sandbox --fail-rate 0.2 --latency 150 --users-file ./users.json',
    'secscan sandbox --findings 100000 --port 8787',
  ],
  load: () => import('./run.js'),
});
