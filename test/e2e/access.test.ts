import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isolatedEnv, type RunningSandbox, secscan, secscanInTerminal, startSandbox } from './sandbox.js';

let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
  config = isolatedEnv();
  env = { ...config.env, SECSCAN_BASE_URL: sandbox.baseUrl, SECSCAN_TOKEN: sandbox.token };
});
afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

const email = (role: string) => sandbox.users.find((u) => u.role === role)?.email as string;
const file = (name: string, text: string) => {
  const path = join(config.dir, name);
  writeFileSync(path, text);
  return path;
};
/** Requests the sandbox logged since `from` that changed something. */
const writesSince = (from: number) =>
  sandbox.log.slice(from).filter((l) => /^(POST|PUT|PATCH|DELETE) /.test(l));
const waitForLog = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('access as code: from an empty organization to three teams with teams apply, and back out with --prune', () => {
  let three: string;

  it('empties the organization: --prune deletes every team the file does not list (after --yes)', async () => {
    const empty = file('empty.yml', 'teams: []\n');
    const refused = await secscan(['teams', 'apply', empty, '--prune'], env);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain('confirmation needed; pass --yes');
    const res = await secscan(['teams', 'apply', empty, '--prune', '--yes'], env);
    expect(res.exitCode).toBe(0);
    expect(String(res.stdout).trim().split('\n')).toEqual([
      'Payments\tdelete\tteam\tPayments\t\t\tapplied',
      'Platform\tdelete\tteam\tPlatform\t\t\tapplied',
      'Web\tdelete\tteam\tWeb\t\t\tapplied',
    ]);
    expect(String((await secscan(['teams', 'list'], env)).stdout)).toBe('');
  });

  it('creates three teams with apps, members and groups from one file', async () => {
    three = file(
      'access.yml',
      [
        'teams:',
        '  - name: Payments',
        '    apps: [payments-api, ledger-service]',
        '    members:',
        `      ${email('LEGACY_COLLABORATOR')}: TEAM_MANAGER`,
        `      ${email('TEAM_DEFINED')}:`,
        '    groups:',
        '      Security Champions: TEAM_ADMIN',
        '  - name: Web',
        '    apps: [web-frontend]',
        '    members:',
        `      ${email('MEMBER')}: TEAM_ADMIN`,
        `      ${email('POWER_USER')}: Release Manager`,
        '    groups:',
        '      developers: TEAM_MEMBER',
        '  - name: Platform',
        '    apps: [shiftleft-java-demo, docs-site]',
        '    members:',
        `      ${email('GUEST')}: TEAM_GUEST`,
        '',
      ].join('\n'),
    );
    const plan = await secscan(['teams', 'apply', three, '--dry-run'], env);
    expect(plan.exitCode).toBe(0);
    expect(String(plan.stderr)).toBe('Dry run: 15 changes to 3 teams; nothing was changed.');
    const res = await secscan(['teams', 'apply', three], env);
    expect(res.exitCode).toBe(0);
    expect(String(res.stderr)).toBe('Applied 15 changes to 3 teams.');
    const rows = String(res.stdout).trim().split('\n');
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.endsWith('\tapplied'))).toBe(true);
    expect(rows).toContain(`Payments\tadd\tmember\t${email('TEAM_DEFINED')}\t\tTEAM_MEMBER\tapplied`);
    expect(rows).toContain('Web\tadd\tgroup\tDevelopers\t\tTEAM_MEMBER\tapplied');
  });

  it('a second apply of the same file prints "No changes." and sends no write', async () => {
    await waitForLog();
    const from = sandbox.log.length;
    const res = await secscan(['teams', 'apply', three], env);
    expect(res.exitCode).toBe(0);
    expect(String(res.stdout)).toBe('');
    expect(String(res.stderr)).toBe('No changes.');
    await waitForLog();
    expect(writesSince(from)).toEqual([]);
  });

  it('export writes what apply made, and applying the export changes nothing', async () => {
    const res = await secscan(['teams', 'export'], env);
    expect(res.exitCode).toBe(0);
    const exported = parse(String(res.stdout));
    expect(exported.teams.map((t: { name: string }) => t.name)).toEqual(['Payments', 'Platform', 'Web']);
    expect(exported.teams[2]).toEqual({
      name: 'Web',
      apps: ['web-frontend'],
      members: { [email('MEMBER')]: 'TEAM_ADMIN', [email('POWER_USER')]: 'Release Manager' },
      groups: { Developers: 'TEAM_MEMBER' },
    });
    const again = await secscan(['teams', 'apply', file('exported.yml', String(res.stdout)), '--prune'], env);
    expect(String(again.stderr)).toBe('No changes.');
  });

  it('moves an app between teams and changes a role, printing the plan on a terminal', async () => {
    const moved = file(
      'moved.yml',
      [
        'teams:',
        '  - name: Web',
        '    apps: [web-frontend, docs-site]',
        '    members:',
        `      ${email('MEMBER')}: TEAM_MEMBER`,
        '',
      ].join('\n'),
    );
    const term = await secscanInTerminal(['teams', 'apply', moved, '--dry-run', '--no-color'], env);
    expect(String(term.stdout)).toContain('team Web\r\n  > move app docs-site from team Platform\r\n');
    expect(String(term.stdout)).toContain(`  ~ member ${email('MEMBER')}: TEAM_ADMIN -> TEAM_MEMBER`);
    const res = await secscan(['teams', 'apply', moved, '-o', 'json'], env);
    expect(
      JSON.parse(String(res.stdout)).map(
        (c: { action: string; status: string }) => `${c.action} ${c.status}`,
      ),
    ).toEqual(['move applied', 'change applied']);
    const platform = JSON.parse(
      String((await secscan(['teams', 'show', 'Platform', '-o', 'json'], env)).stdout),
    );
    expect(platform.applications).toEqual(['shiftleft-java-demo']);
  });

  it('a stale --version is a conflict (exit 6) and changes nothing', async () => {
    const res = await secscan(['teams', 'delete', 'Web', '--version', '1', '--yes'], env);
    expect(res.exitCode).toBe(6);
    expect(String(res.stderr)).toMatch(
      /^error: DeleteTeam: team Web is at version \d+, not 1 \(HTTP 409 TEAM_VERSION_CONFLICT\)\nhint: /,
    );
  });

  it('backs out with --prune: every team is deleted', async () => {
    const res = await secscan(
      ['teams', 'apply', file('none.yml', 'teams: []\n'), '--prune', '--yes', '-o', 'json'],
      env,
    );
    expect(res.exitCode).toBe(0);
    expect(
      JSON.parse(String(res.stdout)).map((c: { team: string; action: string }) => `${c.action} ${c.team}`),
    ).toEqual(['delete Payments', 'delete Platform', 'delete Web']);
    expect(String((await secscan(['teams', 'list'], env)).stdout)).toBe('');
    const apps = JSON.parse(String((await secscan(['apps', 'list', '-o', 'json'], env)).stdout));
    expect(apps.every((a: { team_id?: string }) => !a.team_id)).toBe(true);
  });
});

