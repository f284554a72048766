import {
  findingStatuses,
  findingTypes,
  scanLanguages,
  scanPlatforms,
  severities,
} from '../../api/schemas/findings.js';
import { defineNoun, type OptionSpec } from '../types.js';
import { diffs, sorts } from './query.js';

const app = { flags: '--app <id>', description: 'the app the finding belongs to (required)' };
const idsFrom = {
  flags: '--ids-from <file>',
  description:
    'also read finding ids from FILE, or - for stdin: one a line, or a JSON array (of ids or findings)',
};

const listOptions: OptionSpec[] = [
  {
    flags: '--app <id>',
    description: 'findings of an app (its latest scan unless --scan, --version, --branch)',
  },
  { flags: '--compound <name>', description: 'findings of a compound (its latest compound scan)' },
  {
    flags: '--severity <level>',
    description: 'only these severities (repeatable)',
    choices: severities,
    repeatable: true,
  },
  {
    flags: '--status <status>',
    description:
      'only these statuses (repeatable; the app and organization lists default to unset, the compound list to every status)',
    choices: [...findingStatuses, 'any'],
    repeatable: true,
  },
  {
    flags: '--type <type>',
    description: 'only these types (repeatable)',
    choices: findingTypes,
    repeatable: true,
  },
  { flags: '--category <name>', description: 'only this category, e.g. "SQL Injection"' },
  { flags: '--assignee <email>', description: 'only findings assigned to EMAIL (not with --assignment)' },
  {
    flags: '--assignment <state>',
    description: 'assigned or unassigned findings (not with --assignee)',
    choices: ['assigned', 'unassigned'],
  },
  {
    flags: '--tag <key=value>',
    description: 'only scans with this tag, e.g. branch=main (repeatable)',
    repeatable: true,
  },
  {
    flags: '--finding-tag <key__op__value>',
    description:
      'only findings whose tag matches, e.g. cvss_score__gte__7 (at most 20; operators eq, ne, contains, in, lt, gte, ... with --compound; eq elsewhere)',
    repeatable: true,
  },
  {
    flags: '--search <text>',
    description: 'title or description contains TEXT, any case (at most 5, all must match)',
    repeatable: true,
  },
  {
    flags: '--sort <field>',
    description: 'sort field (default id, newest first)',
    choices: sorts,
  },
  { flags: '--order <order>', description: 'sort order', choices: ['asc', 'desc'] },
  { flags: '--scan <id>', description: 'the scan to list (--app; default the latest)' },
  { flags: '--version <version>', description: 'the latest scan of this code version' },
  { flags: '--branch <name>', description: 'the latest scan of this branch' },
  {
    flags: '--polyglot-scan <id>',
    description: 'the compound scan to list (--compound; default the latest)',
  },
  {
    flags: '--scan-platform <platform>',
    description: '--compound: element scans of one platform',
    choices: scanPlatforms,
  },
  {
    flags: '--scan-language <language>',
    description: '--compound: element scans of one language',
    choices: scanLanguages,
  },
  { flags: '--reachable', description: '--compound: only reachable findings' },
  { flags: '--exploitable', description: '--compound: only exploitable findings' },
  { flags: '--has-ai-fix', description: '--compound: only findings with an AI fix' },
  {
    flags: '--source <ref>',
    description: 'compare with this scan: scan.<number> or tag.<key>=<value> (with --diff)',
  },
  {
    flags: '--diff <kind>',
    description: 'findings of this kind against --source',
    choices: diffs,
  },
  { flags: '--per-page <n>', description: 'findings per request, 1 to 250 (default 50; 250 with --all)' },
  { flags: '--page <n>', description: 'one page of results (prefer --all or --limit)' },
  { flags: '--all', description: 'fetch every page (follows next_page)' },
  { flags: '--limit <n>', description: 'stop after N findings' },
];

