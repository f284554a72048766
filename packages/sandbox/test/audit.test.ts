import { describe, expect, it } from 'vitest';
import { raw } from './bytes.js';
import { call, useSandbox } from './harness.js';

const month = () => {
  const now = new Date();
  return {
    year: String(now.getUTCFullYear()),
    month: String(now.getUTCMonth() + 1),
    day: String(now.getUTCDate()),
  };
};

describe('sandbox: audit log, off as on the service', () => {
  const sandbox = useSandbox();

  it('answers 403 FEATURE_DISABLED until the vendor enables it (--audit-log)', async () => {
    const res = await call(sandbox(), 'DownloadAuditLog', { params: { auditYear: '2026', auditMonth: '8' } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ ok: false, code: 'FEATURE_DISABLED' });
  });
});

describe('sandbox: audit log enabled', () => {
  const sandbox = useSandbox({ auditLog: true });

  it('serves a month of the seeded trail as CSV with a header row', async () => {
    const res = await raw(sandbox(), 'DownloadAuditLog', { params: { auditYear: '2026', auditMonth: '8' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/csv');
    const lines = res.bytes.toString().trimEnd().split('\r\n');
    expect(lines[0]).toBe('timestamp,user_id,user_email,token_id,action,method,path,status');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.slice(1).every((l) => l.startsWith('2026-08-'))).toBe(true);
  });

  it('records the sandbox’s own successful writes, not its reads or failed writes', async () => {
    const { year, month: m, day } = month();
    const before = (
      await raw(sandbox(), 'DownloadDailyAuditLog', {
        params: { auditYear: year, auditMonth: m, auditDay: day },
      })
    ).bytes.toString();
    const created = await call(sandbox(), 'CreateToken', {
      body: { label: 'audited', role_id: sandbox().state.tokens.roles[0]?.id },
    });
    expect(created.status).toBe(200);
    const refused = await call(sandbox(), 'CreateToken', { body: { label: 'no role' } });
    expect(refused.status).toBe(400);
    await call(sandbox(), 'ListTokens');
    const after = (
      await raw(sandbox(), 'DownloadDailyAuditLog', {
        params: { auditYear: year, auditMonth: m, auditDay: day },
      })
    ).bytes.toString();
    const added = after.trimEnd().split('\r\n').slice(before.trimEnd().split('\r\n').length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(
      new RegExp(
        `,${sandbox().state.users[0]?.email},[0-9a-f-]+,CreateToken,POST,/orgs/${sandbox().orgId}/tokens,200$`,
      ),
    );
    const monthly = (await raw(sandbox(), 'DownloadAuditLog', { params: { auditYear: year, auditMonth: m } }))
      .bytes;
    expect(monthly.toString()).toContain(added[0]);
  });

  it('refuses a day that does not exist', async () => {
    const res = await call(sandbox(), 'DownloadDailyAuditLog', {
      params: { auditYear: '2026', auditMonth: '2', auditDay: '30' },
    });
    expect(res.status).toBe(400);
  });
});

describe('sandbox: SCM secrets audit', () => {
  const sandbox = useSandbox();

  it('counts the seeded attempts of the last 31 days by project, with users and tokens', async () => {
    const res = await call(sandbox(), 'GetOrgSCMSecretsAuditLog', { query: 'by-project=true' });
    expect(res.status).toBe(200);
    const { total_attempts, projects, total_user_ids, total_token_ids } = res.json.response;
    expect(total_attempts).toBeGreaterThan(0);
    expect(projects.reduce((n: number, p: { attempts: number }) => n + p.attempts, 0)).toBe(total_attempts);
    expect(total_user_ids.length).toBeGreaterThan(0);
    expect(total_token_ids.length).toBeGreaterThan(0);
    expect(res.json.response.users).toBeUndefined();
    const wider = await call(sandbox(), 'GetOrgSCMSecretsAuditLog', { query: 'days=60&by-user' });
    expect(wider.json.response.total_attempts).toBeGreaterThan(total_attempts);
    expect(wider.json.response.users.length).toBe(wider.json.response.total_user_ids.length);
  });

  it('needs by-project or by-user, and a positive number of days', async () => {
    expect((await call(sandbox(), 'GetOrgSCMSecretsAuditLog')).status).toBe(400);
    expect((await call(sandbox(), 'GetOrgSCMSecretsAuditLog', { query: 'days=0&by-user=true' })).status).toBe(
      400,
    );
  });
});
