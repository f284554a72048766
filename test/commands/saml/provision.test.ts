import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const TEAM = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const ALICE = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

const csv = [
  'name,email,organization_role,team,team_role',
  'Alice,alice@example.com,MEMBER,Payments,TEAM_ADMIN',
  'Alice,alice@example.com,MEMBER,,',
  '"Bob, Jr.",bob@example.com,TEAM_DEFINED,Payments,',
  'Eve,eve@elsewhere.example,GUEST,,',
].join('\n');

function provision(file: string, args: string[] = []) {
  return cli.run(['saml', 'provision', '-', ...args], { env: authEnv(), stdin: file });
}

function stubLookups() {
  cli
    .stub('ListTeams', { query: { no_members: true } })
    .reply(200, ok([{ team_id: TEAM, team_name: 'Payments' }]));
  cli
    .stub('ListOrgRBACUsers', { query: { email: 'alice@example.com' } })
    .reply(200, ok([{ id_v2: ALICE, email: 'alice@example.com' }]));
  cli.stub('ListOrgRBACUsers', { query: { email: 'bob@example.com' } }).reply(200, ok([]));
  cli.stub('ListOrgRBACUsers', { query: { email: 'eve@elsewhere.example' } }).reply(200, ok([]));
}

const body = [
  {
    name: 'Alice',
    email: 'alice@example.com',
    organization_role: 'MEMBER',
    team_membership: [{ team_id: TEAM, role: 'TEAM_ADMIN' }],
  },
  {
    name: 'Bob, Jr.',
    email: 'bob@example.com',
    organization_role: 'TEAM_DEFINED',
    team_membership: [{ team_id: TEAM, role: 'TEAM_MEMBER' }],
  },
  { name: 'Eve', email: 'eve@elsewhere.example', organization_role: 'GUEST' },
];

describe('saml provision: a file that cannot be sent is refused before any request (exit 3)', () => {
  it.each([
    [
      'name,email,role\nA,a@example.com,MEMBER',
      'stdin:1: the header must name the columns name,email,organization_role,team,team_role',
    ],
    [
      'name,email,organization_role,team,team_role\nA,a@example,MEMBER,,',
      'stdin:2: email: "a@example" is not an e-mail address',
    ],
    [
      'name,email,organization_role,team,team_role\nA,a@example.com,ADMIN,,',
      'stdin:2: organization_role: "ADMIN" is not one of SUPER_ADMIN, POWER_USER, MEMBER, GUEST, TEAM_DEFINED',
    ],
    [
      'name,email,organization_role,team,team_role\nA,a@example.com,MEMBER,P,OWNER',
      'stdin:2: team_role: "OWNER" is not a team role',
    ],
    [
      'name,email,organization_role,team,team_role\nA,a@example.com,MEMBER,,\nA,a@example.com,GUEST,,',
      'stdin:3: a@example.com has the organization role MEMBER on line 2',
    ],
    [
      'name,email,organization_role,team,team_role\nA,a@example.com,MEMBER,,,extra',
      'stdin:2: expected 5 cells, found 6',
    ],
    [
      '- email: a@example.com\n  organization_role: MEMBER\n  delete: true\n',
      'stdin:1: [0]: unknown key "delete"',
    ],
    ['- email: a@example.com\n  organization_role: ADMIN\n', 'stdin:2: [0].organization_role'],
    ['[]', 'stdin:1: no users to provision'],
  ])('%j', async (file, message) => {
    const result = await provision(file);
    expect(result.code).toBe(3);
    expect(result.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(cli.calls()).toEqual([]);
  });

  // Latin-1 bytes, as a spreadsheet exports them: é is 0xE9, not UTF-8's C3 A9.
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const header = 'name,email,organization_role,team,team_role\n';

  it.each([
    [
      'a name',
      latin1(`${header}Alice,alice@example.com,MEMBER,,\nRen\u00e9e,renee@example.com,GUEST,,\n`),
      'stdin:3: not UTF-8 text: byte 0xE9 at column 4',
    ],
    [
      'an e-mail',
      latin1(`${header}Ren\u00e9e,ren\u00e9e@example.com,GUEST,,\n`),
      'stdin:2: not UTF-8 text: byte 0xE9 at column 4',
    ],
    [
      'a byte that never starts a character',
      Buffer.concat([
        Buffer.from(`${header}A,a@example.com,MEMBER,,\nB,b@`),
        Buffer.from([0xff]),
        Buffer.from('x.example,GUEST,,\n'),
      ]),
      'stdin:3: not UTF-8 text: byte 0xFF at column 5',
    ],
  ])(
    'refuses bytes that are not UTF-8 in %s at their line (exit 3), dry run or not',
    async (_what, bytes, message) => {
      for (const args of [[], ['--dry-run']]) {
        const result = await cli.run(['saml', 'provision', '-', ...args], { env: authEnv(), stdin: bytes });
        expect(result.stderr.split('\n')[0]).toBe(`error: ${message}`);
        expect(result.code).toBe(3);
        expect(cli.calls()).toEqual([]);
      }
    },
  );

  it('names the file and its line when the file is not UTF-8', async () => {
    const path = join(cli.configDir, 'people.csv');
    writeFileSync(path, latin1(`${header}Ren\u00e9e,renee@example.com,GUEST,,\n`));
    const result = await cli.run(['saml', 'provision', path], { env: authEnv() });
    expect(result.stderr.split('\n')[0]).toBe(`error: ${path}:2: not UTF-8 text: byte 0xE9 at column 4`);
    expect(result.code).toBe(3);
    expect(cli.calls()).toEqual([]);
  });

  it.each(['nïa@initech.example', 'nia..okafor@initech.example', 'nia@initech.c'])(
    'refuses an e-mail the write would refuse (%s) at its line, with --dry-run too',
    async (email) => {
      for (const args of [[], ['--dry-run']]) {
        const result = await provision(`${header}Nia,${email},MEMBER,,\n`, args);
        expect(result.stderr.split('\n')[0]).toBe(
          `error: stdin:2: email: ${JSON.stringify(email)} is not an e-mail address`,
        );
        expect(result.code).toBe(3);
        expect(cli.calls()).toEqual([]);
      }
    },
  );

  it('exits 5 naming a team nobody has, before sending', async () => {
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok([]));
    const result = await provision(
      'name,email,organization_role,team,team_role\nA,a@example.com,MEMBER,Nope,',
    );
    expect(result.code).toBe(5);
    expect(result.stderr.split('\n')[0]).toBe('error: no team is named Nope');
  });
});

