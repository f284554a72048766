import { describe, expect, it } from 'vitest';
import { call, useSandbox } from './harness.js';

/**
 * The findings listings as the service's newest clients (the vendor's tools for coding agents) query them:
 * `tag`, `ng` and the type `oss_risk`; a filter the sandbox does not know is refused, never ignored.
 */

const sandbox = useSandbox();
const java = 'shiftleft-java-demo';

type Listed = { id: string; type: string; severity: string; tags: { key: string; value: string }[] };
const rating = (f: Listed) => f.tags.find((t) => t.key === 'cvss_31_severity_rating')?.value;

const listings = [
  ['ListAppFindings', { appID: java }, 'status=any&per_page=250'],
  ['ListOrgFindings', {}, 'status=any&per_page=250'],
  ['ListCompoundFindings', { compoundName: 'shop' }, 'per_page=250'],
  ['ListCompoundFindingsDEPRECATED', { compoundName: 'shop' }, 'status=any&per_page=250'],
] as const;

describe('sandbox: the findings listings as the newest clients query them', () => {
  it.each(listings)('%s: tag=KEY__in__A,B lists only what it asks for', async (op, params, base) => {
    const all = (await call(sandbox(), op, { params, query: base })).json.response.findings as Listed[];
    const tag = encodeURIComponent('cvss_31_severity_rating__in__critical,high');
    const res = await call(sandbox(), op, { params, query: `${base}&tag=${tag}` });
    expect(res.status).toBe(200);
    const urgent = res.json.response.findings as Listed[];
    const expected = all.filter((f) => ['critical', 'high'].includes(rating(f) ?? ''));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(urgent.map((f) => f.id)).toEqual(expected.map((f) => f.id));
    if (op === 'ListCompoundFindings') expect(res.json.response.total_count).toBe(urgent.length);
    // Repeated, every one must match; `ng` is taken and changes nothing.
    const both = await call(sandbox(), op, {
      params,
      query: `${base}&tag=${tag}&tag=reachability__eq__reachable&ng=1`,
    });
    const reachable = expected.filter((f) =>
      f.tags.some((t) => t.key === 'reachability' && t.value === 'reachable'),
    );
    expect(reachable.length).toBeLessThan(expected.length);
    expect((both.json.response.findings as Listed[]).map((f) => f.id)).toEqual(reachable.map((f) => f.id));
    const ng = await call(sandbox(), op, { params, query: `${base}&ng=true` });
    expect((ng.json.response.findings as Listed[]).map((f) => f.id)).toEqual(all.map((f) => f.id));
  });

  it.each(listings)('%s: a filter it does not know is a 400 naming it', async (op, params, base) => {
    const res = await call(sandbox(), op, { params, query: `${base}&severity_rating=critical` });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'unknown query parameter severity_rating',
      validation_errors: ['severity_rating: not a parameter of this operation'],
    });
    const bad = await call(sandbox(), op, { params, query: `${base}&tag=severity` });
    expect([bad.status, bad.json.message]).toEqual([400, 'invalid query parameter tag']);
  });

  it('type oss_risk: an empty bucket in the demo data, then what a scan records', async () => {
    const app = { appID: 'web-frontend' };
    const none = await call(sandbox(), 'ListAppFindings', { params: app, query: 'type=oss_risk&status=any' });
    expect([none.status, none.json.response.findings]).toEqual([200, []]);
    const compound = await call(sandbox(), 'ListCompoundFindings', {
      params: { compoundName: 'shop' },
      query: 'finding_type=oss_risk',
    });
    expect([compound.status, compound.json.response.total_count]).toEqual([200, 0]);
    const recorded = sandbox().scan({
      app: 'web-frontend',
      new: [{ severity: 'medium', type: 'oss_risk', count: 2 }],
    });
    const listed = await call(sandbox(), 'ListAppFindings', { params: app, query: 'type=oss_risk' });
    expect((listed.json.response.findings as Listed[]).map((f) => f.id).sort()).toEqual(
      [...recorded.new].sort(),
    );
    expect((listed.json.response.findings as Listed[]).every((f) => f.type === 'oss_risk')).toBe(true);
  });

  it('elsewhere: an operation that takes parameters refuses one it does not know; one that takes none ignores it', async () => {
    const scans = await call(sandbox(), 'ListScans', { params: { appID: java }, query: 'branch=main' });
    expect([scans.status, scans.json.message]).toEqual([400, 'unknown query parameter branch']);
    const tagged = await call(sandbox(), 'ListScans', {
      params: { appID: java },
      query: 'tags[]=branch=main',
    });
    expect(tagged.status).toBe(200);
    expect((await call(sandbox(), 'ReadApp', { params: { appID: java }, query: 'x=1' })).status).toBe(200);
  });
});
