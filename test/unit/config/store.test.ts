import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orgIdFromToken } from '../../../src/config/jwt.js';
import { configDir } from '../../../src/config/paths.js';
import { ProfileStore } from '../../../src/config/store.js';
import { ConfigError } from '../../../src/errors.js';
import { jwt, ORG } from '../../helpers/cli.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'secscan-store-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

describe('ProfileStore', () => {
  it('creates the directory 0700 and the file 0600, leaving no temporary files', async () => {
    const dir = join(root, 'nested', 'secscan');
    const store = await ProfileStore.open(dir);
    await store.update('default', { base_url: 'https://x.test', token: 't' });
    await store.use('default');
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['config.json']);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { default: { base_url: 'https://x.test', token: 't' } },
      current_profile: 'default',
    });
  });

  it('opening writes nothing: only a change, under the lock, writes the file', async () => {
    const dir = join(root, 'fresh');
    const reader = await ProfileStore.open(dir);
    expect(readdirSync(dir)).toEqual([]);
    expect(reader.list()).toEqual([]);
    const writer = await ProfileStore.open(dir);
    await writer.update('p1', { token: 't1' });
    // A store opened before the file existed must not overwrite it when it changes something.
    await reader.update('p2', { token: 't2' });
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles)).toEqual([
      'p1',
      'p2',
    ]);
  });

  it('tightens an existing directory to 0700', async () => {
    const dir = join(root, 'loose');
    await ProfileStore.open(dir);
    const { chmodSync } = await import('node:fs');
    chmodSync(dir, 0o755);
    await ProfileStore.open(dir);
    expect(mode(dir)).toBe(0o700);
  });

  it('merges updates, removes keys given undefined, lists sorted', async () => {
    const store = await ProfileStore.open(root);
    await store.update('b', { org_id: ORG, token: 't' });
    await store.update('a', { base_url: 'https://a.test' });
    await store.update('b', { token: undefined });
    expect(store.get('b')).toEqual({ org_id: ORG });
    expect(store.list().map(([n]) => n)).toEqual(['a', 'b']);
  });

  it('forgets the current profile when it is removed', async () => {
    const store = await ProfileStore.open(root);
    await store.update('a', {});
    await store.use('a');
    await store.remove('a');
    expect(store.currentName).toBeUndefined();
    expect(store.get('a')).toBeUndefined();
  });

  it('reads what another instance wrote', async () => {
    await (await ProfileStore.open(root)).update('x', { token: 'tok' });
    expect((await ProfileStore.open(root)).get('x')).toEqual({ token: 'tok' });
  });

  it('turns a corrupt file into a ConfigError (exit 3) and keeps the file', async () => {
    writeFileSync(join(root, 'config.json'), '{ not json', { mode: 0o600 });
    const error = await ProfileStore.open(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).exitCode).toBe(3);
    expect(readFileSync(join(root, 'config.json'), 'utf8')).toBe('{ not json');
  });

  it('turns a file of the wrong shape into a ConfigError on read', async () => {
    writeFileSync(join(root, 'config.json'), '{"profiles": 5}', { mode: 0o600 });
    const store = await ProfileStore.open(root);
    expect(() => store.list()).toThrow(ConfigError);
  });
});

describe('configDir', () => {
  it('prefers SECSCAN_CONFIG_DIR, then XDG_CONFIG_HOME', () => {
    expect(configDir({ SECSCAN_CONFIG_DIR: '/a', XDG_CONFIG_HOME: '/x' })).toBe('/a');
    expect(configDir({ XDG_CONFIG_HOME: '/x' })).toBe('/x/secscan');
    expect(configDir({})).toMatch(/\.config\/secscan$/);
  });
});

describe('orgIdFromToken', () => {
  it('reads the orgID claim without verifying', () => {
    expect(orgIdFromToken(jwt({ orgID: ORG }))).toBe(ORG);
    expect(orgIdFromToken(jwt({ sub: 'x' }))).toBeUndefined();
    expect(orgIdFromToken(jwt({ orgID: 5 }))).toBeUndefined();
    expect(orgIdFromToken('a.!!!.c')).toBeUndefined();
    expect(orgIdFromToken('opaque')).toBeUndefined();
  });
});

describe('ProfileStore under concurrent writers', () => {
  it('keeps every change when ten stores write at once (each re-reads under the lock)', async () => {
    const stores = await Promise.all(Array.from({ length: 10 }, () => ProfileStore.open(root)));
    await Promise.all(stores.map((s, i) => s.update(`p${i}`, { token: `t${i}` })));
    const fresh = await ProfileStore.open(root);
    expect(fresh.list().map(([name]) => name)).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`).sort());
    expect(readdirSync(root)).toEqual(['config.json']);
  });

  it('warns of nothing for a 0600 file and reports one others can read', async () => {
    const store = await ProfileStore.open(root);
    await store.update('a', { token: 't' });
    expect(store.exposed).toBe(false);
    const { chmodSync } = await import('node:fs');
    chmodSync(join(root, 'config.json'), 0o644);
    expect(store.exposed).toBe(true);
  });
});
