import { describe, expect, it } from 'vitest';
import { call, orgToken, userToken, useSandbox } from './harness.js';

const sandbox = useSandbox();
const app = { appID: 'shiftleft-java-demo' };
const ids = (json: { response: { findings?: { id: string }[] } }) =>
  (json.response.findings ?? []).map((f) => f.id);

describe('sandbox: finding lists', () => {
  it('lists the latest scan of an app, unset only by default, id descending, with has_more and next_page', async () => {
    const all = await call(sandbox(), 'ListAppFindings', { params: app, query: 'status=any&per_page=250' });
    const unset = await call(sandbox(), 'ListAppFindings', { params: app, query: 'per_page=250' });
    expect(all.status).toBe(200);
    expect(all.json.response.findings.length).toBeGreaterThan(unset.json.response.findings.length);
    expect(unset.json.response.findings.every((f: { status: string }) => f.status === 'unset')).toBe(true);
    const list = ids(all.json).map(Number);
    expect(list).toEqual([...list].sort((a, b) => b - a));
    const first = await call(sandbox(), 'ListAppFindings', { params: app, query: 'status=any&per_page=2' });
    expect(first.json.response.has_more).toBe(true);
    expect(first.json.next_page).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/v4\/orgs\/.+\/findings\?status=any&per_page=2&page=2$/,
    );
    expect(ids(first.json)).toEqual(ids(all.json).slice(0, 2));
    const last = await call(sandbox(), 'ListAppFindings', {
      params: app,
      query: `status=any&per_page=${list.length}`,
    });
    expect(last.json.response.has_more).toBe(false);
    expect(last.json.next_page).toBeUndefined();
  });

  it('honours severity, type, assignment, sort and order', async () => {
    const res = await call(sandbox(), 'ListAppFindings', {
      params: app,
      query:
        'status=any&severity=high&severity=critical&type=vuln&assignment=unassigned&sort=severity&order=asc&per_page=250',
    });
    const findings = res.json.response.findings as { severity: string; type: string; assignee?: string }[];
    expect(findings.length).toBeGreaterThan(0);
    expect(
      findings.every((f) => ['high', 'critical'].includes(f.severity) && f.type === 'vuln' && !f.assignee),
    ).toBe(true);
    const sev = findings.map((f) => f.severity);
    expect(sev.indexOf('critical') === -1 || sev.lastIndexOf('high') < sev.indexOf('critical')).toBe(true);
  });

  it('answers 400 for a bad enum and 404 for an unknown app', async () => {
    expect((await call(sandbox(), 'ListAppFindings', { params: app, query: 'severity=huge' })).status).toBe(
      400,
    );
    expect((await call(sandbox(), 'ListAppFindings', { params: { appID: 'nope' } })).status).toBe(404);
  });

  it('compound list: total_count, finding_tag operators, finding_search, fields and paging', async () => {
    const all = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'per_page=250',
    });
    const total = all.json.response.total_count as number;
    expect(total).toBe(all.json.response.findings.length);
    expect(all.json.response.polyglot_scan.scans.length).toBeGreaterThan(1);
    const cvss = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'finding_tag=cvss_score__gte__7.3&finding_fields=-description',
    });
    const found = cvss.json.response.findings as {
      tags: { key: string; value: number }[];
      description?: string;
    }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => Number(f.tags.find((t) => t.key === 'cvss_score')?.value) >= 7.3)).toBe(true);
    expect(found.every((f) => f.description === undefined)).toBe(true);
    const search = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'finding_search=SQL',
    });
    expect(search.json.response.findings.every((f: { title: string }) => /sql/i.test(f.title))).toBe(true);
    const page = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'per_page=3&finding_sort=id',
    });
    expect(page.json.response.total_count).toBe(total);
    expect(page.json.response.has_more).toBe(true);
    const asc = ids(page.json).map(Number);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const tooMany = Array.from({ length: 21 }, () => 'finding_tag=a__eq__b').join('&');
    expect(
      (await call(sandbox(), 'ListCompoundFindings', { params: { compoundName: 'shop' }, query: tooMany }))
        .status,
    ).toBe(400);
    const both = 'finding_assignee=a@b.io&finding_assignment=assigned';
    expect(
      (await call(sandbox(), 'ListCompoundFindings', { params: { compoundName: 'shop' }, query: both }))
        .status,
    ).toBe(400);
  });

  it('compound list narrows by scan language', async () => {
    const res = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'scan_language=go&per_page=250',
    });
    expect(res.json.response.findings.every((f: { app: string }) => f.app === 'payments-api')).toBe(true);
  });

  it('diff new against a source scan lists what the target added', async () => {
    const scans = sandbox().state.analysis.scans.filter(
      (s) => s.app === 'shiftleft-java-demo' && s.is_default_branch,
    );
    const [oldest] = scans;
    const res = await call(sandbox(), 'ListAppFindings', {
      params: app,
      query: `status=any&source=scan.${oldest?.id}&diff=new&per_page=250`,
    });
    expect(res.status).toBe(200);
    for (const id of ids(res.json)) expect(oldest?.finding_ids.includes(id)).toBe(false);
  });

  it('search narrows the app, org and compound lists: case folded, in title or description, all must match', async () => {
    const lists = [
      ['ListAppFindings', app, 'status=any&per_page=250'],
      ['ListOrgFindings', {}, 'status=any&per_page=250'],
      ['ListCompoundFindingsDEPRECATED', { compoundName: 'shop' }, 'status=any&per_page=250'],
      ['ListCompoundFindings', { compoundName: 'shop' }, 'per_page=250'],
    ] as const;
    for (const [op, params, base] of lists) {
      const everything = await call(sandbox(), op, { params, query: base });
      const findings = everything.json.response.findings as {
        id: string;
        title: string;
        description: string;
      }[];
      expect(findings.length, op).toBeGreaterThan(1);
      const none = await call(sandbox(), op, { params, query: `${base}&search=zzzznotthere` });
      expect([none.status, ids(none.json)], op).toEqual([200, []]);
      // A word of one title, in upper case, and a word of a description: each narrows, both narrow further.
      const word = (findings[0]?.title.split(/\W+/).find((w) => w.length > 3) ?? '').toUpperCase();
      const other =
        findings
          .at(-1)
          ?.description.split(/\W+/)
          .find((w) => w.length > 4) ?? '';
      const has = (f: { title: string; description: string }, w: string) =>
        `${f.title}\n${f.description}`.toLowerCase().includes(w.toLowerCase());
      for (const texts of [[word], [other], [word, other]]) {
        const query = `${base}&${texts.map((t) => `search=${encodeURIComponent(t)}`).join('&')}`;
        const narrowed = await call(sandbox(), op, { params, query });
        const expected = findings.filter((f) => texts.every((t) => has(f, t))).map((f) => f.id);
        expect(ids(narrowed.json), `${op} ${texts.join(' ')}`).toEqual(expected);
        expect(expected.length, `${op} ${texts.join(' ')}`).toBeLessThan(findings.length);
      }
    }
  });

  it('org list and summary cover every app', async () => {
    const org = await call(sandbox(), 'ListOrgFindings', { query: 'status=any&per_page=250' });
    const apps = new Set(org.json.response.findings.map((f: { app: string }) => f.app));
    expect(apps.size).toBe(5);
    const summary = await call(sandbox(), 'ReadOrgFindingsSummary', { query: 'default_branch=true' });
    expect(summary.json.response.apps).toHaveLength(5);
    expect(summary.json.response.findings_summaries[0]).toHaveProperty('by_severity');
  });
});

