import { Writable } from 'node:stream';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { BaseFormatName } from '../../../src/output/base/index.js';
import { renderList } from '../../../src/output/core/render.js';
import type { View } from '../../../src/output/core/view.js';
import { csvView } from '../../../src/output/views/audit.js';
import { policyView } from '../../../src/output/views/policies.js';
import { samlOutcomeView } from '../../../src/output/views/saml.js';
import { teamListView, teamMembersListView } from '../../../src/output/views/teams.js';
import { invitationView, userView } from '../../../src/output/views/users.js';
import { displayWidth } from '../../../src/streams/width.js';
import { OutputWriter } from '../../../src/output/core/writer.js';

/**
 * The views of the access, settings and audit commands as a person sees them: a table at 80 and at 200
 * columns, and the tab-separated rows a pipe gets (nothing cut), with the sandbox's kind of rows.
 */
type Row = Record<string, unknown>;

async function render<T extends object>(
  rows: T[],
  view: View<T>,
  width: number | undefined,
  format: BaseFormatName = 'table',
): Promise<{ lines: string[]; notes: string[] }> {
  let text = '';
  const stream = new Writable({
    write(chunk, _e, done) {
      text += chunk.toString();
      done();
    },
  });
  const notes: string[] = [];
  await renderList(rows, view, {
    format,
    fields: undefined,
    chalk: new Chalk({ level: 0 }),
    out: new OutputWriter(stream),
    width,
    note: (message) => notes.push(...(typeof message === 'string' ? [message] : message)),
  });
  return { lines: text.trimEnd().split('\n'), notes };
}

const fits = (lines: string[], width: number) =>
  expect(lines.filter((line) => displayWidth(line) > width)).toEqual([]);

const users: Row[] = [
  {
    id_v2: 'ebd5ef1d-0ade-4be1-82ef-b42aadf221fa',
    name: 'Barbara Hopper',
    email: 'member@initech.example',
    team_membership: [
      { team_id: '', role_aliases: ['MEMBER', 'TEAM_MEMBER'] },
      { team_id: 't1', team_name: 'Web', role_aliases: ['POWER_USER', 'TEAM_ADMIN'] },
    ],
  },
  {
    id_v2: 'a8828813-ceda-452a-8de4-4a24a78c531e',
    name: 'Ada Turing',
    email: 'collaborator@initech.example',
    team_membership: [
      { team_id: '', role_aliases: ['LEGACY_COLLABORATOR'] },
      { team_id: 't2', team_name: 'Payments', role_aliases: ['TEAM_MANAGER'] },
    ],
  },
];

describe('users list', () => {
  it('keeps e-mails and roles whole at 80 columns; the id gives way first, and the note fits too', async () => {
    const { lines, notes } = await render(users, userView, 80);
    fits([...lines, ...notes], 80);
    expect(lines[0]).toMatch(/^EMAIL +NAME +ORG ROLE +TEAMS$/);
    expect(lines[2]).toMatch(/^collaborator@initech\.example +Ada Turing +LEGACY_COLLABORATOR +Payments/);
    expect(notes.join(' ')).toBe(
      'Not shown at this width: ID (--fields chooses the columns; -o json shows everything).',
    );
  });

  it('shows every column whole at 200, and cuts nothing when piped', async () => {
    const wide = await render(users, userView, 200);
    expect(wide.lines[2]).toMatch(
      /^a8828813-ceda-452a-8de4-4a24a78c531e +collaborator@initech\.example +Ada Turing +LEGACY_COLLABORATOR +Payments \(TEAM_MANAGER\)$/,
    );
    expect(wide.notes).toEqual([]);
    const piped = await render(users, userView, undefined, 'tsv');
    expect(piped.lines[0]).toBe(
      'ebd5ef1d-0ade-4be1-82ef-b42aadf221fa\tmember@initech.example\tBarbara Hopper\tMEMBER\tWeb (TEAM_ADMIN)',
    );
  });
});

describe('users invitations', () => {
  const invitations: Row[] = [
    {
      email: 'contractor@partner.example',
      name: 'Contractor',
      role: '8984e21a-e5cf-4b9e-a0c9-e8eaea2cca0f',
      invited_utc_timestamp: 1707955200000000000,
    },
  ];

  it('names the role and keeps the date whole; the id is a field of its own', async () => {
    const names = new Map([['8984e21a-e5cf-4b9e-a0c9-e8eaea2cca0f', 'TEAM_DEFINED']]);
    const { lines } = await render(invitations, invitationView(names), 80);
    expect(lines[1]).toBe('contractor@partner.example  Contractor  TEAM_DEFINED  2024-02-15T00:00:00.000Z');
    // Without the role listing (a token that may not read roles): the id, whole, where it fits.
    const narrow = await render(invitations, invitationView(), 80);
    expect(narrow.notes.join(' ')).toContain('Not shown at this width: ROLE ');
    const { lines: ids } = await render(invitations, invitationView(), 120);
    expect(ids[1]).toContain('8984e21a-e5cf-4b9e-a0c9-e8eaea2cca0f');
  });
});

