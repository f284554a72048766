import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authEnv, useCli } from '../helpers/cli.js';

/**
 * Issue 18, item 5: every file a command reads from the user has a size limit (4 MiB), checked before it
 * is read whole, named in the error, with the exit code the command gives any unreadable input (3, or 2
 * for the options that report input as usage errors), and no request sent. A YAML or JSON file is parsed
 * so that it cannot run away: aliases, nesting and the number of values are limited.
 */
const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-input-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 40 MiB, sparse: its size says it is too big before a byte is read. */
const huge = join(dir, 'huge.yml');
writeFileSync(huge, '');
truncateSync(huge, 40 * 1024 * 1024);
/** Just over the limit, and full: the read stops at the limit. */
const over = join(dir, 'over.yml');
writeFileSync(over, `# ${'x'.repeat(4 * 1024 * 1024)}\n`);

/** [argv with FILE for the file, exit code, how the error names the input]. */
const readers: [string[], number, string][] = [
  [['scans', 'check', '--compound', 'shop', '--rules', 'FILE'], 3, '--rules'],
  [['rules', 'convert', 'FILE'], 3, 'rules file'],
  [['policies', 'push', 'FILE', '--name', 'gate'], 3, 'policy file'],
  [['policies', 'diff', 'gate', 'FILE'], 3, 'policy file'],
  [['teams', 'apply', 'FILE'], 3, 'FILE'],
  [['teams', 'config', 'patch', 'web', 'FILE'], 3, 'file'],
  [['org', 'config', 'patch', 'FILE'], 3, 'file'],
  [['org', 'config', 'set', 'FILE', '--yes'], 3, 'file'],
  [['apps', 'config', 'patch', 'payments-api', '--file', 'FILE'], 3, '--file'],
  [['apps', 'create', '--from-file', 'FILE'], 3, '--from-file'],
  [['saml', 'provision', 'FILE'], 3, 'FILE'],
  [['saml', 'reset-token', '--ids-from', 'FILE', '--yes'], 3, '--ids-from'],
  [['saml', 'create', 'okta', '--idp-metadata', 'FILE'], 3, '--idp-metadata'],
  [
    [
      ...['webhook', 'set', '--url', 'https://h.example.com/x', '--event', 'scan.finished'],
      ...['--auth', 'bearer', '--token-stdin', '--renewal', 'FILE'],
    ],
    3,
    '--renewal',
  ],
  [['auth', 'login', '--from-sl', 'FILE'], 3, '--from-sl'],
  [['findings', 'status', '--app', 'a', '--set', 'fixed', '--ids-from', 'FILE'], 2, '--ids-from'],
  [['packages', 'show', '--from-file', 'FILE'], 2, '--from-file'],
  [['api', 'PUT', '/orgs/{orgID}/configuration', '--input', 'FILE'], 2, '--input'],
  [['api', 'ListTeams', '-F', 'teamName=@FILE'], 2, '-F teamName'],
  [['config', 'set', 'ca_file', 'FILE'], 2, 'ca_file'],
];

/** How the error gives the size: a file's is known before it is read. */
const sized = (file: string) => (file === huge ? '40 MiB, more than' : '4194307 bytes, more than');

describe('an input file over 4 MiB is refused before it is read, naming the limit, and nothing is sent', () => {
  const cases = readers.flatMap(([argv, code, what]) =>
    [huge, over].map(
      (file) =>
        [
          `${argv.join(' ')} (${file === huge ? '40 MiB' : '4 MiB + 3 bytes'})`,
          argv,
          code,
          what,
          file,
        ] as const,
    ),
  );

  it.each(cases)('%s', async (_, argv, code, what, file) => {
    const r = await cli.run(
      argv.map((a) => a.replace('FILE', file)),
      { env: authEnv(), stdin: 'token\n' },
    );
    const label = what === 'FILE' ? file : `${what}: ${file}`;
    const size = sized(file);
    expect({ code: r.code, stdout: r.stdout, line: r.stderr.split('\n')[0] }).toEqual({
      code,
      stdout: '',
      line: `error: ${label} is ${size} the 4 MiB an input file may have`,
    });
    expect(cli.calls()).toEqual([]);
  });

  it('a device (--rules /dev/zero, which never ends) is refused before it is read: not a regular file', async () => {
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', '/dev/zero'], {
      env: authEnv(),
    });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      3,
      'error: --rules: cannot read /dev/zero: it is a character device, not a regular file',
    ]);
  });

  it('standard input over the limit: a file given as -, and a token', async () => {
    const stdin = 'x'.repeat(4 * 1024 * 1024 + 1);
    const rules = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', '-'], {
      env: authEnv(),
      stdin,
    });
    expect([rules.code, rules.stderr.split('\n')[0]]).toEqual([
      3,
      'error: --rules: standard input is longer than the 4 MiB an input file may have',
    ]);
    const login = await cli.run(['auth', 'login', '--with-token'], { stdin });
    expect([login.code, login.stderr.split('\n')[0]]).toEqual([
      3,
      'error: standard input is longer than the 4 MiB an input file may have',
    ]);
    expect(cli.calls()).toEqual([]);
  });
});