describe('sandbox: triage', () => {
  it('a status change persists and adds a comment carrying optional_comment', async () => {
    const before = await call(sandbox(), 'ListAppFindings', { params: app, query: 'per_page=1' });
    const id = ids(before.json)[0] as string;
    const set = await call(sandbox(), 'SetAppFindingStatus', {
      params: { ...app, findingID: id },
      body: { status: 'fixed', optional_comment: 'patched in 2.4' },
    });
    expect(set.status).toBe(200);
    const read = await call(sandbox(), 'ReadAppFinding', { params: { ...app, findingID: id } });
    expect(read.json.response.status).toBe('fixed');
    const comments = await call(sandbox(), 'ListAppFindingComments', { params: { ...app, findingID: id } });
    expect(comments.json.response.at(-1).comment).toBe('patched in 2.4');
    const unset = await call(sandbox(), 'ListAppFindings', { params: app, query: 'per_page=250' });
    expect(ids(unset.json)).not.toContain(id);
    const fixed = await call(sandbox(), 'ListAppFindings', {
      params: app,
      query: 'status=fixed&per_page=250',
    });
    expect(ids(fixed.json)).toContain(id);
  });

  it('bulk status and assignee: integers, all or nothing on unknown ids, one comment per change', async () => {
    const list = await call(sandbox(), 'ListAppFindings', { params: app, query: 'per_page=2' });
    const [a, b] = ids(list.json).map(Number);
    const commentsBefore = sandbox().state.analysis.comments.length;
    const missing = await call(sandbox(), 'SetAppMultipleFindingsStatus', {
      params: app,
      body: { findings: [a, 999999], status: 'ignore' },
    });
    expect(missing.status).toBe(404);
    const okBulk = await call(sandbox(), 'SetAppMultipleFindingsStatus', {
      params: app,
      body: { findings: [a, b], status: 'ignore' },
    });
    expect(okBulk.status).toBe(200);
    expect(sandbox().state.analysis.comments.length).toBe(commentsBefore + 2);
    const assign = await call(sandbox(), 'SetAppMultipleFindingsAssignee', {
      params: app,
      body: { findings: [a, b], assignee: 'dev@example.com' },
    });
    expect(assign.status).toBe(200);
    const read = await call(sandbox(), 'ReadAppFinding', { params: { ...app, findingID: String(a) } });
    expect(read.json.response).toMatchObject({ status: 'ignored', assignee: 'dev@example.com' });
    expect(
      (
        await call(sandbox(), 'SetAppFindingAssignee', {
          params: { ...app, findingID: String(a) },
          body: { assignee: 'not-mail' },
        })
      ).status,
    ).toBe(400);
  });

  it('comments: create, list and read one; roles without the scopes get 403', async () => {
    const id = sandbox().state.analysis.findings.find((f) => f.app === 'payments-api')?.id as string;
    const params = { appID: 'payments-api', findingID: id };
    const created = await call(sandbox(), 'CreateAppFindingComment', {
      params,
      body: { comment: 'looking' },
    });
    expect(created.json.response).toMatchObject({
      comment: 'looking',
      finding_id: id,
      org_id: sandbox().orgId,
    });
    const one = await call(sandbox(), 'ReadOneAppFindingComment', {
      params: { ...params, commentID: created.json.response.id },
    });
    expect(one.json.response.comment).toBe('looking');
    const guest = userToken(sandbox(), 'GUEST');
    expect(
      (await call(sandbox(), 'SetAppFindingStatus', { params, body: { status: 'fixed' }, token: guest }))
        .status,
    ).toBe(403);
    expect(
      (await call(sandbox(), 'ReadAppFinding', { params, token: userToken(sandbox(), 'MEMBER') })).status,
    ).toBe(403);
    expect(
      (
        await call(sandbox(), 'ListAppFindings', {
          params: { appID: 'payments-api' },
          token: orgToken(sandbox(), 'ci'),
        })
      ).status,
    ).toBe(200);
  });
});

