import { environment } from './environment.js';
import { exitCodesHelp } from './exit-codes.js';
import type { Block } from './text.js';

export interface Topic {
  name: string;
  summary: string;
  /** The man page section the topic becomes (its title in capitals). */
  section: string;
  blocks(): Promise<Block[]>;
}

/** The exit-code table as terms (continuation lines joined), with the sentences around it. */
export function exitCodeBlocks(text = exitCodesHelp): Block[] {
  const blocks: Block[] = [];
  const items: [string, string][] = [];
  const prose: string[] = [];
  for (const line of text.trimEnd().split('\n')) {
    const row = /^\s+(\d+)\s+(.*)$/.exec(line);
    const more = /^\s{4,}(\S.*)$/.exec(line);
    if (row) items.push([row[1] as string, row[2] as string]);
    else if (more && items.length) items[items.length - 1]![1] += ` ${more[1]}`;
    else if (line.endsWith(':') && !items.length) blocks.push({ kind: 'paragraph', text: line });
    else prose.push(line.trim());
  }
  blocks.push({ kind: 'terms', items });
  if (prose.length) blocks.push({ kind: 'paragraph', text: prose.join(' ') });
  return blocks;
}

async function rulesBlocks(): Promise<Block[]> {
  const { ruleTagKeys } = await import('@secscan/api/rules/rules-file');
  const { findingTypes, severities } = await import('@secscan/api/values');
  return [
    {
      kind: 'paragraph',
      text:
        '`secscan scans check --rules FILE` reads a rules file: YAML (or JSON when the name ends in .json; ' +
        '`-` reads standard input) holding `rules:`, a list of rules in the shape the service evaluates. ' +
        'A stored check-analysis policy (`--policy NAME[:TAG]`) holds the same format.',
    },
    {
      kind: 'terms',
      items: [
        ['id', 'The rule name shown in the verdict (required, unique in the file).'],
        [
          'tags',
          'What a finding must have to match: for every key, one of the listed values. ' +
            `Keys: ${ruleTagKeys.join(', ')}.`,
        ],
        ['threshold', 'The rule fails when more findings than this match (default 0).'],
        ['num_findings', 'How many matched findings the verdict lists, 0 to 100 (default 5).'],
        ['version', 'Optional; 2 when given.'],
      ],
    },
    {
      kind: 'paragraph',
      text:
        `Severities: ${[...severities].reverse().join(', ')}. Finding types: ${findingTypes.join(', ')}. ` +
        'Unknown keys, severities and types are refused with the file, line and reason (exit 3) before ' +
        'any request, because a misspelt rule would match nothing and pass.',
    },
    {
      kind: 'literal',
      lines: [
        '# .secscan/rules.yml',
        'rules:',
        '  - id: no-new-critical',
        '    tags:',
        '      severity: [critical]',
        '    threshold: 0',
        '  - id: few-new-high',
        '    tags:',
        '      severity: [high]',
        '    threshold: 2',
      ],
    },
    {
      kind: 'paragraph',
      text:
        'With --kind diff (the default) only the findings the baseline scan did not have are counted; ' +
        'with --kind single, all the findings of the scan. Exit 0 when no rule is over its threshold, 1 when ' +
        'one is; any other code means the gate was not evaluated.',
    },
  ];
}

