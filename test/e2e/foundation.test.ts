import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan, secscanInTerminal, startSandbox } from './sandbox.js';

let sandbox: RunningSandbox;
let base: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox();
  base = { SECSCAN_BASE_URL: sandbox.baseUrl, SECSCAN_TOKEN: sandbox.token, PATH: process.env.PATH ?? '' };
});
afterAll(async () => {
  await sandbox?.stop();
});

const ansi = /\u001b\[/;

describe('output as a user sees it', () => {
  it('pipes tab-separated rows without header or colour', async () => {
    const res = await secscan(['tokens', 'list'], { ...base, FORCE_COLOR: '0' });
    expect(res.exitCode).toBe(0);
    const lines = String(res.stdout).trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines[0]).not.toMatch(/^ID\b/);
    for (const line of lines) expect(line.split('\t')).toHaveLength(6);
    expect(String(res.stdout)).not.toMatch(ansi);
  });

  it('prints an aligned table with a bold header on a terminal', async () => {
    const res = await secscanInTerminal(['tokens', 'list'], base);
    expect(res.exitCode).toBe(0);
    expect(String(res.stdout)).toMatch(/\u001b\[1mID\u001b\[22m/);
    expect(String(res.stdout).replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')).toMatch(/ID\s+LABEL\s+TYPE\s+ROLE/);
    expect(String(res.stdout)).toContain('CI pipeline');
  });

  it('prints full objects with -o json and only the named fields with --fields', async () => {
    const full = JSON.parse(String((await secscan(['roles', 'list', '-o', 'json'], base)).stdout));
    expect(full.find((r: { name: string }) => r.name === 'Super Admin').id_aliases).toEqual(['SUPER_ADMIN']);
    const some = JSON.parse(
      String((await secscan(['roles', 'list', '-o', 'json', '--fields', 'name,scope_count'], base)).stdout),
    );
    expect(Object.keys(some[0])).toEqual(['name', 'scope_count']);
  });

  it('never prints a token in tokens list, and redacts it from --debug', async () => {
    const list = await secscan(['tokens', 'list', '-o', 'json', '--debug'], base);
    expect(list.exitCode).toBe(0);
    expect(String(list.stderr)).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/api\/v4\/orgs\/[0-9a-f-]+\/tokens/);
    expect(String(list.stderr)).toMatch(/< 200/);
    for (const secret of [sandbox.token, ...sandbox.users.map((u) => u.token)]) {
      expect(String(list.stdout)).not.toContain(secret);
      expect(String(list.stderr)).not.toContain(secret);
    }
  });

  it('shows a created token once on stdout, never in --debug', async () => {
    const res = await secscan(
      [
        'tokens',
        'create',
        '--label',
        'e2e',
        '--role',
        sandbox.roles.ci as string,
        '--valid-for',
        '1h',
        '-o',
        'json',
        '--debug',
      ],
      base,
    );
    expect(res.exitCode).toBe(0);
    const created = JSON.parse(String(res.stdout));
    expect(created.value).toMatch(/^ey/);
    expect(String(res.stderr)).toContain('not shown again');
    expect(String(res.stderr)).not.toContain(created.value);
    const again = await secscan(['tokens', 'list', '-o', 'json'], base);
    expect(String(again.stdout)).not.toContain(created.value);
    const use = await secscan(['scopes', 'list', '-o', 'json'], { ...base, SECSCAN_TOKEN: created.value });
    expect(use.exitCode).toBe(0);
  });
});

describe('exit codes', () => {
  it('2 for a bad flag, with no request sent', async () => {
    const res = await secscan(
      ['tokens', 'create', '--label', 'x', '--role', 'r', '--valid-for', 'soon', '--debug'],
      base,
    );
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toMatch(/^error: invalid value for --valid-for: "soon"/m);
    expect(String(res.stderr)).not.toContain('> POST');
    const unknown = await secscan(['tokens', 'list', '--nope'], base);
    expect(unknown.exitCode).toBe(2);
    expect(String(unknown.stderr)).toContain("unknown option '--nope'");
  });

  it('3 without a token, and for an unreadable profile file', async () => {
    const iso = isolatedEnv();
    const res = await secscan(['tokens', 'list'], iso.env);
    expect(res.exitCode).toBe(3);
    expect(String(res.stderr)).toMatch(/^error: no token/m);
    writeFileSync(join(iso.dir, 'config.json'), '{ not json');
    const corrupt = await secscan(['tokens', 'list'], iso.env);
    expect(corrupt.exitCode).toBe(3);
    expect(String(corrupt.stderr)).toMatch(/^error: cannot read the configuration in .*config\.json/m);
    iso.cleanup();
  });

  it('4 for a role without the scope (403) and for an unknown token (401)', async () => {
    const guest = await secscan(['tokens', 'list'], { ...base, SECSCAN_TOKEN: sandbox.tokenOf('GUEST') });
    expect(guest.exitCode).toBe(4);
    expect(String(guest.stderr)).toMatch(/missing scope tokens:list.*403/);
    const forged = `${sandbox.token.slice(0, -4)}AAAA`;
    const bad = await secscan(['tokens', 'list'], { ...base, SECSCAN_TOKEN: forged });
    expect(bad.exitCode).toBe(4);
    expect(String(bad.stderr)).toContain('401');
  });

  it('5 for an unknown token id, 6 for a duplicate role or a built-in role', async () => {
    const missing = await secscan(
      ['tokens', 'delete', '00000000-0000-4000-8000-000000000000', '--yes'],
      base,
    );
    expect(missing.exitCode).toBe(5);
    const created = await secscan(['roles', 'create', '--name', 'E2E dup', '--scope', 'findings:list'], base);
    expect(created.exitCode).toBe(0);
    const dup = await secscan(
      ['roles', 'create', '--name', 'e2e DUP', '--scope', 'findings:list', '-o', 'json'],
      base,
    );
    expect(dup.exitCode).toBe(6);
    const envelope = JSON.parse(String(dup.stderr).trim().split('\n').pop() as string);
    expect(envelope.error).toMatchObject({
      code: 'CUSTOM_ROLE_CREATION_CONFLICT',
      status: 409,
      exit_code: 6,
    });
    const roles = JSON.parse(String((await secscan(['roles', 'list', '-o', 'json'], base)).stdout));
    const admin = roles.find((r: { name: string }) => r.name === 'Super Admin');
    expect((await secscan(['roles', 'delete', admin.id, '--yes'], base)).exitCode).toBe(6);
  });

  it('7 when the service cannot be reached', async () => {
    const res = await secscan(['tokens', 'list', '--retries', '0'], {
      ...base,
      SECSCAN_BASE_URL: 'http://127.0.0.1:1',
    });
    expect(res.exitCode).toBe(7);
    expect(String(res.stderr)).toMatch(/^error: ListTokens: cannot reach http:\/\/127\.0\.0\.1:1/m);
  });

  it('130 when interrupted during a request', async () => {
    const slow = await startSandbox(['--latency', '3000']);
    try {
      const child = secscan(['tokens', 'list'], {
        ...base,
        SECSCAN_BASE_URL: slow.baseUrl,
        SECSCAN_TOKEN: slow.token,
      });
      await new Promise((r) => setTimeout(r, 1000));
      child.kill('SIGINT');
      const res = await child;
      expect(res.exitCode).toBe(130);
    } finally {
      await slow.stop();
    }
  });
});

describe('profiles', () => {
  it('auth login verifies and saves a 0600 profile that later commands use; status masks the token', async () => {
    const iso = isolatedEnv();
    const login = await secscan(
      ['auth', 'login', '--profile', 'e2e', '--base-url', sandbox.baseUrl, '--with-token'],
      iso.env,
      {
        input: `${sandbox.token}\n`,
        stdin: undefined,
      },
    );
    expect(login.exitCode).toBe(0);
    expect(String(login.stderr)).toContain('Logged in');
    const file = join(iso.dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(iso.dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.e2e.org_id).toBe(sandbox.orgId);

    const list = await secscan(['tokens', 'list'], iso.env);
    expect(list.exitCode).toBe(0);
    const status = await secscan(['auth', 'status'], iso.env);
    expect(status.exitCode).toBe(0);
    expect(String(status.stdout)).toContain('****');
    expect(String(status.stdout) + String(status.stderr)).not.toContain(sandbox.token);
    const profiles = await secscan(['profiles', 'list'], iso.env);
    expect(String(profiles.stdout)).toMatch(/^\*\te2e\t/m);
    iso.cleanup();
  });

  it('a rejected token saves nothing (exit 4)', async () => {
    const iso = isolatedEnv();
    const res = await secscan(['auth', 'login', '--base-url', sandbox.baseUrl, '--with-token'], iso.env, {
      input: `${sandbox.token.slice(0, -4)}AAAA\n`,
      stdin: undefined,
    });
    expect(res.exitCode).toBe(4);
    const profiles = await secscan(['profiles', 'list', '-o', 'json'], iso.env);
    expect(profiles.stderr).toBe('');
    expect(JSON.parse(String(profiles.stdout))).toEqual([]);
    iso.cleanup();
  });

  it('takes the SHIFTLEFT_* variables and the org from the token claim', async () => {
    const iso = isolatedEnv({ SECSCAN_BASE_URL: sandbox.baseUrl, SHIFTLEFT_ACCESS_TOKEN: sandbox.token });
    const res = await secscan(['config', 'list', '-o', 'json'], iso.env);
    const rows = JSON.parse(String(res.stdout));
    expect(rows.find((r: { key: string }) => r.key === 'org_id')).toMatchObject({
      value: sandbox.orgId,
      source: 'token claim',
    });
    expect(rows.find((r: { key: string }) => r.key === 'token').source).toBe('$SHIFTLEFT_ACCESS_TOKEN');
    expect((await secscan(['whoami'], iso.env)).exitCode).toBe(0);
    iso.cleanup();
  });
});

describe('the service account rule', () => {
  it('lets a service account create only CI access tokens, with the service message otherwise', async () => {
    const env = { ...base, SECSCAN_TOKEN: sandbox.tokens.serviceAccount as string };
    const ok = await secscan(
      ['tokens', 'create', '--label', 'sa-ci', '--role', sandbox.roles.ci as string],
      env,
    );
    expect(ok.exitCode).toBe(0);
    const refused = await secscan(
      [
        'tokens',
        'create',
        '--label',
        'sa-int',
        '--role',
        sandbox.roles.jira as string,
        '--type',
        'integration',
      ],
      env,
    );
    expect(refused.exitCode).toBe(4);
    expect(String(refused.stderr)).toContain(
      'a service account token can only create access tokens with the CI token role',
    );
  });
});

describe('roles, scopes and raw calls', () => {
  it('creates, updates and deletes a custom role', async () => {
    const created = JSON.parse(
      String(
        (
          await secscan(
            ['roles', 'create', '--name', 'E2E triage', '--scope', 'findings:list', '-o', 'json'],
            base,
          )
        ).stdout,
      ),
    );
    const update = await secscan(
      ['roles', 'update', created.id, '--add-scope', 'teams:*', '-o', 'json'],
      base,
    );
    expect(update.exitCode).toBe(0);
    expect(JSON.parse(String(update.stdout)).scopes).toEqual(['findings:list', 'teams:*']);
    const unknown = await secscan(['roles', 'update', created.id, '--add-scope', 'comments:*'], base);
    expect([unknown.exitCode, String(unknown.stderr).split('\n')[0]]).toEqual([
      2,
      'error: unknown scope "comments:*" for --add-scope: the organization does not offer it',
    ]);
    expect((await secscan(['roles', 'delete', created.id], base)).exitCode).toBe(2);
    expect((await secscan(['roles', 'delete', created.id, '--yes'], base)).exitCode).toBe(0);
    expect((await secscan(['roles', 'delete', created.id, '--yes'], base)).exitCode).toBe(5);
  });

  it('lists the caller’s scopes and the available ones', async () => {
    const mine = await secscan(['scopes', 'list', '--fields', 'scope'], {
      ...base,
      SECSCAN_TOKEN: sandbox.tokenOf('GUEST'),
    });
    expect(String(mine.stdout).split('\n')).toContain('reports:read');
    const all = await secscan(['scopes', 'available', '-o', 'ndjson'], base);
    expect(String(all.stdout).trim().split('\n').length).toBeGreaterThan(40);
  });

  it('api prints the body as received and fills {orgID}', async () => {
    const res = await secscan(['api', 'GET', '/orgs/{orgID}/roles'], base);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(String(res.stdout))).toMatchObject({ ok: true });
    const denied = await secscan(['api', 'GET', '/orgs/{orgID}/tokens'], {
      ...base,
      SECSCAN_TOKEN: sandbox.tokenOf('GUEST'),
    });
    expect(denied.exitCode).toBe(4);
    expect(JSON.parse(String(denied.stdout))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});
