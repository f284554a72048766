import { baseFormatNames, baseFormats } from '../output/base/index.js';
import { reportFormats } from '../output/formats/reports.js';
import type { Block } from './text.js';

/** `secscan help formatting` (and the OUTPUT section of the man page): the formats from their records. */
export const formattingBlocks = (): Block[] => [
  {
    kind: 'paragraph',
    text:
      'Data goes to standard output; progress, notices, warnings and errors to standard error. On a ' +
      'terminal the default output is a table; when standard output is not a terminal, tab-separated ' +
      'rows without a header or colour, one line per row.',
  },
  {
    kind: 'terms',
    items: Object.entries(baseFormats).map(([name, format]): [string, string] => [
      `-o ${name}`,
      format.summary,
    ]),
  },
  {
    kind: 'paragraph',
    text:
      `A command that prints rows or an object takes every one of them (${baseFormatNames.join(', ')}); ` +
      'one that prints a document which is not rows (a policy file, an access file, a bill of materials) ' +
      'takes those it can be written in, says which in its --help, and refuses the others by name, saying ' +
      'why. --fields a,b,c chooses the ' +
      'columns (and, with -o json, ndjson or yaml, the keys); each command lists its field names in --help, ' +
      'and an unknown name is a usage error. List commands fetch one page unless --all or --limit N.',
  },
  {
    kind: 'paragraph',
    text: 'Reports, where a command offers them (its --help lists its formats; --out FORMAT=FILE writes one to a file):',
  },
  {
    kind: 'terms',
    items: Object.entries(reportFormats).map(([name, what]): [string, string] => [`-o ${name}`, what]),
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