describe('teams, users and SAML against the sandbox', () => {
  it('creates a team, refuses an app of another team without --force, moves it with --force', async () => {
    const created = await secscan(
      ['teams', 'create', 'Mobile', '--app', 'payments-api', '--member', `${email('MEMBER')}:TEAM_ADMIN`],
      env,
    );
    expect(created.exitCode).toBe(0);
    const other = await secscan(['teams', 'create', 'Billing'], env);
    expect(other.exitCode).toBe(0);
    const refused = await secscan(['teams', 'update', 'Billing', '--add-app', 'payments-api'], env);
    expect(refused.exitCode).toBe(6);
    expect(String(refused.stderr)).toBe(
      'error: an app belongs to another team: payments-api (team Mobile)\nhint: --force moves it out of that team',
    );
    const moved = await secscan(['teams', 'update', 'Billing', '--add-app', 'payments-api', '--force'], env);
    expect(moved.exitCode).toBe(0);
    expect(String(moved.stderr)).toContain('Moved payments-api from team Mobile.');
  });

  it('a TEAM_DEFINED user lists only the apps of its teams', async () => {
    await secscan(['teams', 'update', 'Billing', '--add-member', email('TEAM_DEFINED')], env);
    const res = await secscan(['apps', 'list', '--fields', 'id'], {
      ...env,
      SECSCAN_TOKEN: sandbox.tokenOf('TEAM_DEFINED'),
    });
    expect(String(res.stdout)).toBe('payments-api');
  });

  it('looks users up by e-mail; refuses to list without one', async () => {
    const res = await secscan(
      ['users', 'list', '--email', email('MEMBER'), '--fields', 'email,org_role'],
      env,
    );
    expect(String(res.stdout)).toBe(`${email('MEMBER')}\tMEMBER`);
    const missing = await secscan(['users', 'list'], env);
    expect(missing.exitCode).toBe(2);
  });

  it('provisions SAML users from CSV, reports a rejected domain (exit 6), then resets a token', async () => {
    const domain = email('MEMBER').split('@')[1];
    const csv = file(
      'people.csv',
      [
        'name,email,organization_role,team,team_role',
        `Nia,nia@${domain},MEMBER,Billing,TEAM_ADMIN`,
        'Out,out@elsewhere.example,GUEST,,',
      ].join('\n'),
    );
    const res = await secscan(['saml', 'provision', csv], env);
    expect(res.exitCode).toBe(6);
    expect(String(res.stdout)).toMatch(
      new RegExp(
        `^created\\tuser\\tnia@${domain}\\t[0-9a-f-]{36}\\tMEMBER; Billing \\(TEAM_ADMIN\\)\\nrejected\\te-mail\\tout@elsewhere.example\\t`,
      ),
    );
    const reset = await secscan(['saml', 'reset-token', `nia@${domain}`, '--yes'], env);
    expect(reset.exitCode).toBe(0);
    expect(String(reset.stderr)).toBe(`Reset the access token of nia@${domain}.`);
  });

  it('creates a SAML configuration from an XML file and prints the relay state', async () => {
    const xml = file(
      'idp.xml',
      '<?xml version="1.0"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp"/>\n',
    );
    const res = await secscan(
      ['saml', 'create', 'okta', '--idp-metadata', xml, '--allow-idp-initiated-logins'],
      env,
    );
    expect(res.exitCode).toBe(0);
    expect(String(res.stderr)).toMatch(
      /^Created SAML configuration okta\.\nSet the IdP's default relay state to: \S+$/,
    );
    const list = await secscan(['saml', 'list', '--fields', 'name'], env);
    expect(String(list.stdout)).toBe('corp-sso\nokta');
  });
});

