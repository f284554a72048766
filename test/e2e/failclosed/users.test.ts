import { describe, expect, it } from 'vitest';
import { ok, orgId } from '../hostile.js';
import { secscanInTerminal } from '../sandbox.js';
import {
  answer,
  env,
  errorLines,
  html,
  poisonedService,
  rawInData,
  type Route,
  secscan,
  server,
  service,
  unsafe,
  useHostileService,
  writes,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan users`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['users', 'invitations'],
      ['ListOrgRBACInvitations', answer(html)],
      /^error: ListOrgRBACInvitations: the service answered with a body that is not JSON/,
    ],
    [
      ['users', 'list', '--email', 'a@example.com'],
      ['ListOrgRBACUsers', answer({ body: '{"ok":true,"response":[{"id_v2":"3111' })],
      /^error: ListOrgRBACUsers: the service answered with a body that is not JSON/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a list read whole follows next_page, with its checks: never page 1 taken for all', () => {
  const elsewhere = `/orgs/${orgId}/rbac/users`;

  it.each([[['users', 'invitations'], ok([{ email: 'i@example.com' }]), 'ListOrgRBACInvitations']] as const)(
    '%j: a next_page naming another list is exit 8',
    async (argv, body, op) => {
      server.answer = service([
        op,
        answer({ body: { ...body, next_page: `${server.baseUrl}${elsewhere}` } }),
      ]);
      const r = await secscan([...argv]);
      expect(r.exitCode).toBe(8);
      expect(r.stderr).toMatch(new RegExp(`^error: ${op}: next_page names another list`, 'm'));
    },
  );
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([[['users', 'list', '--email', 'a@example.com']], [['users', 'invitations']]])(
    '%j',
    async (argv) => {
      server.answer = poisonedService;
      const tsv = await secscan(argv);
      expect(tsv.exitCode).toBe(0);
      expect(tsv.stdout).not.toMatch(unsafe);
      expect(tsv.stderr).not.toMatch(unsafe);
      for (const format of ['json', 'yaml']) {
        const data = await secscan([...argv.filter((a) => a !== '-o' && a !== 'tsv'), '-o', format]);
        expect(data.exitCode).toBe(0);
        expect(data.stdout).not.toMatch(rawInData);
      }
      const table = await secscanInTerminal(
        [...argv.filter((a) => a !== '-o' && a !== 'tsv'), '--no-color'],
        env,
      );
      expect(String(table.stdout)).not.toMatch(/[\u0007\u009b\u202e\u200b]|\u001b\]52|\u001b\[2J/);
    },
  );

  it.each([[['users', 'update', 'a@example.com', '--role', 'MEMBER']]])(
    'the error of a refused %j is one clean line',
    async (argv) => {
      await expectRefusalClean(argv);
    },
  );
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [['users', 'list', '--email', 'nobody'], 2, 'invalid value for --email: "nobody"'],
    [['users', 'update', 'a@example.com', '--role', 'BOGUS'], 2, 'invalid value for --role: "BOGUS"'],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('a write whose answer is lost says its outcome is unknown and how to check (exit 7)', () => {
  const lost: [string[], string][] = [
    [
      ['users', 'update', 'a@example.com', '--role', 'MEMBER'],
      'check with `secscan users list --email a@example.com`',
    ],
    [['users', 'delete', 'a@example.com', '--yes'], 'check with `secscan users list --email a@example.com`'],
  ];

  it.each(lost)('%j', async (argv, hint) => {
    server.answer = (req) => (req.method === 'GET' ? service()(req) : { drop: true });
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    const [error, hintLine] = errorLines(r.stderr);
    expect(error).toMatch(/failed before an answer .*: the change may or may not have been applied$/);
    expect(hintLine).toContain(hint);
    expect(r.stderr).not.toContain('safe to retry');
    expect(writes(server).length).toBeGreaterThan(0);
  });

  it('a 503 to a PUT, retried to the end, is an unknown outcome too', async () => {
    server.answer = (req) =>
      req.method === 'GET'
        ? service()(req)
        : { status: 503, body: { ok: false, code: 'UNAVAILABLE', message: 'busy' } };
    const r = await secscan(['users', 'update', 'a@example.com', '--role', 'MEMBER', '--retries', '1']);
    expect(r.exitCode).toBe(7);
    expect(errorLines(r.stderr)).toEqual([
      'error: UpdateOrgUser: busy (HTTP 503 UNAVAILABLE); the outcome of the change is unknown',
      'hint: check with `secscan users list --email a@example.com` before retrying',
    ]);
  });
});