/** `secscan help http`: the contract's HTTP behaviour, the retries and the waits as they are. */
const httpBlocks = (): Block[] => [
  {
    kind: 'paragraph',
    text:
      'How secscan talks to the service, so a script can rely on it: keep-alive connections; proxies from ' +
      'HTTPS_PROXY, HTTP_PROXY and NO_PROXY; extra CAs from SECSCAN_CA_FILE and NODE_EXTRA_CA_CERTS; ' +
      'certificate verification always on. The token is sent only to the configured host: never on a ' +
      'redirect (which is reported, not followed) or a next_page on another host. Path segments are ' +
      'percent-encoded. Ctrl-C aborts the requests in flight, removes partial files and exits 130 (SIGTERM: 143).',
  },
  {
    kind: 'terms',
    items: [
      [
        'Retries',
        'GET, PUT and DELETE are retried on a network error, 408, 429, 500, 502, 503 and 504, --retries ' +
          'times after the first attempt (default 2: three attempts, each within --timeout seconds, default ' +
          '30), with capped exponential backoff and full jitter (up to 0.5 s, 1 s, 2 s ... 8 s); POST and PATCH ' +
          'never are, except the one read sent as POST (the package look-up, RetrievePackageInfo, of ' +
          'packages show, sbom and sync), which changes nothing. A write whose answer was lost may have been applied: the message says so, and how to check.',
      ],
      [
        'Retry-After',
        'An answer that says when to come back is waited for, up to --max-retry-wait (0 to 24h, default 60s); ' +
          'one that asks for longer is exit 7 at once, saying when the service asked to be retried, never ' +
          'slept on. Any value is read safely: seconds of any length (however far, a time no later than ' +
          '9999-12-31T23:59:59Z), or an HTTP date in one of its three forms; anything else is as if absent.',
      ],
      [
        'Rate limits',
        'The headers a service states its quota in (the IETF draft’s RateLimit-Policy and RateLimit, ' +
          'RateLimit-*, X-RateLimit-*) pace the fan-outs and the pages of a long listing, and a window with ' +
          'nothing left is waited out until its reset (after a 429 without Retry-After too), held to ' +
          '--max-retry-wait as Retry-After is: a wait of 5 seconds or more within it is told in one line on ' +
          'stderr, saying when it ends (not with --quiet); past it, exit 7 at once, saying when the window opens.',
      ],
      [
        'Fan-outs',
        'stats, sbom --all-apps, teams export and reports trends keep --concurrency requests in flight ' +
          '(default 4), halved while the service throttles (429, 503) and grown back on success; the pages a ' +
          'long listing (findings list --all) asks for ahead go under the same rules. A throttled answer is waited out without spending --retries, up to ten a ' +
          'request. The run has a retry budget of its own: 10 + --retries throttled answers in a row with no ' +
          'success between (the answers to requests already in flight when the run was last throttled count ' +
          'once); the next one ends the run, exit 7. A service that sheds all load ends a fan-out in about the ' +
          'time one request’s retries take, whatever the number of apps.',
      ],
      [
        'Stopping',
        'The first failure of a fan-out ends it at once: its other requests, waiting for a start or in ' +
          'flight, are aborted, and the run exits with that failure; nothing it refused to wait for keeps it ' +
          'alive.',
      ],
    ],
  },
];

const environmentBlocks = (): Block[] => [
  { kind: 'paragraph', text: 'Settings come from flags, then these variables, then the profile.' },
  { kind: 'terms', items: environment.map(([name, text]) => [name, text]) },
];

export const topics: readonly Topic[] = [
  {
    name: 'exit-codes',
    summary: 'What each exit status means (stable, for scripts)',
    section: 'EXIT STATUS',
    blocks: async () => exitCodeBlocks(),
  },
  {
    name: 'environment',
    summary: 'The environment variables secscan reads',
    section: 'ENVIRONMENT',
    blocks: async () => environmentBlocks(),
  },
  {
    name: 'formatting',
    summary: 'Output formats, --fields, table width and colour',
    section: 'OUTPUT',
    // Its lists come from the formats' records, loaded only when the topic is read.
    blocks: async () => (await import('./formatting.js')).formattingBlocks(),
  },
  {
    name: 'http',
    summary: 'How requests are sent: retries, Retry-After, rate limits, a run’s retry budget',
    section: 'HTTP BEHAVIOUR',
    blocks: async () => httpBlocks(),
  },
  {
    name: 'rules',
    summary: 'The rules file of scans check --rules',
    section: 'RULES FILES',
    blocks: rulesBlocks,
  },
];
