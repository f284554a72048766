import { isOperationId, type OperationId, operations } from '@secscan/api/operations';
import { buildManifest, walk } from '../../src/commands/manifest.js';

/**
 * How the contract and fail-safe suites drive a read verb: the argument lists they run it with (each against
 * their fixtures: the vendor's examples, a service answering what the test says), or why they do not.
 */
export type ReadArguments = readonly (readonly string[])[] | { readonly skip: string };

/**
 * The arguments of every read verb (a verb whose operations are all GETs, found in the manifest), keyed by
 * its command path. A read verb of the manifest with neither arguments here nor a reason to skip it fails
 * test/unit/layout/read-commands.test.ts, which names it: a new read command reaches both suites.
 */
export const readArguments: Readonly<Record<string, ReadArguments>> = {
  'auth login': { skip: 'reads the token from standard input and writes a profile: test/commands/auth/' },
  'auth status': [[]],
  whoami: [[]],
  'tokens list': [[]],
  'roles list': [[], ['--access-token']],
  'scopes list': [[]],
  'scopes available': [[]],
  'users list': [['--email', 'example@qwiet.ai']],
  'users invitations': [[]],
  'teams list': [[]],
  'teams show': [['Team1']],
  'teams export': [[]],
  'teams config show': [['Team1']],
  'teams config merged': [['Team1']],
  'teams groups list': [['Team1']],
  'teams groups show': [['Team1', 'Group1']],
  'groups list': [[]],
  'groups show': [['Group1']],
  'apps list': [[]],
  'apps show': [['payments-api']],
  'apps branches': [[]],
  'apps scan-branches': [['payments-api']],
  'apps config show': [['payments-api']],
  'apps config merged': [['payments-api']],
  'app-groups list': [[]],
  'app-groups show': [['web']],
  'analyze-failures list': [[]],
  'analyze-failures show': [['3fa85f64-5717-4562-b3fc-2c963f66afa6']],
  'compounds list': [[]],
  'compounds show': [['shop'], ['shop', '--full']],
  'compounds scans': [['shop'], ['shop', '--streamlined']],
  'compounds branches': [['shop']],
  'compounds scan': [['shop', '7']],
  'compounds fixes-stats': [[]],
  'compounds sarif': [['shop', '--out', '-']],
  'findings list': [
    ['--app', 'payments-api'],
    ['--compound', 'shop'],
    [],
    ['--app', 'payments-api', '-o', 'sarif'],
    ['--app', 'payments-api', '-o', 'csv'],
  ],
  'findings summary': [[], ['--app', 'payments-api'], ['--app', 'payments-api', '--version', 'v1']],
  'findings show': [['--app', 'payments-api', '12']],
  'findings fix': [['--app', 'payments-api', '12']],
  'findings dataflow': {
    skip: 'reads a path outside the vendor document (ReadFindingDataflow): no example of it to run against; test/commands/findings/dataflow.test.ts and the null-answer suite drive it',
  },
  'findings comment list': [['--app', 'payments-api', '12']],
  'findings comment show': [['--app', 'payments-api', '12', '1']],
  'scans list': [['--app', 'payments-api']],
  'scans show': [['--app', 'payments-api', '12']],
  'scans report': [['--app', 'payments-api', '12']],
  'scans owasp': [['--app', 'payments-api', '12']],
  'scans compare': [['--app', 'payments-api', '--source', 'scan.1', '--target', 'scan.2']],
  'scans wait': {
    skip: 'waits on a scan until it ends (polls): its reads are the gate’s, driven by gateCommands and test/e2e/scans-wait*',
  },
  'reports cwe': [['--app', 'payments-api', '12', '--out', '-']],
  'reports owasp': [['--app', 'payments-api', '12', '--year', '2021', '--out', '-']],
  'reports pci': [['--app', 'payments-api', '12', '--out', '-']],
  'reports trends': [[]],
  stats: [[]],
  sbom: [
    ['--app', 'payments-api'],
    ['--app', 'payments-api', '--format', 'spdx'],
  ],
  'dependencies search': [['log4j']],
  'packages show': [['pkg:maven/commons-io/commons-io@2.5']],
  'sca packages': [['--app', 'payments-api']],
  'org config show': [[]],
  'org autofix show': [[]],
  'saml list': [[]],
  'saml show': [['corp-sso']],
  'searches list': [[]],
  'policies list': [[]],
  'policies show': [['default']],
  'policies diff': {
    skip: 'compares a rules file of the user’s with a stored policy: test/commands/policies/',
  },
  'ignores lint': { skip: 'reads an ignore file of the user’s: test/commands/ignores/' },
  'sandbox wait': {
    skip: 'asks the sandbox its ready file names (not the settings of the run) whether it answers, and prints nothing of the answer: test/commands/sandbox/wait.test.ts, test/e2e/sandbox-ready.test.ts',
  },
  sync: {
    skip: 'writes a database of the user’s, not stdout: test/e2e/sync.test.ts and test/commands/sync/ (an answer without its list is exit 8, nothing written)',
  },
  'backups list': [[]],
  'backups download': { skip: 'writes backup files to a directory: test/e2e/backups*' },
  'audit log': [['--year', '2026', '--month', '8', '--out', '-']],
  'audit scm-secrets': [['--by-project']],
  'webhook show': [[]],
  'webhook events': [[]],
  'integrations chat authorize': {
    skip: 'answers with a redirect to the chat service’s consent page, which it prints: test/commands/integrations/',
  },
  'integrations board authorize': {
    skip: 'answers with a redirect to the work board’s consent page, which it prints: test/commands/integrations/',
  },
  'integrations board status': [[]],
  'integrations board orgs': [[]],
  'integrations board show': [['payments-api']],
  'integrations board finding': [['payments-api', '12']],
  'integrations cloud creds show': [[]],
  'integrations cloud enrollment show': [['--org']],
};

/** Operations that read with a POST (the body is the question, nothing changes): a read verb may call them. */
const readsByPost: readonly OperationId[] = ['RetrievePackageInfo'];

/** The operations of every read verb of the manifest (every operation it declares is a GET, or a read). */
export async function readVerbOperations(): Promise<Map<string, OperationId[]>> {
  return new Map(
    walk((await buildManifest()).commands)
      .filter(
        ({ entry }) =>
          entry.kind === 'verb' &&
          (entry.operations ?? []).length > 0 &&
          (entry.operations ?? []).every(
            (id) => isOperationId(id) && (operations[id].method === 'GET' || readsByPost.includes(id)),
          ),
      )
      .map(({ words, entry }) => [words.join(' '), (entry.operations ?? []).filter(isOperationId)]),
  );
}

/** The command path of every read verb of the manifest. */
export async function readVerbs(): Promise<string[]> {
  return [...(await readVerbOperations()).keys()];
}

/**
 * Every read command the contract and fail-safe suites drive, with its arguments, in the manifest's order:
 * one list, so a read command added to one suite reaches the other.
 */
export async function readCommands(): Promise<string[][]> {
  return (await readVerbs()).flatMap((path) => {
    const args = readArguments[path];
    if (args === undefined || 'skip' in args) return [];
    return args.map((a) => [...path.split(' '), ...a]);
  });
}

/** Reads that gate (exit 1 when findings breach) or read a rules file the fail-safe suite writes. */
export const gateCommands: readonly string[][] = [
  [
    'scans',
    'compare',
    '--app',
    'payments-api',
    '--source',
    'scan.1',
    '--target',
    'scan.2',
    '--fail-on',
    'new',
  ],
  ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml'],
];
