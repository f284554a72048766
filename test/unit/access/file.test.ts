import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../../src/errors.js';
import { parseAccessFile } from '../../../src/access/file.js';

/** The access file's format, read without a service: what `teams apply` plans from. */
describe('parseAccessFile', () => {
  it('reads teams with apps, members (a role left out is the default) and groups; a key left out is unmanaged', () => {
    const file = parseAccessFile(
      'teams:\n  - name: web\n    apps: [payments-api]\n    members:\n      a@example.com: TEAM_ADMIN\n      b@example.com:\n  - name: mobile\n',
      'access.yml',
    );
    expect(file).toEqual({
      teams: [
        {
          name: 'web',
          apps: ['payments-api'],
          members: { 'a@example.com': 'TEAM_ADMIN', 'b@example.com': 'TEAM_MEMBER' },
        },
        { name: 'mobile' },
      ],
    });
  });

  it.each([
    ['teams:\n  - name: web\n  - name: WEB\n', 'access.yml:3: team WEB is listed again (first on line 2)'],
    [
      'teams:\n  - name: a\n    apps: [x]\n  - name: b\n    apps: [x]\n',
      'access.yml:5: app x is listed under team b and team a (line 3): an app belongs to one team',
    ],
    [
      'teams:\n  - name: a\n    members:\n      nobody: TEAM_ADMIN\n',
      'access.yml:4: member "nobody" is not an e-mail or a user id',
    ],
    ['teams:\n  - name: a\n    owner: x\n', 'access.yml:3: teams[0]: unknown key "owner"'],
    ['', 'access.yml:1: the file is empty: expected `teams:`'],
  ])('refuses %j at its line (a configuration error, exit 3)', (text, message) => {
    let error: unknown;
    try {
      parseAccessFile(text, 'access.yml');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ message, exitCode: ExitCode.config });
  });
});
