import { describe, expect, it } from 'vitest';
import { accounts } from '../src/accounts.js';
import { seedState } from '../src/seed/index.js';

describe('seedState', () => {
  it('gives the same data, tokens included, for the same seed', () => {
    expect(seedState(1)).toEqual(seedState(1));
    expect(accounts(seedState(7))).toEqual(accounts(seedState(7)));
  });

  it('gives other data for another seed, but the same built-in and managed role ids', () => {
    const one = seedState(1);
    const two = seedState(2);
    expect(two.org.id).not.toBe(one.org.id);
    expect(accounts(two).users[0]?.token).not.toBe(accounts(one).users[0]?.token);
    const builtIn = (s: typeof one) => s.rbac.roles.filter((r) => r.role_type === 'vendor').map((r) => r.id);
    expect(builtIn(two)).toEqual(builtIn(one));
    expect(two.tokens.roles.map((r) => r.id)).toEqual(one.tokens.roles.map((r) => r.id));
  });

  it('has a user of every built-in role, each with a token, and the seeded org tokens', () => {
    const state = seedState(1);
    const who = accounts(state);
    expect(who.users.map((u) => u.role).sort()).toEqual([
      'GUEST',
      'LEGACY_COLLABORATOR',
      'MEMBER',
      'POWER_USER',
      'SUPER_ADMIN',
      'TEAM_DEFINED',
    ]);
    expect(Object.keys(who.tokens).sort()).toEqual(['ci', 'expired', 'jira', 'serviceAccount']);
    const claims = JSON.parse(Buffer.from(who.users[0]?.token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toEqual({ orgID: state.org.id, jti: expect.any(String), iat: expect.any(Number) });
  });

  it('has three versioned teams, and apps with tags, a team and a base branch', () => {
    const state = seedState(1);
    expect(state.rbac.teams.map((t) => t.team_name)).toEqual(['Payments', 'Web', 'Platform']);
    for (const team of state.rbac.teams) expect(team.version).toBeGreaterThanOrEqual(1);
    expect(state.apps.map((a) => a.id)).toEqual(
      expect.arrayContaining(['shiftleft-java-demo', 'payments-api', 'web-frontend']),
    );
    const payments = state.apps.find((a) => a.id === 'payments-api');
    expect(payments?.team_id).toBe(state.rbac.teams[0]?.team_id);
    expect(payments?.tags).toContainEqual({ key: 'language', value: 'go' });
    expect(payments?.base_branch).toBe('main');
  });

  it('has the cases a bill of materials states one analysis for (issue 41)', () => {
    const state = seedState(1);
    const latest = (app: string) =>
      state.analysis.scans
        .filter((s) => s.app === app && s.is_default_branch && s.status === 'completed')
        .sort((a, b) => a.started_at.localeCompare(b.started_at))
        .at(-1);
    const tag = (f: (typeof state.analysis.findings)[number], key: string) =>
      f.tags.find((t) => t.key === key)?.value;
    const findingsOf = (app: string) => {
      const ids = new Set(latest(app)?.finding_ids);
      return state.analysis.findings.filter((f) => ids.has(f.id) && f.status !== 'fixed');
    };
    // payments-api: CVE-2023-39325 on golang.org/x/net 0.7.0, twice.
    const net = findingsOf('payments-api').filter(
      (f) =>
        tag(f, 'cve') === 'CVE-2023-39325' && tag(f, 'package_url') === 'pkg:golang/golang.org/x/net@0.7.0',
    );
    expect(net.length).toBeGreaterThanOrEqual(2);
    // OpenSSL's CVE-2023-0286: reachable in one app's latest scan, unreachable in another's.
    const openssl = state.apps.flatMap((a) =>
      findingsOf(a.id).filter((f) => tag(f, 'cve') === 'CVE-2023-0286' && f.status !== 'ignored'),
    );
    const reach = (value: string) =>
      new Set(openssl.filter((f) => tag(f, 'reachability') === value).map((f) => f.app));
    expect([...reach('reachable')]).toContain('shiftleft-java-demo');
    expect([...reach('unreachable')]).toEqual(['docs-site']);
  });

  it('is plain JSON: a round trip changes nothing', () => {
    const state = seedState(3);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
