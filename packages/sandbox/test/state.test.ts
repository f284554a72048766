import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError } from '../src/errors.js';
import { resolveOptions } from '../src/options.js';
import { StateFile } from '../src/persist.js';
import { seedState } from '../src/seed/index.js';
import { startSandbox } from '../src/start.js';
import { call } from './harness.js';

let dir: string;

/** Waits until the file at `path` satisfies `ready` (it is written in the background). */
type Saved = {
  rbac: { roles: { name: string }[] };
  apps: { id: string }[];
  analysis: { scans: { id: unknown }[] };
};

async function untilFile(path: string, ready: (state: Saved) => boolean): Promise<Saved> {
  for (;;) {
    try {
      const state = JSON.parse(readFileSync(path, 'utf8'));
      if (ready(state)) return state;
    } catch {
      // Not there yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-sandbox-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the state file', () => {
  it('is created from the seed, written shortly after each change, and loaded on the next start', async () => {
    const path = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, seed: 5, state: path });
    expect(first.loaded).toBe(false);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const role = await call(first, 'CreateCustomRBACRole', { body: { name: 'Kept', scopes: ['apps:list'] } });
    const token = await call(first, 'CreateToken', {
      body: { label: 'kept', role_id: first.accounts.roles.ci },
    });
    await untilFile(path, (state) => state.rbac.roles.some((r) => r.name === 'Kept'));
    await first.close();

    const second = await startSandbox({ port: 0, seed: 9, state: path });
    try {
      expect(second.loaded).toBe(true);
      expect(second.orgId).toBe(first.orgId);
      expect(second.token).toBe(first.token);
      expect(second.state.rbac.roles.some((r) => r.id === role.json.response.id)).toBe(true);
      const scopes = await call(second, 'ListMyOrgScopes', { token: token.json.response.value });
      expect(scopes.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('is not written after a refused request', async () => {
    const path = join(dir, 'state.json');
    const sandbox = await startSandbox({ port: 0, state: path });
    try {
      const before = readFileSync(path, 'utf8');
      const res = await call(sandbox, 'CreateCustomRBACRole', {
        body: { name: 'member', scopes: ['apps:list'] },
      });
      expect(res.status).toBe(409);
      expect(readFileSync(path, 'utf8')).toBe(before);
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    ['not JSON', '{"version": 1,'],
    ['not a state', '{"hello": "world"}'],
    ['a broken section', JSON.stringify({ version: 1, seed: 1, users: 'nobody' })],
  ])('refuses a state file that is %s with a configuration error naming --state', async (_name, content) => {
    const path = join(dir, 'state.json');
    writeFileSync(path, content);
    const started = startSandbox({ port: 0, state: path });
    await expect(started).rejects.toBeInstanceOf(SandboxError);
    await expect(started).rejects.toMatchObject({ kind: 'config' });
    await expect(started).rejects.toThrow(/^--state: /);
  });

  it('takes a section the file lacks from the seed it names', async () => {
    const path = join(dir, 'state.json');
    const sandbox = await startSandbox({ port: 0, seed: 4, state: path });
    await sandbox.close();
    const { apps: _apps, ...rest } = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify(rest));
    const again = await startSandbox({ port: 0, state: path });
    try {
      expect(again.state.apps.map((a) => a.id)).toContain('payments-api');
    } finally {
      await again.close();
    }
  });
});

describe('the state file’s writes', () => {
  const names = (path: string) =>
    JSON.parse(readFileSync(path, 'utf8')).apps.map((a: { id: string }) => a.id);

  it('a burst of changes is one write, whole, in the background; stopping writes what is pending', async () => {
    const path = join(dir, 'state.json');
    const state = seedState(1);
    const file = new StateFile(path, state, 60_000);
    for (let i = 0; i < 100; i++) {
      state.apps.push({ ...(state.apps[0] as (typeof state.apps)[0]), id: `burst-${i}`, name: `burst-${i}` });
      file.changed();
    }
    // Nothing was written while the changes were made: the server answered each at once.
    expect(() => statSync(path)).toThrow();
    await file.flush();
    expect(file.writes).toBe(1);
    expect(names(path)).toContain('burst-99');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('a later change is written again, without a call to flush', async () => {
    const path = join(dir, 'state.json');
    const state = seedState(1);
    const file = new StateFile(path, state, 1);
    state.apps.push({ ...(state.apps[0] as (typeof state.apps)[0]), id: 'first', name: 'first' });
    file.changed();
    await untilFile(path, (s) => s.apps.some((a) => a.id === 'first'));
    state.apps.push({ ...(state.apps[0] as (typeof state.apps)[0]), id: 'second', name: 'second' });
    file.changed();
    await untilFile(path, (s) => s.apps.some((a) => a.id === 'second'));
    await file.flush();
    expect(file.writes).toBe(2);
  });

  it('a write that fails is thrown by the next change and by flush, and tried again', async () => {
    const path = join(dir, 'missing', 'state.json');
    const state = seedState(1);
    const file = new StateFile(path, state, 60_000);
    file.changed();
    await expect(file.flush()).rejects.toThrow(/ENOENT/);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'missing'));
    file.changed();
    await file.flush();
    expect(names(path)).toContain('payments-api');
  });

  it('the sandbox writes its scans within the window, and all of them when it stops', async () => {
    const path = join(dir, 'state.json');
    const sandbox = await startSandbox({ port: 0, state: path });
    const scans = [];
    for (let i = 0; i < 30; i++) {
      scans.push(sandbox.scan({ app: 'shiftleft-java-demo', new: [{ severity: 'high', count: 2 }] }));
    }
    const last = scans.at(-1)?.scans[0]?.id;
    await untilFile(path, (s) => s.analysis.scans.some((scan) => String(scan.id) === last));
    sandbox.scan({ app: 'shiftleft-java-demo', new: [{ severity: 'low', count: 1 }] });
    await sandbox.close();
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.analysis.scans.length).toBe(sandbox.state.analysis.scans.length);
  });
});

describe('the users file', () => {
  it('lists every role’s token, the org tokens and the role ids, mode 0600', async () => {
    const path = join(dir, 'users.json');
    const sandbox = await startSandbox({ port: 0, usersFile: path });
    try {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const data = JSON.parse(readFileSync(path, 'utf8'));
      expect(data.orgId).toBe(sandbox.orgId);
      expect(data.baseUrl).toBe(sandbox.baseUrl);
      expect(data.users).toHaveLength(6);
      expect(data.users[0]).toEqual({ email: expect.any(String), role: 'SUPER_ADMIN', token: sandbox.token });
      expect(Object.keys(data.tokens).sort()).toEqual(['ci', 'expired', 'jira', 'serviceAccount']);
      expect(data.roles.ci).toBe(sandbox.accounts.roles.ci);
    } finally {
      await sandbox.close();
    }
  });
});

describe('option checks', () => {
  it.each([
    [{ port: 'abc' }, '--port'],
    [{ port: '70000' }, '--port'],
    [{ port: '-1' }, '--port'],
    [{ seed: '1.5' }, '--seed'],
    [{ failRate: '1.5' }, '--fail-rate'],
    [{ failRate: '-0.1' }, '--fail-rate'],
    [{ failRate: 'half' }, '--fail-rate'],
    [{ latency: '10ms' }, '--latency'],
    [{ host: 'bad host' }, '--host'],
    [{ state: '' }, '--state'],
    [{ usersFile: ' ' }, '--users-file'],
    [{ autofixDelay: '2d' }, '--autofix-delay'],
    [{ autofixDelay: '-1' }, '--autofix-delay'],
    [{ autofixDelay: 3_600_001 }, '--autofix-delay'],
    [{ backupFaults: 'ignore-if-range,late' }, '--backup-faults'],
    [{ backupFaults: '' }, '--backup-faults'],
  ])('refuses %o with a usage error naming %s', (raw, flag) => {
    expect(() => resolveOptions(raw)).toThrow(SandboxError);
    expect(() => resolveOptions(raw)).toThrow(expect.objectContaining({ kind: 'usage' }));
    expect(() => resolveOptions(raw)).toThrow(flag);
  });

  it('applies the defaults and reads numbers', () => {
    expect(resolveOptions({})).toEqual({
      host: '127.0.0.1',
      port: 0,
      seed: 1,
      state: undefined,
      failRate: 0,
      latency: 0,
      usersFile: undefined,
      cutDownloads: [],
      backupFaults: [],
      faults: [],
      auditLog: false,
      generatedApps: 0,
      autofixDelayMs: 3000,
    });
    expect(
      resolveOptions({
        failRate: '0.25',
        latency: '150',
        seed: '42',
        rateLimit: '20/s',
        apps: '300',
        autofixDelay: '2s',
      }),
    ).toMatchObject({
      autofixDelayMs: 2000,
      failRate: 0.25,
      latency: 150,
      seed: 42,
      rateLimit: { limit: 20, windowSeconds: 1 },
      generatedApps: 300,
    });
  });

  it('reports a port in use as a usage error naming --port', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const port = new URL(sandbox.baseUrl).port;
      await expect(startSandbox({ port })).rejects.toThrow(/^--port: /);
      await expect(startSandbox({ port })).rejects.toMatchObject({ name: 'SandboxError', kind: 'usage' });
    } finally {
      await sandbox.close();
    }
  });
});