describe('sandbox: fixes, versions, SCA, packages', () => {
  it('recommended fix, and the applied-fix feature off', async () => {
    const id = sandbox().state.analysis.findings[0]?.id as string;
    const params = { ...app, findingID: id };
    const fix = await call(sandbox(), 'ReadRecommendedFix', { params });
    expect(fix.json.response.fix).toMatch(/\w/);
    const applied = await call(sandbox(), 'ReadFindingFix', { params });
    expect(applied.status).toBe(404);
    expect(applied.json.code).toBe('FEATURE_DISABLED');
  });

  it('versions list and read', async () => {
    const list = await call(sandbox(), 'ListAppVersions', { params: app });
    expect(list.json.response.length).toBeGreaterThan(1);
    const v = list.json.response[0].version;
    const one = await call(sandbox(), 'ReadAppVersion', { params: { ...app, versionID: v } });
    expect(one.json.response).toMatchObject({ version: v });
  });

  it('SCA packages with total_count and has_more; dependency search stops at page 20', async () => {
    const pkgs = await call(sandbox(), 'ReadCompoundSCAPackages', {
      params: { compoundName: 'shop' },
      query: 'per_page=2&sort=num_vulns&order=desc',
    });
    expect(pkgs.json.response.has_more).toBe(true);
    expect(pkgs.json.response.total_count).toBeGreaterThan(2);
    expect(pkgs.json.response.packages[0].total_vulns).toBeGreaterThan(0);
    const deps = await call(sandbox(), 'SearchDependency', { query: 'search=log4j' });
    expect(deps.json.response.length).toBeGreaterThan(0);
    expect((await call(sandbox(), 'SearchDependency', { query: 'page=21' })).status).toBe(400);
    const info = await call(sandbox(), 'RetrievePackageInfo', {
      body: { purls: ['pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'] },
    });
    expect(info.json.response[0].cves[0].id).toBe('CVE-2021-44228');
    expect((await call(sandbox(), 'RetrievePackageInfo', { body: { purls: ['log4j'] } })).status).toBe(400);
  });
});