describe('saml provision', () => {
  it('--dry-run checks the file, looks users up and prints what would be sent', async () => {
    stubLookups();
    const result = await provision(csv, ['--dry-run', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'Dry run: 3 user(s) checked as the write checks them; nothing was sent. ' +
        'The service may still reject e-mails of a domain not reserved to the organization.\n',
    );
    const rows = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(rows.map((r) => [r.result, r.value])).toEqual([
      ['would update', 'alice@example.com'],
      ['would create', 'bob@example.com'],
      ['would create', 'eve@elsewhere.example'],
    ]);
    expect(rows.map((r) => r.request)).toEqual(body);
  });

  it('prints created, updated and every rejection with its reason; exit 6 unless --allow-rejections', async () => {
    const answer = ok({
      users: [
        { idv2: ALICE, email: 'alice@example.com' },
        { idv2: 'new-bob', email: 'bob@example.com' },
      ],
      rejected_emails: ['eve@elsewhere.example'],
      rejected_org_roles: [],
      rejected_team_roles: [],
    });
    stubLookups();
    cli.stub('ProvisionSAMLUsers', { body }).reply(200, answer);
    const result = await provision(csv);
    expect(result.code).toBe(6);
    expect(result.stdout).toBe(
      `updated\tuser\talice@example.com\t${ALICE}\tMEMBER; Payments (TEAM_ADMIN)\n` +
        'created\tuser\tbob@example.com\tnew-bob\tTEAM_DEFINED; Payments (TEAM_MEMBER)\n' +
        'rejected\te-mail\teve@elsewhere.example\t\tthe domain is not reserved to the organization: not provisioned\n',
    );
    expect(result.stderr).toBe(
      '1 created, 1 updated, 1 rejected.\nwarning: the service rejected 1 e-mail(s) or role(s): see the rows marked rejected\n',
    );
    stubLookups();
    cli.stub('ProvisionSAMLUsers', { body }).reply(200, answer);
    expect((await provision(csv, ['--allow-rejections'])).code).toBe(0);
  });

  it('reads the service’s own shape as JSON', async () => {
    cli.stub('ListOrgRBACUsers', { query: { email: 'alice@example.com' } }).reply(200, ok([]));
    const json = JSON.stringify([
      {
        email: 'alice@example.com',
        organization_role: 'MEMBER',
        team_membership: [{ team_id: TEAM, role: 'TEAM_MEMBER' }],
      },
    ]);
    cli.stub('ProvisionSAMLUsers', { body: JSON.parse(json) }).reply(
      200,
      ok({
        users: [{ idv2: ALICE, email: 'alice@example.com' }],
        rejected_emails: [],
        rejected_org_roles: [],
        rejected_team_roles: [],
      }),
    );
    const result = await provision(json);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`created\tuser\talice@example.com\t${ALICE}\tMEMBER; ${TEAM} (TEAM_MEMBER)\n`);
  });
});
