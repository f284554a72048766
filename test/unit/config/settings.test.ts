import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBaseUrl, resolveSettings } from '../../../src/config/settings.js';
import { ProfileStore } from '../../../src/config/store.js';
import { ConfigError, UsageError } from '../../../src/errors.js';
import { jwt, ORG, OTHER_ORG } from '../../helpers/cli.js';

const THIRD_ORG = '22222222-3333-4444-8555-666666666666';
let dir: string;
let store: ProfileStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-settings-'));
  store = await ProfileStore.open(dir);
  await store.update('default', {
    base_url: 'https://profile.example.com',
    org_id: THIRD_ORG,
    token: 'profile-token',
  });
  await store.update('ci', { base_url: 'https://ci.example.com', token: 'ci-token' });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveSettings precedence', () => {
  it('uses the profile, then the default', () => {
    const s = resolveSettings({}, {}, store);
    expect(s.profile).toEqual({ value: 'default', source: 'default' });
    expect(s.baseUrl).toEqual({ value: 'https://profile.example.com', source: 'profile default' });
    expect(s.orgId).toEqual({ value: THIRD_ORG, source: 'profile default' });
    expect(s.token).toEqual({ value: 'profile-token', source: 'profile default' });
    const empty = resolveSettings({ profile: 'none' }, {}, store);
    expect(empty.baseUrl).toEqual({ value: 'https://app.shiftleft.io', source: 'default' });
    expect(empty.profileExists).toBe(false);
  });

  it('prefers SHIFTLEFT_* over the profile, SECSCAN_* over SHIFTLEFT_*, flags over both', () => {
    const shiftleft = {
      SHIFTLEFT_API_HOST: 'sl.example.com',
      SHIFTLEFT_ORG_ID: OTHER_ORG,
      SHIFTLEFT_ACCESS_TOKEN: 'sl-token',
    };
    let s = resolveSettings({}, shiftleft, store);
    expect(s.baseUrl).toEqual({ value: 'https://sl.example.com', source: '$SHIFTLEFT_API_HOST' });
    expect(s.orgId).toEqual({ value: OTHER_ORG, source: '$SHIFTLEFT_ORG_ID' });
    expect(s.token).toEqual({ value: 'sl-token', source: '$SHIFTLEFT_ACCESS_TOKEN' });
    const secscan = {
      ...shiftleft,
      SECSCAN_BASE_URL: 'https://s.example.com/',
      SECSCAN_ORG_ID: ORG,
      SECSCAN_TOKEN: 's-token',
    };
    s = resolveSettings({}, secscan, store);
    expect(s.baseUrl).toEqual({ value: 'https://s.example.com', source: '$SECSCAN_BASE_URL' });
    expect(s.orgId.value).toBe(ORG);
    expect(s.token.source).toBe('$SECSCAN_TOKEN');
    s = resolveSettings(
      { baseUrl: 'https://flag.example.com', org: THIRD_ORG.toUpperCase() },
      secscan,
      store,
    );
    expect(s.baseUrl).toEqual({ value: 'https://flag.example.com', source: '--base-url' });
    expect(s.orgId).toEqual({ value: THIRD_ORG, source: '--org' });
  });

  it('chooses the profile by flag, then SECSCAN_PROFILE, then the current one', async () => {
    await store.use('ci');
    expect(resolveSettings({}, {}, store).profile).toEqual({ value: 'ci', source: 'current profile' });
    expect(resolveSettings({}, { SECSCAN_PROFILE: 'default' }, store).profile.source).toBe(
      '$SECSCAN_PROFILE',
    );
    const s = resolveSettings({ profile: 'default' }, { SECSCAN_PROFILE: 'ci' }, store);
    expect(s.profile).toEqual({ value: 'default', source: '--profile' });
    expect(s.token.value).toBe('profile-token');
  });

  it('keeps an explicit scheme in SHIFTLEFT_API_HOST', () => {
    const s = resolveSettings({}, { SHIFTLEFT_API_HOST: 'http://127.0.0.1:8080' }, store);
    expect(s.baseUrl.value).toBe('http://127.0.0.1:8080');
  });

  it("takes the organization from the token's orgID claim last", () => {
    const token = jwt({ orgID: OTHER_ORG });
    expect(resolveSettings({ profile: 'ci' }, { SECSCAN_TOKEN: token }, store).orgId).toEqual({
      value: OTHER_ORG,
      source: 'token claim',
    });
    expect(resolveSettings({}, { SECSCAN_TOKEN: token }, store).orgId.value).toBe(THIRD_ORG);
    expect(
      resolveSettings({ profile: 'ci' }, { SECSCAN_TOKEN: 'not-a-jwt' }, store).orgId.value,
    ).toBeUndefined();
  });

  it('ignores blank environment variables', () => {
    const s = resolveSettings({}, { SECSCAN_BASE_URL: '  ', SECSCAN_TOKEN: '' }, store);
    expect(s.baseUrl.source).toBe('profile default');
    expect(s.token.source).toBe('profile default');
  });
});

