import { describe, expect, it } from 'vitest';
import { call, useSandbox } from './harness.js';

const sandbox = useSandbox();
const app = { appID: 'shiftleft-java-demo' };

interface ApiFinding {
  id: string;
  app: string;
  type: string;
  severity: string;
  details: Record<string, unknown>;
  tags: { key: string; value: string | number }[];
  scan_first_seen?: string;
}

async function everyFinding(): Promise<ApiFinding[]> {
  const res = await call(sandbox(), 'ListOrgFindings', { query: 'status=any&per_page=250' });
  return res.json.response.findings;
}

const tag = (f: ApiFinding, key: string) => f.tags.filter((t) => t.key === key).map((t) => t.value);

describe('sandbox: findings shaped as the service shapes them', () => {
  it('details by type: vuln, secret and extscan, oss_vuln, and the package type', async () => {
    const findings = await everyFinding();
    const of = (type: string) => findings.filter((f) => f.type === type);
    for (const type of ['vuln', 'secret', 'extscan', 'oss_vuln', 'package']) {
      expect(of(type).length, type).toBeGreaterThan(0);
    }
    for (const f of of('vuln')) {
      expect(f.details.file_locations).toEqual([expect.stringMatching(/^[\w/.-]+:\d+$/)]);
      expect(f.details).toMatchObject({ source_method: expect.any(String), sink_method: expect.any(String) });
      const list = (f.details.dataflow as { list: Record<string, unknown>[] }).list;
      expect(list.length).toBeGreaterThan(1);
      for (const step of list) {
        expect(step).toMatchObject({
          location: {
            file_name: expect.any(String),
            line_number: expect.any(Number),
            method_name: expect.any(String),
            short_method_name: expect.any(String),
            vcs_url: expect.stringMatching(/^https:\/\//),
          },
          method_tags: expect.arrayContaining([{ key: 'role', value: expect.any(String) }]),
          variable_info: { Variable: expect.any(Object) },
        });
        for (const t of step.method_tags as unknown[])
          expect(t).toEqual({ key: expect.any(String), value: expect.any(String) });
      }
      // The entry point carries the HTTP route the vuln is reachable from; no other step does.
      const routes = list.map((step) =>
        (step.method_tags as { key: string; value: string }[])
          .filter((t) => t.key === 'EXPOSED_METHOD_ROUTE')
          .map((t) => t.value),
      );
      expect(routes[0]).toEqual([expect.stringMatching(/^(GET|POST|PUT|DELETE) \/[\w/{}-]+$/)]);
      expect(routes.slice(1).flat()).toEqual([]);
      const sink = list.at(-1)?.location as { file_name: string; line_number: number };
      expect(f.details.file_locations).toEqual([`${sink.file_name}:${sink.line_number}`]);
    }
    for (const f of [...of('secret'), ...of('extscan')]) {
      expect(f.details).toEqual({
        fileName: expect.any(String),
        lineNumber: expect.any(Number),
        repoContext: { commit_id: expect.any(String) },
      });
    }
    for (const f of of('oss_vuln')) {
      expect(f.details).toEqual({
        dependency: { artifact_id: expect.any(String), version: expect.any(String) },
      });
      expect(tag(f, 'location')).toEqual([expect.stringMatching(/^[\w.-]+#\d+$/)]);
      expect(tag(f, 'oss_internal_id')).toEqual([expect.stringMatching(/^GHSA-/)]);
    }
    for (const f of of('package')) expect(f.details).toHaveProperty('dependency.artifact_id');
  });

  it('tags clients count by, and the scan each finding was first seen in', async () => {
    const findings = await everyFinding();
    const scans = new Set(sandbox().state.analysis.scans.map((s) => s.id));
    for (const f of findings) {
      expect(tag(f, 'cvss_31_severity_rating')).toEqual([f.severity]);
      expect(tag(f, 'owasp_2021_category')).toEqual([expect.stringMatching(/^a\d\d-/)]);
      expect(tag(f, 'cwe_category')).toEqual([expect.stringMatching(/^\d+$/)]);
      expect(scans.has(f.scan_first_seen as string)).toBe(true);
    }
  });

  it('sends every tag value as a string, numbers included (cvss_score "7.2"), in every answer with tags', async () => {
    const findings = await everyFinding();
    const scores = findings.flatMap((f) => tag(f, 'cvss_score'));
    expect(scores.length).toBeGreaterThan(0);
    for (const score of scores) expect(score).toMatch(/^\d+(\.\d+)?$/);
    const compound = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'per_page=250',
    });
    const finding = await call(sandbox(), 'ReadAppFinding', {
      params: { ...app, findingID: (findings.find((f) => f.app === app.appID) as ApiFinding).id },
    });
    const dependencies = await call(sandbox(), 'SearchDependency', { query: 'search=a&from=0' });
    expect(dependencies.json.response.length).toBeGreaterThan(0);
    const tagged: { tags: { key: string; value: unknown }[] }[] = [
      ...findings,
      ...compound.json.response.findings,
      finding.json.response,
      ...dependencies.json.response,
    ];
    const nonString = tagged.flatMap((t) => t.tags.filter((kv) => typeof kv.value !== 'string'));
    expect(nonString).toEqual([]);
  });

  it('counts carry cvss_31_severity_rating, owasp_2021_category and cwe_category, and sum to the findings', async () => {
    const res = await call(sandbox(), 'ListAppFindings', { params: app, query: 'status=any&per_page=250' });
    const { counts, findings } = res.json.response as {
      counts: { key: string; value: string; count: number }[];
      findings: ApiFinding[];
    };
    const keys = new Set(counts.map((c) => c.key));
    for (const key of ['cvss_31_severity_rating', 'owasp_2021_category', 'cwe_category']) {
      expect(keys.has(key), key).toBe(true);
    }
    const bySeverity = counts
      .filter((c) => c.key === 'cvss_31_severity_rating')
      .reduce((n, c) => n + c.count, 0);
    expect(bySeverity).toBe(findings.length);
    const compound = await call(sandbox(), 'ListCompoundFindings', { params: { compoundName: 'shop' } });
    const compoundKeys = compound.json.response.counts.map((c: { key: string }) => c.key);
    expect(compoundKeys).toEqual(
      expect.arrayContaining(['cvss_31_severity_rating', 'owasp_2021_category', 'cwe_category']),
    );
    const scan = await call(sandbox(), 'ReadScan', { params: { ...app, scanID: res.json.response.scan.id } });
    expect(
      scan.json.response[0].counts.some((c: { key: string }) => c.key === 'cvss_31_severity_rating'),
    ).toBe(true);
  });

  it('leaves counts out when no finding matches', async () => {
    const none = 'status=any&category=No%20Such%20Category';
    const appList = await call(sandbox(), 'ListAppFindings', { params: app, query: none });
    expect(appList.status).toBe(200);
    expect(appList.json.response).not.toHaveProperty('counts');
    expect(appList.json.response.findings).toEqual([]);
    const org = await call(sandbox(), 'ListOrgFindings', { query: none });
    expect(org.json.response).not.toHaveProperty('counts');
    const compound = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'finding_tag=category__eq__none',
    });
    expect(compound.json.response).not.toHaveProperty('counts');
    expect(compound.json.response.findings).toEqual([]);
  });

  it.each([['version=nope'], ['scan=999999'], ['tags=branch%3Dnope']])(
    'a selector matching no scan (%s) answers 200 with no scan and no findings',
    async (query) => {
      const res = await call(sandbox(), 'ListAppFindings', { params: app, query });
      expect(res.status).toBe(200);
      expect(res.json.response).toEqual({ has_more: false, findings: [] });
      expect(res.json.next_page).toBeUndefined();
    },
  );

  it('a compound scan selector matching nothing answers 200 with no scan either', async () => {
    const res = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'scan_branch=nope',
    });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ has_more: false, findings: [], total_count: 0 });
    const old = await call(sandbox(), 'ListCompoundFindingsDEPRECATED', {
      params: { compoundName: 'shop' },
      query: 'version=nope',
    });
    expect(old.json.response).toEqual({ has_more: false, findings: [] });
  });

  it('finding_tags: the same key repeated is an OR, different keys an AND (app and org lists)', async () => {
    const q = (...tags: string[]) =>
      ['status=any', 'per_page=250', ...tags.map((t) => `finding_tags=${t}`)].join('&');
    const severities = async (query: string) => {
      const res = await call(sandbox(), 'ListOrgFindings', { query });
      return (res.json.response.findings ?? []) as ApiFinding[];
    };
    const critical = await severities(q('cvss_31_severity_rating=critical'));
    const high = await severities(q('cvss_31_severity_rating=high'));
    const both = await severities(q('cvss_31_severity_rating=critical', 'cvss_31_severity_rating=high'));
    expect(critical.length).toBeGreaterThan(0);
    expect(high.length).toBeGreaterThan(0);
    expect(both.length).toBe(critical.length + high.length);
    const narrowed = await severities(
      q('cvss_31_severity_rating=critical', 'cvss_31_severity_rating=high', 'language=java'),
    );
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(both.length);
    expect(
      narrowed.every((f) => tag(f, 'language')[0] === 'java' && ['critical', 'high'].includes(f.severity)),
    ).toBe(true);
    const appBoth = await call(sandbox(), 'ListAppFindings', {
      params: app,
      query: q('cvss_31_severity_rating=critical', 'cvss_31_severity_rating=high'),
    });
    expect(appBoth.json.response.findings.length).toBeGreaterThan(0);
  });

  it('finding_tag on the compound list: every query must match, as its parameter says', async () => {
    const list = async (query: string) =>
      ((await call(sandbox(), 'ListCompoundFindings', { params: { compoundName: 'shop' }, query })).json
        .response.findings ?? []) as ApiFinding[];
    const both = await list(
      'finding_tag=cvss_31_severity_rating__eq__critical&finding_tag=cvss_31_severity_rating__eq__high',
    );
    expect(both).toEqual([]);
    const either = await list('finding_tag=cvss_31_severity_rating__in__critical,high&per_page=250');
    expect(either.length).toBeGreaterThan(0);
  });

  it('next_page keeps the scheme and host the client used (Forwarded, X-Forwarded-Proto/Host)', async () => {
    const path = `/orgs/${sandbox().orgId}/apps/shiftleft-java-demo/findings?status=any&per_page=1`;
    const nextPage = async (headers: Record<string, string>) => {
      const res = await fetch(`${sandbox().baseUrl}/api/v4${path}`, {
        headers: { authorization: `Bearer ${sandbox().token}`, ...headers },
      });
      return ((await res.json()) as { next_page: string }).next_page;
    };
    expect(await nextPage({})).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v4\//);
    expect(await nextPage({ 'x-forwarded-proto': 'https' })).toMatch(
      /^https:\/\/127\.0\.0\.1:\d+\/api\/v4\//,
    );
    expect(
      await nextPage({ 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'api.example.com' }),
    ).toMatch(/^https:\/\/api\.example\.com\/api\/v4\//);
    expect(
      await nextPage({ forwarded: 'for=1.2.3.4;proto=https;host="proxy.example.com:8443", proto=http' }),
    ).toMatch(/^https:\/\/proxy\.example\.com:8443\/api\/v4\//);
    expect(await nextPage({ 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'bad host/' })).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\//,
    );
  });

  it('seeds an app whose name equals its id', async () => {
    const res = await call(sandbox(), 'ListApps');
    const apps = res.json.response as { id: string; name: string }[];
    expect(apps.some((a) => a.name === a.id)).toBe(true);
    expect(apps.some((a) => a.name !== a.id)).toBe(true);
  });
});
