import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { fillPath } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import type { ScanControlBody, ScanControlResult } from '@secscan/api/sandbox-control';
import { allFindingTypes } from '@secscan/api/values';
import {
  type BackupInfo,
  type FindingType,
  type RunningSandbox,
  type ScanRequest,
  SandboxError,
  type ScanResult,
  startSandbox,
} from '../src/index.js';

/** The package's entry, as a test suite of another project uses it (in process, from the source). */
const dir = mkdtempSync(join(tmpdir(), 'sandbox-api-'));
let sandbox: RunningSandbox;
let agent: Agent;

/** The URL of an operation of the table on a sandbox. */
function urlOf(on: RunningSandbox, id: OperationId, params: Record<string, string> = {}): string {
  return `${on.url}/api/v4${fillPath(operations[id].path, { orgID: on.orgId, ...params })}`;
}

async function get(
  id: OperationId,
  params: Record<string, string> = {},
): Promise<{ status: number; json: { response?: unknown } }> {
  const res = await fetch(urlOf(sandbox, id, params), {
    headers: { authorization: `Bearer ${sandbox.token}` },
    dispatcher: agent,
  });
  return { status: res.status, json: (await res.json()) as { response?: unknown } };
}

beforeAll(async () => {
  sandbox = await startSandbox({
    tls: true,
    seed: 7,
    env: { SECSCAN_STATE_DIR: dir },
    apps: [{ id: 'checkout-service', name: 'Checkout', language: 'go' }],
  });
  agent = new Agent({ connect: { ca: sandbox.ca } });
});

afterAll(async () => {
  await sandbox.stop();
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startSandbox()', () => {
  it('serves HTTPS that a client trusting the returned CA reads; the CA is also a file', async () => {
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(sandbox.caFile).toBe(join(dir, `sandbox-ca-${new URL(sandbox.url).port}.pem`));
    expect(readFileSync(sandbox.caFile as string, 'utf8')).toBe(sandbox.ca);
    const { status, json } = await get('ListOrgFindings');
    expect(status).toBe(200);
    expect((json.response as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
  });

  it('names the demo users and org tokens, the Super Admin first', async () => {
    expect(sandbox.users[0]?.token).toBe(sandbox.token);
    expect(Object.keys(sandbox.orgTokens).sort()).toEqual(['ci', 'expired', 'jira', 'serviceAccount']);
    expect(sandbox.loaded).toBe(false);
  });

  it('adds the apps given, which a recorded scan gives findings', async () => {
    const apps = (await get('ListApps')).json.response as { id: string; name: string }[];
    expect(apps).toContainEqual(expect.objectContaining({ id: 'checkout-service', name: 'Checkout' }));
    const before = await get('ListAppFindings', { appID: 'checkout-service' });
    expect((before.json.response as { findings: unknown[] }).findings).toEqual([]);
    const scan = await sandbox.scan({ app: 'checkout-service', new: [{ severity: 'critical', count: 2 }] });
    expect(scan.branch).toBe('main');
    expect(scan.new).toHaveLength(2);
    const after = await get('ListAppFindings', { appID: 'checkout-service' });
    const ids = (after.json.response as { findings: { id: string }[] }).findings.map((f) => f.id);
    expect(ids.sort()).toEqual([...scan.new].sort());
  });

  it('refuses a scan it cannot record, with the reason', async () => {
    await expect(sandbox.scan({ app: 'no-such-app' })).rejects.toThrow('scan: no app has the id no-such-app');
    await expect(
      sandbox.scan({ app: 'checkout-service', new: [{ severity: 'critical', count: 0 }] }),
    ).rejects.toThrow(/^scan: new\.0\.count: /);
  });

  it('records a backup, the newest a download without an id gets', async () => {
    const backup: BackupInfo = await sandbox.backup({ size: '1MiB' });
    expect(backup.status).toBe('completed');
    const list = (await get('ListOrganizationBackups')).json.response as { backup_id: string }[];
    expect(list[0]?.backup_id).toBe(backup.backup_id);
    const res = await fetch(urlOf(sandbox, 'DownloadOrganizationBackup'), {
      headers: { authorization: `Bearer ${sandbox.token}` },
      dispatcher: agent,
    });
    expect(res.headers.get('content-disposition')).toContain(backup.backup_id);
    expect((await res.arrayBuffer()).byteLength).toBe(1024 * 1024);
    await expect(sandbox.backup({ status: 'lost' as 'failed' })).rejects.toThrow(
      'invalid value for status: "lost"',
    );
  });

  it('records a backup still running: left out of the listing, refused (409) by id, not the latest', async () => {
    const running = await sandbox.backup({ status: 'running' });
    expect(running.completed_at).toBeUndefined();
    const list = (await get('ListOrganizationBackups')).json.response as { backup_id: string }[];
    expect(list.map((b) => b.backup_id)).not.toContain(running.backup_id);
    const byId = await fetch(
      `${urlOf(sandbox, 'DownloadOrganizationBackup')}?backup_id=${running.backup_id}`,
      {
        headers: { authorization: `Bearer ${sandbox.token}` },
        dispatcher: agent,
      },
    );
    expect([byId.status, ((await byId.json()) as { code: string }).code]).toEqual([409, 'BACKUP_NOT_READY']);
    const latest = await fetch(urlOf(sandbox, 'DownloadOrganizationBackup'), {
      headers: { authorization: `Bearer ${sandbox.token}` },
      dispatcher: agent,
    });
    expect(latest.headers.get('content-disposition')).toContain(list[0]?.backup_id);
    await latest.arrayBuffer();
  });

  it('declares the types of the control route it drives, and the finding types of the API', () => {
    expectTypeOf<FindingType>().toEqualTypeOf<(typeof allFindingTypes)[number]>();
    expectTypeOf<ScanRequest>().toExtend<ScanControlBody>();
    expectTypeOf<ScanControlResult>().toExtend<ScanResult>();
  });
});

describe('startSandbox() options', () => {
  it('refuses an option out of range before listening', async () => {
    await expect(startSandbox({ failRate: 2 })).rejects.toThrow('invalid value for --fail-rate: "2"');
    await expect(startSandbox({ apps: [{ id: '-bad' }] })).rejects.toThrow('invalid app id "-bad"');
  });

  it('refuses with a SandboxError of its own: a kind, and no exit code of the CLI', async () => {
    const refused = await startSandbox({ failRate: 2 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SandboxError);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ name: 'SandboxError', kind: 'usage' });
    expect(refused).not.toHaveProperty('exitCode');
  });

  it('keeps the state in a file, and stop() removes the CA file', async () => {
    const state = join(dir, 'state.json');
    const first = await startSandbox({ state, tls: true });
    const caFile = first.caFile as string;
    expect(existsSync(caFile)).toBe(true);
    await first.backup({ status: 'failed' });
    await first.stop();
    expect(existsSync(caFile)).toBe(false);
    const again = await startSandbox({ state });
    try {
      expect(again.loaded).toBe(true);
      expect(again.ca).toBeUndefined();
      const res = await fetch(urlOf(again, 'ListOrganizationBackups'), {
        headers: { authorization: `Bearer ${again.token}` },
      });
      const backups = ((await res.json()) as { response: { status: string }[] }).response;
      expect(backups[0]?.status).toBe('failed');
    } finally {
      await again.stop();
    }
  });
});