describe('bad values', () => {
  it.each([
    [{ baseUrl: 'http://example.com' }, {}, UsageError],
    [{ baseUrl: 'ftp://x' }, {}, UsageError],
    [{ org: 'nope' }, {}, UsageError],
    [{}, { SECSCAN_BASE_URL: 'http://example.com' }, ConfigError],
    [{}, { SECSCAN_ORG_ID: 'nope' }, ConfigError],
    [{}, { SHIFTLEFT_ORG_ID: 'nope' }, ConfigError],
  ])('flags %j / env %j -> %o', (flags, env, type) => {
    expect(() => resolveSettings(flags, env, store)).toThrow(type);
  });

  it('treats bad profile values as configuration errors (exit 3)', async () => {
    await store.update('broken', { base_url: 'not a url' });
    expect(() => resolveSettings({ profile: 'broken' }, {}, store)).toThrow(ConfigError);
    await store.update('broken', { base_url: 'https://ok.example.com', org_id: 'x' });
    expect(() => resolveSettings({ profile: 'broken' }, {}, store)).toThrow(ConfigError);
  });
});

describe('checkBaseUrl', () => {
  it.each(['http://127.0.0.1:9', 'http://localhost:8080', 'http://[::1]:3000', 'https://app.example.com/'])(
    'accepts %s',
    (url) => {
      expect(checkBaseUrl(url, '--base-url')).toBe(url.replace(/\/$/, ''));
    },
  );

  it('refuses plain http to other hosts unless allowed', () => {
    expect(() => checkBaseUrl('http://10.0.0.1', '--base-url')).toThrow(/plain http is refused/);
    expect(checkBaseUrl('http://10.0.0.1', '--base-url', true)).toBe('http://10.0.0.1');
  });

  it('refuses queries, fragments and credentials', () => {
    expect(() => checkBaseUrl('https://u:p@x.test', '--base-url')).toThrow(UsageError);
    expect(() => checkBaseUrl('https://x.test/?a=1', '$SECSCAN_BASE_URL')).toThrow(ConfigError);
  });

  it('keeps a path', () => {
    expect(checkBaseUrl('https://x.test/svc//', '--base-url')).toBe('https://x.test/svc');
  });

  it('takes an address ending in /api/v4 (as the sandbox prints the API) as meant: the client adds it', () => {
    expect(checkBaseUrl('http://127.0.0.1:9/api/v4', '$SECSCAN_BASE_URL')).toBe('http://127.0.0.1:9');
    expect(checkBaseUrl('https://x.test/svc/api/v4/', '--base-url')).toBe('https://x.test/svc');
    // Once: a path that really is .../api/v4/api/v4 stays one level down.
    expect(checkBaseUrl('https://x.test/api/v4/api/v4', '--base-url')).toBe('https://x.test/api/v4');
  });
});
