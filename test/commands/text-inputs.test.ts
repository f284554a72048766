import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, useCli } from '../helpers/cli.js';

const cli = useCli();

/** Text as a Latin-1 editor saves it: é is the byte 0xE9, never UTF-8's C3 A9. */
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * Every file or standard input read as text. Bytes that are not UTF-8 would reach the request as U+FFFD
 * (a name, an e-mail, a setting changed behind the user's back): each is refused at its line, exit 3,
 * before any request.
 */
describe('text inputs that are not UTF-8 are refused at their line (exit 3, no request)', () => {
  const cases: [string, (file: string) => string[], string, string][] = [
    [
      'teams apply',
      (f) => ['teams', 'apply', f],
      'teams:\n  - name: Caf\u00e9\n',
      ':2: not UTF-8 text: byte 0xE9 at column 14',
    ],
    [
      'saml reset-token --ids-from',
      (f) => ['saml', 'reset-token', '--ids-from', f, '--yes'],
      'a@example.com\nren\u00e9e@example.com\n',
      ':2: not UTF-8 text: byte 0xE9 at column 4',
    ],
    [
      'findings status --ids-from',
      (f) => ['findings', 'status', '--app', 'a', '--set', 'fixed', '--ids-from', f],
      '12\n# r\u00e9vision\n13\n',
      ':2: not UTF-8 text: byte 0xE9 at column 4',
    ],
    [
      'org config set',
      (f) => ['org', 'config', 'set', f, '--yes'],
      'sso_name: initech\nsession_timeout_hours: 8 # d\u00e9faut\n',
      ':2: not UTF-8 text: byte 0xE9 at column 29',
    ],
    [
      'policies push',
      (f) => ['policies', 'push', f, '--name', 'p'],
      '# r\u00e8gles\nrules: []\n',
      ':1: not UTF-8 text: byte 0xE8 at column 4',
    ],
    [
      'scans check --rules',
      (f) => ['scans', 'check', '--compound', 'shop', '--rules', f],
      'rules:\n  - id: crit\u00e8re\n',
      ':2: not UTF-8 text: byte 0xE8 at column 13',
    ],
    [
      'rules convert',
      (f) => ['rules', 'convert', f],
      'rules:\n  - id: crit\u00e8re\n',
      ':2: not UTF-8 text: byte 0xE8 at column 13',
    ],
    [
      'apps config set --file',
      (f) => ['apps', 'config', 'set', 'a', '--file', f],
      'default_branch: ma\u00eftre\n',
      ':1: not UTF-8 text: byte 0xEF at column 19',
    ],
    [
      'apps create --from-file',
      (f) => ['apps', 'create', '--from-file', f],
      '- id: cafe\n  name: Caf\u00e9\n',
      ':2: not UTF-8 text: byte 0xE9 at column 12',
    ],
    [
      'packages show --from-file',
      (f) => ['packages', 'show', '--from-file', f],
      'pkg:npm/caf\u00e9@1.0.0\n',
      ':1: not UTF-8 text: byte 0xE9 at column 12',
    ],
    [
      'api -F key=@file',
      (f) => ['api', 'POST', '/orgs/{orgID}/saved-searches', '-F', `search_name=@${f}`],
      'Caf\u00e9\n',
      ':1: not UTF-8 text: byte 0xE9 at column 4',
    ],
  ];

  it.each(cases)('%s', async (_name, argv, text, message) => {
    const file = join(cli.configDir, 'input.txt');
    writeFileSync(file, latin1(text));
    const result = await cli.run(argv(file), { env: authEnv() });
    expect(result.stderr.split('\n')[0]).toBe(`error: ${file}${message}`);
    expect(result.code).toBe(3);
    expect(cli.calls()).toEqual([]);
  });

  it.each(cases.filter(([name]) => ['teams apply', 'org config set', 'rules convert'].includes(name)))(
    '%s from standard input',
    async (_name, argv, text, message) => {
      const result = await cli.run(argv('-'), { env: authEnv(), stdin: latin1(text) });
      expect(result.stderr.split('\n')[0]).toMatch(new RegExp(`^error: <?stdin>?${message}$`));
      expect(result.code).toBe(3);
      expect(cli.calls()).toEqual([]);
    },
  );

  it('auth login --with-token: a token that is not UTF-8 is refused before it is verified', async () => {
    const result = await cli.run(['auth', 'login', '--with-token'], {
      env: { SECSCAN_BASE_URL: 'http://127.0.0.1:9' },
      stdin: Buffer.from([0x61, 0x62, 0xc3, 0x28, 0x0a]),
    });
    expect(result.stderr.split('\n')[0]).toBe('error: stdin:1: not UTF-8 text: byte 0xC3 at column 3');
    expect(result.code).toBe(3);
    expect(cli.calls()).toEqual([]);
  });
});