export default defineNoun({
  name: 'findings',
  summary: 'List, filter, triage and comment on findings; export SARIF',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List findings of an app, a compound or the organization',
      description:
        'List findings of an app (--app), a compound (--compound), or the whole organization (--org, or neither)\n' +
        '(the latest default-branch scan of each app; --org UUID also names another organization).\n' +
        'The same flags mean the same thing at every level; secscan maps them to each operation’s parameters.\n' +
        'Without --all or --limit one page is fetched. -o ndjson, csv and sarif stream as pages arrive.',
      options: listOptions,
      outputs: ['sarif'],
      examples: [
        'secscan findings list --app shiftleft-java-demo --severity critical --severity high',
        'secscan findings list --compound shop --finding-tag cvss_score__gte__7 --sort severity --order desc --all',
        'secscan findings list --app shiftleft-java-demo --source scan.1002 --diff new',
        'secscan findings list --app shiftleft-java-demo --all -o sarif > findings.sarif',
        'secscan findings list --org --status any --assignment unassigned --limit 100 -o csv',
      ],
      load: () => import('./list.js'),
    },
    {
      name: 'show',
      summary: 'Show one finding in detail',
      args: [{ name: 'finding-id', description: 'the finding id (from `findings list`)', required: true }],
      options: [app],
      examples: [
        'secscan findings show --app shiftleft-java-demo 12',
        'secscan findings show --app shiftleft-java-demo 12 -o json',
      ],
      load: () => import('./show.js'),
    },
    {
      name: 'status',
      summary: 'Set the status of findings (each change also adds a comment)',
      description:
        'Set the status of one or more findings. One id uses the single-finding operation; several ids (or\n' +
        '--ids-from) use the bulk operation in batches of 100. --comment is attached to each status change\n' +
        '(one request per finding). Prints what changed; ids the app does not have are reported (exit 5).',
      args: [{ name: 'finding-id', description: 'finding ids', variadic: true }],
      options: [
        app,
        {
          flags: '--set <status>',
          description:
            'fixed, ignore, codeviolationfixed, codeviolationignore, codeviolationremovestatus, or none (clears it)',
        },
        { flags: '--comment <text>', description: 'the text of the comment the status change adds' },
        idsFrom,
      ],
      examples: [
        'secscan findings status --app shiftleft-java-demo --set fixed --comment "fixed in #123" 12',
        'secscan findings status --app shiftleft-java-demo --set ignore 12 14 15',
        "secscan findings list --app shiftleft-java-demo --severity low -o json | jq '[.[].id]' | secscan findings status --app shiftleft-java-demo --set ignore --ids-from -",
      ],
      load: () => import('./status.js'),
    },
    {
      name: 'assign',
      summary: 'Assign findings to someone, or unassign them',
      args: [{ name: 'finding-id', description: 'finding ids', variadic: true }],
      options: [
        app,
        { flags: '--to <email>', description: 'the assignee’s e-mail address' },
        { flags: '--none', description: 'remove the assignee' },
        idsFrom,
      ],
      examples: [
        'secscan findings assign --app shiftleft-java-demo --to dev@example.com 12 13',
        'secscan findings assign --app shiftleft-java-demo --none 12',
      ],
      load: () => import('./assign.js'),
    },
    {
      name: 'comment',
      summary: 'Add, list and show comments on a finding',
      verbs: [
        {
          name: 'add',
          summary: 'Add a comment to a finding',
          args: [
            { name: 'finding-id', description: 'the finding id', required: true },
            { name: 'text', description: 'the comment', required: true },
          ],
          options: [app],
          examples: ['secscan findings comment add --app shiftleft-java-demo 12 "Fix scheduled for 2.4"'],
          load: () => import('./comment-add.js'),
        },
        {
          name: 'list',
          aliases: ['ls'],
          summary: 'List the comments on a finding, oldest first',
          args: [{ name: 'finding-id', description: 'the finding id', required: true }],
          options: [app],
          examples: ['secscan findings comment list --app shiftleft-java-demo 12'],
          load: () => import('./comment-list.js'),
        },
        {
          name: 'show',
          summary: 'Show one comment',
          args: [
            { name: 'finding-id', description: 'the finding id', required: true },
            { name: 'comment-id', description: 'the comment id', required: true },
          ],
          options: [app],
          examples: ['secscan findings comment show --app shiftleft-java-demo 12 3'],
          load: () => import('./comment-show.js'),
        },
      ],
    },
    {
      name: 'fix',
      summary: 'Show the recommended fix of a finding',
      args: [{ name: 'finding-id', description: 'the finding id', required: true }],
      options: [
        app,
        {
          flags: '--applied',
          description:
            'read the fix generated for the finding instead (a feature the vendor enables on request)',
        },
      ],
      examples: [
        'secscan findings fix --app shiftleft-java-demo 12',
        'secscan findings fix --app shiftleft-java-demo 12 --applied -o json',
      ],
      load: () => import('./fix.js'),
    },
    {
      name: 'summary',
      summary: 'Totals by type, severity and category (and by app, organization-wide)',
      description:
        'Without --app: the organization’s totals and one row per app. With --app: the totals of the app’s\n' +
        'latest scanned version, or of --version.',
      options: [
        { flags: '--app <id>', description: 'one app' },
        { flags: '--version <version>', description: 'with --app: this code version' },
        { flags: '--type <type>', description: 'only this finding type (repeatable)', repeatable: true },
        {
          flags: '--tag <key=value>',
          description: 'organization: only scans with this tag (repeatable)',
          repeatable: true,
        },
        { flags: '--default-branch', description: 'organization: only default-branch scans' },
      ],
      examples: [
        'secscan findings summary',
        'secscan findings summary --default-branch --type vuln',
        'secscan findings summary --app payments-api',
      ],
      load: () => import('./summary.js'),
    },
  ],
});
