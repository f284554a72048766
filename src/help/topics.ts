import { baseFormats } from '../output/core/format.js';
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

const formattingBlocks = (): Block[] => [
  {
    kind: 'paragraph',
    text:
      'Data goes to standard output; progress, notices, warnings and errors to standard error. On a ' +
      'terminal the default output is a table; when standard output is not a terminal, tab-separated ' +
      'rows without a header or colour, one line per row.',
  },
  {
    kind: 'terms',
    items: [
      ['-o table', 'Aligned columns with a bold header, as wide as the terminal.'],
      ['-o tsv', 'Tab-separated rows, no header.'],
      ['-o json', 'The full objects as the service sent them (not only the table columns), indented.'],
      ['-o ndjson', 'One JSON object a line, written as pages arrive.'],
      ['-o yaml', 'The full objects as YAML.'],
      ['-o csv', 'A header line, then one row a line, written as pages arrive.'],
      ['-o sarif, junit, markdown', 'Reports, where a command offers them (see its --help).'],
    ],
  },
  {
    kind: 'paragraph',
    text:
      `The formats every command takes: ${baseFormats.join(', ')}. --fields a,b,c chooses the columns ` +
      '(and, with -o json, ndjson or yaml, the keys); each command lists its field names in --help, and ' +
      'an unknown name is a usage error. List commands fetch one page unless --all or --limit N.',
  },
  {
    kind: 'paragraph',
    text:
      'Tables take the width of the terminal: free-text columns (titles, descriptions, labels) shrink ' +
      'with an ellipsis when the rows would be wider, and grow when there is room; ids, severities, ' +
      'e-mail addresses, dates and numbers are never cut. Each table ranks its columns: on a narrow ' +
      'terminal the least useful are left out (findings: CATEGORY, then TYPE, then ASSIGNEE; STATUS and ' +
      'SUPPRESSED stay, so a triaged finding never looks open, and so does APP in a listing of several ' +
      'apps) before a title ' +
      'is cut below 30 characters, and a notice after the table names them once (not with --fields, ' +
      'where you chose them). Columns are sized from the first 250 rows and the rest are written as they ' +
      'arrive, so a table of any length takes little memory; further down, a longer title is cut to its ' +
      'column and a longer id or e-mail address widens its own. Piped output is never cut.',
  },
  {
    kind: 'paragraph',
    text:
      'On a terminal, long output goes through a pager: SECSCAN_PAGER, else PAGER, else less (with ' +
      'LESS=FRX when LESS is unset, so a short list prints as it is). Quitting the pager (q) ends the ' +
      'command quietly, exit 0. --no-pager (or SECSCAN_PAGER=cat) prints straight to the terminal; ' +
      'piped or redirected output is never paged. A listing that takes more than a second shows its ' +
      'progress on standard error (pages read and their rate, rows, of the total and the time left when ' +
      'the first page states one, time elapsed), cleared at the end; so do stats, sbom --all-apps, teams ' +
      'export and reports trends (apps or teams done of those to do, requests, their rate, the time left, ' +
      'throttling). Not in a pipe, not with --quiet. Notices, warnings, errors, hints and the verdict of scans check wrap between ' +
      'words at the terminal’s width.',
  },
  {
    kind: 'paragraph',
    text:
      'Colour is used only when standard output is a terminal. It is turned off by --no-color, NO_COLOR ' +
      '(any value), CLICOLOR=0, FORCE_COLOR=0 and TERM=dumb, and forced on by FORCE_COLOR (any other ' +
      'value) or CLICOLOR_FORCE. --no-color always wins.',
  },
  {
    kind: 'paragraph',
    text:
      'Text from the service never reaches the terminal raw: control characters, escape sequences and ' +
      'bidi overrides are removed from tables, tsv, csv and error lines; JSON, NDJSON and YAML keep them, ' +
      'escaped. CSV cells beginning with = + - @ get a leading apostrophe.',
  },
  {
    kind: 'paragraph',
    text:
      'In a CI job log (GITHUB_ACTIONS=true, TF_BUILD or GITLAB_CI set), text from the service is never a ' +
      'command to the runner: no ##[ or ##vso[ anywhere, no :: at the start of a line (after blanks), no ' +
      'section_start: or section_end: marker. JSON, NDJSON, YAML and JUnit XML escape these inside their ' +
      'strings (#, and the colon, as \\u0023 and \\u003a, or &#35; and &#58;), so the data reads back the ' +
      'same. Tables, tsv, csv, Markdown and text printed as received (secscan api, a report’s HTML) have no ' +
      'such escape: there the [ becomes a fullwidth ［ and the colon a fullwidth ：. secscan’s own ' +
      'annotations (::error) are printed as they are. Files are not the job log: --out FORMAT=FILE, the ' +
      '--report-* files and standard output redirected to a file get the text unchanged. A program you pipe ' +
      'the output into prints what it likes (jq turns \\u0023 back into #).',
  },
];

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
    blocks: async () => formattingBlocks(),
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
