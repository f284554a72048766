import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operations } from '@secscan/api/operations';
import { fillPath } from '@secscan/api/operation';
import { type CacheKey, cacheFile, readCache, ttlMs, writeCache } from '../../../src/completion/cache.js';
import { complete, deadlineMs } from '../../../src/completion/values.js';

const ORIGIN = 'http://127.0.0.1:9';
const ORG = '8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b';
const TOKEN = 'secret-token-value';

let dir: string;
let agent: MockAgent;
let env: NodeJS.ProcessEnv;
let key: CacheKey;
let written = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-complete-'));
  env = { SECSCAN_CONFIG_DIR: dir, SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: TOKEN, SECSCAN_ORG_ID: ORG };
  key = { configDir: dir, profile: 'default', orgId: ORG, baseUrl: ORIGIN };
  agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
});

afterEach(async () => {
  try {
    agent.assertNoPendingInterceptors();
  } finally {
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function run(args: string[], options: { uptime?: number; onSpawn?: (args: string[]) => void } = {}) {
  let out = '';
  const spawned: string[][] = [];
  const code = await complete(args, {
    env,
    out: { write: (text: string) => (out += text) },
    uptime: () => options.uptime ?? 10_000,
    spawnRefresh: (a) => {
      spawned.push(a);
      options.onSpawn?.(a);
    },
    dispatcher: agent,
  });
  return { code, out, spawned };
}

const path = (id: keyof typeof operations) => `/api/v4${fillPath(operations[id].path, { orgID: ORG })}`;

describe('secscan __complete (what a TAB runs)', () => {
  it('lists the profiles from the config file, with their addresses', async () => {
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { staging: { base_url: 'https://s.example' }, ci: {} } }),
    );
    expect(await run(['profile'])).toEqual({ code: 0, out: 'ci\nstaging\thttps://s.example\n', spawned: [] });
  });

  it('prints a fresh cache and starts no refresh', async () => {
    writeCache(key, 'app', [
      ['payments-api', 'Payments API'],
      ['shop', ''],
    ]);
    expect(await run(['app'])).toEqual({ code: 0, out: 'payments-api\tPayments API\nshop\n', spawned: [] });
  });

  it('prints a stale cache at once and refreshes it in the background, once', async () => {
    writeCache(key, 'app', [['old-app', '']], Date.now() - ttlMs - 1000);
    const first = await run(['app', '--profile', 'default']);
    expect(first.out).toBe('old-app\n');
    expect(first.spawned).toEqual([
      ['app', '--profile', 'default', '--lock', expect.stringMatching(/^\d+-/)],
    ]);
    expect((await run(['app'])).spawned).toEqual([]);
  });

  it('waits for a first list only while the process is young, then gives up silently', async () => {
    const young = await run(['compound'], {
      uptime: 0,
      onSpawn: () => setTimeout(() => writeCache(key, 'compound', [['shop', 'id-1']]), 20),
    });
    expect(young.out).toBe('shop\tid-1\n');
    rmSync(join(dir, 'completion'), { recursive: true });
    const started = Date.now();
    const old = await run(['compound'], { uptime: deadlineMs });
    expect(old.out).toBe('');
    expect(old.spawned).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('filters values as tables do: bidi overrides and zero-width characters never reach the prompt', async () => {
    writeCache(key, 'app', [
      ['pay\u202egnp.exe', 'a right-to-left override'],
      ['pay\u200bments-api', 'a zero-width space'],
      ['shop', 'Shop \u202eevil\u200b \u2066x\u2069'],
      ['web', '\ufeffWeb\u0085'],
    ]);
    expect((await run(['app'])).out).toBe('shop\tShop evil x\nweb\tWeb\n');
  });

  it('a first TAB on a cold cache waits for the refresh, about a second at most', async () => {
    // The time the process has run, as the loop sees it: each look advances it by the poll.
    let now = 0;
    const cold = await complete(['compound'], {
      env,
      out: { write: (text: string) => (written += text) },
      uptime: () => {
        now += 10;
        // The refresh's list arrives 600 ms into the TAB (a detached node process and one request).
        if (now >= 600 && !readCache(key, 'compound')) writeCache(key, 'compound', [['shop', 'id-1']]);
        return now;
      },
      spawnRefresh: () => undefined,
      dispatcher: agent,
    });
    expect([cold, written]).toEqual([0, 'shop\tid-1\n']);
    expect(deadlineMs).toBeLessThanOrEqual(1000);
  });

  it('prints nothing without a token or organization, and for unknown kinds', async () => {
    env = { SECSCAN_CONFIG_DIR: dir };
    expect(await run(['app'])).toEqual({ code: 0, out: '', spawned: [] });
    env = { SECSCAN_CONFIG_DIR: dir, SECSCAN_BASE_URL: 'http://example.com', SECSCAN_TOKEN: TOKEN };
    expect(await run(['app'])).toEqual({ code: 0, out: '', spawned: [] });
    expect(await run(['nonsense'])).toEqual({ code: 0, out: '', spawned: [] });
  });

  it('keeps a cache per profile and organization, and never prints control characters', async () => {
    const other = '11111111-2222-4333-8444-555555555555';
    writeCache(key, 'app', [['mine', '']]);
    expect((await run(['app'])).out).toBe('mine\n');
    writeCache({ ...key, orgId: other }, 'app', [
      ['other-org-app\u001b[31m', 'x\ty'],
      ['other-app', 'x\ty\u001b]8;;https://evil.example\u0007'],
    ]);
    expect((await run(['app', '--org', other])).out).toBe('other-app\tx y\n');
    expect(statSync(cacheFile(key, 'app')).mode & 0o777).toBe(0o600);
  });
});

describe('secscan __complete --refresh (the background process)', () => {
  const api = () => agent.get(ORIGIN);

  it.each([
    [
      'app',
      'ListApps',
      [
        { id: 'payments-api', name: 'Payments API' },
        { id: 'shop:web', name: 'Shop' },
      ],
      [
        ['payments-api', 'Payments API'],
        ['shop:web', 'Shop'],
      ],
    ],
    ['team', 'ListTeams', [{ team_id: 't-1', team_name: 'Platform' }], [['Platform', 't-1']]],
    ['team-id', 'ListTeams', [{ team_id: 't-1', team_name: 'Platform' }], [['t-1', 'Platform']]],
    [
      'policy',
      'ListCheckAnalysisConfiguration',
      [
        {
          contentHash: 'h',
          tags: [
            { name: 'default', tags: ['1', '2'] },
            { name: 'release', tags: [] },
          ],
        },
      ],
      [
        ['default', 'check-analysis policy'],
        ['default:1', 'policy default, tag 1'],
        ['default:2', 'policy default, tag 2'],
        ['release', 'check-analysis policy'],
      ],
    ],
    [
      'user',
      'ListOrgRBACUsers',
      [
        { id_v2: 'u-1', name: 'Ada Admin', email: 'ada@example.com' },
        { id_v2: 'u-2', email: 'bob@example.com' },
      ],
      [
        ['ada@example.com', 'Ada Admin'],
        ['bob@example.com', ''],
      ],
    ],
    [
      'group',
      'ListHumanGroups',
      { groups: [{ group_id: 'g-1', group_name: 'appsec' }] },
      [['appsec', 'group']],
    ],
    [
      'saml',
      'ListOrgSAMLConfigs',
      [{ name: 'okta', idp_metadata_url: 'https://idp.example/metadata' }],
      [['okta', 'https://idp.example/metadata']],
    ],
  ] as const)('%s: reads %s and writes the cache', async (kind, id, response, values) => {
    const query = id === 'ListTeams' || id === 'ListHumanGroups' ? '?no_members=true' : '';
    api()
      .intercept({ path: `${path(id)}${query}`, method: 'GET' })
      .reply(200, { ok: true, response });
    expect(await run(['--refresh', kind])).toEqual({ code: 0, out: '', spawned: [] });
    expect(readCache(key, kind)?.values).toEqual(values);
    expect(existsSync(`${cacheFile(key, kind)}.refresh`)).toBe(false);
    const calls = agent.getCallHistory()?.calls() ?? [];
    expect(calls.map((c) => c.origin)).toEqual([ORIGIN]);
    expect(calls[0]?.headers).toMatchObject({ authorization: `Bearer ${TOKEN}` });
  });

  it('ends its own claim of the refresh, never one another process has taken over since', async () => {
    const lock = `${cacheFile(key, 'app')}.refresh`;
    const reply = () =>
      api()
        .intercept({ path: path('ListApps'), method: 'GET' })
        .reply(200, { ok: true, response: [{ id: 'a', name: 'A' }] });
    const claim = async () => {
      writeCache(key, 'app', [['old', '']], Date.now() - ttlMs - 1000);
      return (await run(['app'])).spawned[0]?.at(-1) as string;
    };
    const slow = await claim();
    expect(JSON.parse(readFileSync(lock, 'utf8')).token).toBe(slow);
    // The slow refresh's claim was judged stale and another process claimed the refresh in its place.
    const other = { pid: 1, host: 'elsewhere', since: new Date().toISOString(), token: 'other' };
    writeFileSync(lock, JSON.stringify(other));
    reply();
    await run(['--refresh', 'app', '--lock', slow]);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toEqual(other);
    rmSync(lock);
    const own = await claim();
    reply();
    await run(['--refresh', 'app', '--lock', own]);
    expect(existsSync(lock)).toBe(false);
  });

  it('compound: follows the pages', async () => {
    api()
      .intercept({ path: `${path('ListOrgCompounds')}?per_page=100`, method: 'GET' })
      .reply(200, {
        ok: true,
        response: { compounds: [{ id: 'c1', name: 'shop' }] },
        next_page: `${ORIGIN}${path('ListOrgCompounds')}?per_page=100&page=2`,
      });
    api()
      .intercept({ path: `${path('ListOrgCompounds')}?per_page=100&page=2`, method: 'GET' })
      .reply(200, { ok: true, response: { compounds: [{ id: 'c2', name: 'docs' }] } });
    await run(['--refresh', 'compound']);
    expect(readCache(key, 'compound')?.values).toEqual([
      ['shop', 'c1'],
      ['docs', 'c2'],
    ]);
  });

  it('keeps what was cached when the service fails, and tries again only after a while', async () => {
    writeCache(key, 'app', [['kept', '']], Date.now() - ttlMs - 1000);
    api()
      .intercept({ path: path('ListApps'), method: 'GET' })
      .reply(500, { ok: false, message: 'down' });
    await run(['--refresh', 'app']);
    const entry = readCache(key, 'app');
    expect(entry?.values).toEqual([['kept', '']]);
    expect(Date.now() - (entry?.fetchedAt ?? 0)).toBeLessThan(ttlMs);
    expect((await run(['app'])).spawned).toEqual([]);
    expect(existsSync(`${cacheFile(key, 'app')}.refresh`)).toBe(false);
  });

  it('sends the token only to the configured service: a next page elsewhere is not followed with it', async () => {
    api()
      .intercept({ path: `${path('ListOrgCompounds')}?per_page=100`, method: 'GET' })
      .reply(200, {
        ok: true,
        response: { compounds: [{ id: 'c1', name: 'shop' }] },
        next_page: 'https://attacker.example/steal?page=2',
      });
    await run(['--refresh', 'compound']);
    const calls = agent.getCallHistory()?.calls() ?? [];
    expect(calls.every((c) => c.origin === ORIGIN)).toBe(true);
    expect(readFileSync(cacheFile(key, 'compound'), 'utf8')).not.toContain(TOKEN);
  });
});
