import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox as startFromCode } from '../src/index.js';
import { type Sandbox, startSandbox } from '../src/start.js';
import { call } from './harness.js';

/** A webhook receiver: the events it got, in order. */
async function receiver(): Promise<{ url: string; events: Record<string, unknown>[]; server: Server }> {
  const events: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      events.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, events, server };
}

let sandbox: Sandbox;
let hook: Awaited<ReturnType<typeof receiver>>;
const dir = mkdtempSync(join(tmpdir(), 'secscan-running-scans-'));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, webhookRetryDelaysMs: [10] });
  hook = await receiver();
  const set = await call(sandbox, 'SetUpWebhook', {
    body: { url: hook.url, events: [{ name: 'scan.finished' }], authType: 'hmac', secret: 's3cret-s3cret' },
  });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await sandbox?.close();
  hook?.server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function control(body: unknown, target: Sandbox = sandbox) {
  const res = await fetch(`${target.baseUrl}/_sandbox/scans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const rules = [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }];
const check = (name: string, scan: number) =>
  call(sandbox, 'CheckScans', {
    params: { compoundName: name },
    body: { version: 2, meta: { kind: 'diff' }, target: { scan }, rules },
  });
const compoundScans = (query: string) =>
  call(sandbox, 'ListScansInCompound', { params: { compoundName: 'shop' }, query });
const ids = (answer: { json: { response: { scans: { id: string }[] } } }) =>
  answer.json.response.scans.map((s) => s.id);

describe('a scan recorded as running (sandbox scan --running)', () => {
  it('is listed as running until it ends, then completes with its findings, and scan.finished fires then', async () => {
    const res = await control({
      compound: 'shop',
      version: '4f2a9c1d',
      tags: ['pipeline=88'],
      running_ms: 4000,
      new: [{ severity: 'critical', count: 1 }],
    });
    expect(res.status).toBe(200);
    const recorded = res.json.response;
    expect(recorded).toMatchObject({ status: 'running', new: [], webhooks: [], ends_at: expect.any(String) });
    const id = recorded.polyglot_scan.id as number;
    const appScan = recorded.scans[0] as { id: string; app: string };
    // As the service shows a scan under way: not successful, no completed_at; `status` in compound listings.
    const [listed] = (await call(sandbox, 'ListScans', { params: { appID: appScan.app }, query: 'limit=1' }))
      .json.response.scans;
    expect(listed).toMatchObject({ id: appScan.id, version: '4f2a9c1d', successful: false });
    expect(listed.tags).toMatchObject({ branch: 'main', commit: '4f2a9c1d', pipeline: '88' });
    expect(listed).not.toHaveProperty('completed_at');
    expect(ids(await compoundScans('status=running'))).toContain(String(id));
    expect(ids(await compoundScans('status=completed'))).not.toContain(String(id));
    const row = (await compoundScans('limit=1')).json.response.scans[0];
    expect(row).toMatchObject({ id: String(id), status: 'running', successful: false, version: '4f2a9c1d' });
    expect(row.tags).toMatchObject({ pipeline: '88' });
    const read = await call(sandbox, 'ReadCompoundScan', {
      params: { compoundName: 'shop', scanID: String(id) },
    });
    expect(read.json.response).toMatchObject({ polyglot_scan_id: id, status: 'running' });
    const versions = await call(sandbox, 'ListAppVersions', { params: { appID: appScan.app } });
    expect(versions.json.response.map((v: { version: string }) => v.version)).not.toContain('4f2a9c1d');
    const early = await check('shop', id);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'SCAN_NOT_FINISHED' });
    expect(early.json.message).toContain(`scan ${id} is running`);
    expect(
      hook.events.filter((e) => (e.compound as { polyglot_scan_id?: number })?.polyglot_scan_id === id),
    ).toEqual([]);

    // It ends: wait on the event it sends, not on time.
    await vi.waitFor(
      () =>
        expect(
          hook.events.some((e) => (e.compound as { polyglot_scan_id?: number })?.polyglot_scan_id === id),
        ).toBe(true),
      { timeout: 20_000, interval: 100 },
    );
    const event = hook.events.find(
      (e) => (e.compound as { polyglot_scan_id?: number })?.polyglot_scan_id === id,
    );
    expect(event).toMatchObject({ event: 'scan.finished', status: 'completed', findings: { new: 1 } });
    const done = (await compoundScans('limit=1')).json.response.scans[0];
    expect(done).toMatchObject({ id: String(id), status: 'completed', successful: true });
    expect(Date.parse(done.completed_at)).toBeGreaterThan(Date.parse(done.started_at));
    const verdict = await check('shop', id);
    expect(verdict.status).toBe(200);
    expect(verdict.json.response).toMatchObject({ target: { id }, rules: { 'no-critical': { matched: 1 } } });
    expect(sandbox.state.analysis.pending).toEqual([]);
  });

  it('--fail records a failed analysis: no findings, listed as failed, not checkable, scan.finished says so', async () => {
    const res = await control({ app: 'docs-site', version: 'badc0de', fail: true });
    expect(res.status).toBe(200);
    const recorded = res.json.response;
    expect(recorded).toMatchObject({ status: 'failed', new: [], fixed: [], regressed: [] });
    const scanId = recorded.scans[0].id as string;
    const [listed] = (await call(sandbox, 'ListScans', { params: { appID: 'docs-site' }, query: 'limit=1' }))
      .json.response.scans;
    expect(listed).toMatchObject({
      id: scanId,
      successful: false,
      total: 0,
      completed_at: expect.any(String),
    });
    const refused = await check('docs-site', Number(scanId));
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'SCAN_FAILED' });
    await vi.waitFor(
      () => expect(hook.events.some((e) => e.app === 'docs-site' && e.status === 'failed')).toBe(true),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
  });

  it('running, then failing: a compound scan listed under status=failed once it ends', async () => {
    const res = await control({ compound: 'shop', running_ms: 2000, fail: true });
    const id = String(res.json.response.polyglot_scan.id);
    expect(ids(await compoundScans('status=running'))).toContain(id);
    await vi.waitFor(async () => expect(ids(await compoundScans('status=failed'))).toContain(id), {
      timeout: 10_000,
      interval: 50,
    });
    expect(ids(await compoundScans('status=running'))).not.toContain(id);
  });

  it.each([
    [
      { app: 'docs-site', fail: true, new: [{ severity: 'high', count: 1 }] },
      'a failed scan records no findings',
    ],
    [{ app: 'docs-site', running_ms: 0 }, 'running_ms'],
    [{ app: 'docs-site', running_ms: 86_400_001 }, 'running_ms'],
    [{ app: 'docs-site', tags: ['branch=x'] }, 'branch and commit tags come from branch and version'],
    [{ app: 'docs-site', version: 'has space' }, 'version'],
  ])('refuses %j, recording nothing', async (body, message) => {
    const scans = sandbox.state.analysis.scans.length;
    const res = await control(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
    expect(sandbox.state.analysis.scans.length).toBe(scans);
  });
});

describe('scans under way and the state file', () => {
  it('a scan still running when the sandbox stops ends after it starts again from the state', async () => {
    const state = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, state });
    const res = await control({ app: 'docs-site', version: 'resume1', running_ms: 3000 }, first);
    const scanId = res.json.response.scans[0].id as string;
    expect(first.state.analysis.pending).toHaveLength(1);
    await first.close();
    const again = await startSandbox({ port: 0, state });
    try {
      const status = () => again.state.analysis.scans.find((s) => s.id === scanId)?.status;
      await vi.waitFor(() => expect(status()).toBe('completed'), { timeout: 10_000, interval: 50 });
      expect(again.state.analysis.pending).toEqual([]);
    } finally {
      await again.close();
    }
  });
});

describe('startSandbox().scan(): running and failed scans from code', () => {
  it('takes version, tags, running (a duration) and fail, and refuses a bad duration naming it', async () => {
    const box = await startFromCode({ seed: 3 });
    try {
      const running = await box.scan({
        app: 'docs-site',
        version: 'v1.2.3',
        tags: ['pipeline=7'],
        running: '1h',
      });
      expect(running).toMatchObject({ status: 'running', new: [] });
      expect(running.scans[0]).toMatchObject({ version: 'v1.2.3', status: 'running' });
      expect(Date.parse(running.ends_at as string) - Date.now()).toBeGreaterThan(3_500_000);
      const failed = await box.scan({ app: 'docs-site', fail: true });
      expect(failed.status).toBe('failed');
      await expect(box.scan({ app: 'docs-site', running: '2 days' })).rejects.toThrow(
        'invalid value for running: "2 days"',
      );
    } finally {
      await box.stop();
    }
  });
});
