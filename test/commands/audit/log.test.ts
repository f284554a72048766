import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const csv =
  'timestamp,user_email,action,path\r\n' +
  '2026-08-14T13:00:00Z,ada@example.com,CreateToken,/orgs/x/tokens\r\n' +
  '2026-08-14T15:00:00Z,"grace, admin\u001b[31m@example.com",DeleteToken,"/orgs/x/tokens/""1"""\r\n';
const asCsv = { headers: { 'content-type': 'application/csv' } };

describe('audit log: usage errors (exit 2, no request)', () => {
  it.each([
    [['audit', 'log', '--month', '8'], '--year is required'],
    [['audit', 'log', '--year', '2026'], '--month is required'],
    [
      ['audit', 'log', '--year', '2026', '--month', '13'],
      'invalid value for --month: "13" (expected a whole number from 1 to 12)',
    ],
    [
      ['audit', 'log', '--year', '26', '--month', '8'],
      'invalid value for --year: "26" (expected a whole number from 2000 to 2999)',
    ],
    [
      ['audit', 'log', '--year', '2026', '--month', '2', '--day', '30'],
      'invalid value for --day: 2026-02 has no day 30',
    ],
    [
      ['audit', 'log', '--year', '2026', '--month', '8', '--day', '0'],
      'invalid value for --day: "0" (expected a whole number from 1 to 31)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('audit log', () => {
  it('passes the CSV down a pipe exactly as received', async () => {
    cli.stub('DownloadAuditLog', { path: { auditYear: 2026, auditMonth: 8 } }).reply(200, csv, asCsv);
    const r = await cli.run(['audit', 'log', '--year', '2026', '--month', '8'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: csv, stderr: '' });
  });

  it('shows the day as a table on a terminal, the service’s text made safe', async () => {
    cli
      .stub('DownloadDailyAuditLog', { path: { auditYear: 2026, auditMonth: 8, auditDay: 14 } })
      .reply(200, csv, asCsv);
    const r = await cli.run(['audit', 'log', '--year', '2026', '--month', '8', '--day', '14'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TIMESTAMP\s+USER_EMAIL\s+ACTION\s+PATH$/);
    expect(lines[2]).toContain('grace, admin@example.com');
    expect(lines[2]).toContain('/orgs/x/tokens/"1"');
    expect(r.stdout).not.toContain('\u001b');
  });

  it('reads the CSV into rows for -o json', async () => {
    cli.stub('DownloadAuditLog', { path: { auditYear: 2026, auditMonth: 8 } }).reply(200, csv, asCsv);
    const r = await cli.run(['audit', 'log', '--year', '2026', '--month', '8', '-o', 'json'], {
      env: authEnv(),
    });
    expect(JSON.parse(r.stdout)).toEqual([
      {
        timestamp: '2026-08-14T13:00:00Z',
        user_email: 'ada@example.com',
        action: 'CreateToken',
        path: '/orgs/x/tokens',
      },
      {
        timestamp: '2026-08-14T15:00:00Z',
        user_email: 'grace, admin\u001b[31m@example.com',
        action: 'DeleteToken',
        path: '/orgs/x/tokens/"1"',
      },
    ]);
  });

  it('writes --out atomically', async () => {
    cli.stub('DownloadAuditLog', { path: { auditYear: 2026, auditMonth: 8 } }).reply(200, csv, asCsv);
    const out = join(cli.configDir, 'audit.csv');
    const r = await cli.run(['audit', 'log', '--year', '2026', '--month', '8', '--out', out], {
      env: authEnv(),
    });
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Wrote ${out} (${csv.length} B).\n` });
    expect(readFileSync(out, 'utf8')).toBe(csv);
  });

  it('says the feature is off until the vendor enables it, instead of a bare 403', async () => {
    cli
      .stub('DownloadAuditLog', { path: { auditYear: 2026, auditMonth: 8 } })
      .reply(403, { ok: false, code: 'FEATURE_DISABLED', message: 'not enabled' });
    const r = await cli.run(['audit', 'log', '--year', '2026', '--month', '8'], { env: authEnv() });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'error: the audit log is not available: the service keeps it off until the vendor enables it (HTTP 403 FEATURE_DISABLED: not enabled)\n' +
        'hint: ask the vendor’s customer success team to enable the audit log for this organization; once it is on, the token’s role also needs the scope org_audit_trail:read (see `secscan scopes list`)\n',
    );
  });

  it('refuses a JSON answer where CSV was expected (exit 8)', async () => {
    cli
      .stub('DownloadAuditLog', { path: { auditYear: 2026, auditMonth: 8 } })
      .reply(200, { ok: true, response: [] }, { headers: { 'content-type': 'application/json' } });
    const r = await cli.run(['audit', 'log', '--year', '2026', '--month', '8'], { env: authEnv() });
    expect([r.code, r.stdout]).toEqual([8, '']);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: the audit log of 2026-08: the service answered with application/json, beginning "{"ok":true,"response":[]}" where CSV was expected',
    );
  });
});