describe('the access guide’s file (docs/guide/access.md)', () => {
  let fresh: RunningSandbox;
  let freshEnv: Record<string, string>;
  const guide = readFileSync(fileURLToPath(new URL('../../docs/guide/access.md', import.meta.url)), 'utf8');
  const section = guide.slice(guide.indexOf('## Access as code'), guide.indexOf('## SAML'));
  const access = /```yaml\n# access\.yml\n([\s\S]*?)```/.exec(section)?.[1] as string;
  const plan = /reads like this[\s\S]*?```\n([\s\S]*?)```/.exec(section)?.[1] as string;

  beforeAll(async () => {
    fresh = await startSandbox();
    freshEnv = { ...config.env, SECSCAN_BASE_URL: fresh.baseUrl, SECSCAN_TOKEN: fresh.token };
  });
  afterAll(async () => {
    await fresh?.stop();
  });

  it('plans what the guide shows against a fresh sandbox, then applies and backs out as it says', async () => {
    const path = file('readme-access.yml', access);
    const term = await secscanInTerminal(
      ['teams', 'apply', path, '--prune', '--dry-run', '--no-color'],
      freshEnv,
    );
    expect(String(term.stdout).replace(/\r\n/g, '\n')).toContain(plan);
    const none = file('readme-none.yml', 'teams: []\n');
    expect((await secscan(['teams', 'apply', none, '--prune', '--yes'], freshEnv)).exitCode).toBe(0);
    const applied = await secscan(['teams', 'apply', path], freshEnv);
    expect(applied.exitCode).toBe(0);
    expect(String((await secscan(['teams', 'apply', path], freshEnv)).stderr)).toBe('No changes.');
    expect((await secscan(['teams', 'apply', none, '--prune', '--yes'], freshEnv)).exitCode).toBe(0);
    expect(String((await secscan(['teams', 'list'], freshEnv)).stdout)).toBe('');
  });

  it('provisions the guide’s CSV (one e-mail rejected, exit 6) and resets the provisioned user’s token', async () => {
    const saml = guide.slice(guide.indexOf('## SAML'));
    const csv = file('people.csv', /```csv\n([\s\S]*?)```/.exec(saml)?.[1] as string);
    await secscan(['teams', 'apply', file('readme-access-2.yml', access)], freshEnv);
    const dry = await secscan(['saml', 'provision', csv, '--dry-run'], freshEnv);
    expect(dry.exitCode).toBe(0);
    const res = await secscan(['saml', 'provision', csv], freshEnv);
    expect(res.exitCode).toBe(6);
    expect(
      String(res.stdout)
        .split('\n')
        .map((l) => l.split('\t').slice(0, 3).join(' ')),
    ).toEqual(['created user nia@initech.example', 'rejected e-mail sam@partner.example']);
    const reset = await secscan(['saml', 'reset-token', 'nia@initech.example', '--yes'], freshEnv);
    expect(reset.exitCode).toBe(0);
  });
});