describe('policies list', () => {
  const rows: Row[] = [
    {
      name: 'default',
      tags: ['2', 'latest'],
      contentHash: 'aaa9d7eeb8aa5942a43d939c8711c8f94df15f67a6b8fc75becee27ddee0d058',
    },
  ];

  it('shows the beginning of the content hash at 80 columns, all of it at 200 and piped', async () => {
    const narrow = await render(rows, policyView, 80);
    fits(narrow.lines, 80);
    expect(narrow.lines[1]).toMatch(/^default {2}2, latest {2}aaa9d7eeb8aa5942a43d[0-9a-f]+…$/);
    expect((await render(rows, policyView, 200)).lines[1]).toContain(rows[0]?.contentHash);
    expect((await render(rows, policyView, undefined, 'tsv')).lines[0]).toBe(
      `default\t2, latest\t${rows[0]?.contentHash as string}`,
    );
  });
});

describe('audit log', () => {
  const header = ['timestamp', 'user_id', 'user_email', 'token_id', 'action', 'method', 'path', 'status'];
  const rows: Row[] = [
    {
      timestamp: '2026-08-14T13:00:00.000Z',
      user_id: '1165c449-300a-4d97-8c4b-34a88bc231b8',
      user_email: 'super-admin@initech.example',
      token_id: 'e6b9f032-1472-476b-894f-e60090105e9a',
      action: 'SetAppFindingStatus',
      method: 'POST',
      path: '/orgs/a00087fb-f747-4cb8-adfe-747d23673f27/apps/web-frontend/findings/2/status',
      status: '200',
    },
  ];

  it('keeps the time and the e-mail whole at 80 columns; the ids give way first', async () => {
    const { lines, notes } = await render(rows, csvView(header), 80);
    fits([...lines, ...notes], 80);
    expect(lines[0]).toMatch(/^TIMESTAMP +USER_EMAIL +ACTION +METHOD$/);
    expect(lines[1]).toMatch(/^2026-08-14T13:00:00\.000Z {2}super-admin@initech\.example {2}SetAppFinding/);
    expect(notes.join(' ')).toContain('Not shown at this width: USER_ID, TOKEN_ID, PATH, STATUS');
  });

  it('grows at 200 columns and is whole when piped', async () => {
    const wide = await render(rows, csvView(header), 200);
    expect(wide.lines[0]).toMatch(/^TIMESTAMP +USER_ID +USER_EMAIL +TOKEN_ID +ACTION +METHOD +PATH +STATUS$/);
    fits(wide.lines, 200);
    const piped = await render(rows, csvView(header), undefined, 'tsv');
    expect(piped.lines[0]).toBe(header.map((key) => rows[0]?.[key]).join('\t'));
  });
});

describe('saml reset-token and provision', () => {
  it('keep the e-mail whole at 80 columns', async () => {
    const rows: Row[] = [
      {
        result: 'refused',
        kind: 'user',
        value: 'a.very.long.address.of.someone@partner-company.example',
        user_id: 'ebd5ef1d-0ade-4be1-82ef-b42aadf221fa',
        detail: 'not a SAML user: the user signs in with a password, so there is no SAML token to reset',
      },
    ];
    const { lines } = await render(rows, samlOutcomeView, 80);
    fits(lines, 80);
    expect(lines[1]).toContain('a.very.long.address.of.someone@partner-company.example');
  });
});

describe('teams list', () => {
  const row: Row = {
    team_id: '91a41f11-d024-4546-a44b-8bec121c2cae',
    team_name: 'Payments',
    team_version: 3,
  };

  it('shows what the listing answers: id, name and version', async () => {
    expect((await render([row], teamListView, 80)).lines[0]).toMatch(/^ID +NAME +VERSION$/);
    expect((await render([row], teamListView, undefined, 'tsv')).lines[0]).toBe(
      '91a41f11-d024-4546-a44b-8bec121c2cae\tPayments\t3',
    );
  });

  it('--members counts the apps and members of each team read', async () => {
    const read: Row = {
      ...row,
      applications: ['payments-api', 'ledger-service'],
      members: [{ user_id_v2: 'a', team_role: 'TEAM_MEMBER' }],
    };
    expect((await render([read], teamMembersListView, 80)).lines[0]).toMatch(
      /^ID +NAME +VERSION +APPS +MEMBERS$/,
    );
    expect((await render([read], teamMembersListView, undefined, 'tsv')).lines[0]).toBe(
      '91a41f11-d024-4546-a44b-8bec121c2cae\tPayments\t3\t2\t1',
    );
    expect(teamMembersListView.emptyMessage).toBe(teamListView.emptyMessage);
  });
});
