import { describe, expect, it } from 'vitest';
import { call, userToken, useSandbox } from './harness.js';

const sandbox = useSandbox();
const search = { search_name: 'Mine', path_name: '/findings', search_query: 'severity=high' };

describe('sandbox: saved searches', () => {
  it('answers bare: a list of the caller’s own, 201 and 204 without a body', async () => {
    const seeded = await call(sandbox(), 'ListSavedSearches');
    expect(seeded.status).toBe(200);
    expect(seeded.json.map((s: { search_name: string }) => s.search_name)).toEqual([
      'Critical in payments',
      'Unassigned secrets',
    ]);
    const member = userToken(sandbox(), 'MEMBER');
    expect((await call(sandbox(), 'ListSavedSearches', { token: member })).json).toEqual([]);
    const created = await call(sandbox(), 'CreateSavedSearch', { token: member, body: search });
    expect([created.status, created.body]).toEqual([201, undefined]);
    const mine = (await call(sandbox(), 'ListSavedSearches', { token: member })).json;
    expect(mine).toEqual([{ id: expect.any(String), ...search, updated_at: expect.any(String) }]);
    const id = mine[0].id as string;
    const otherUser = await call(sandbox(), 'UpdateSavedSearch', { params: { searchID: id }, body: search });
    expect(otherUser.status).toBe(404);
    const updated = await call(sandbox(), 'UpdateSavedSearch', {
      token: member,
      params: { searchID: id },
      body: { ...search, search_query: 'severity=critical' },
    });
    expect(updated.status).toBe(200);
    expect((await call(sandbox(), 'ListSavedSearches', { token: member })).json[0].search_query).toBe(
      'severity=critical',
    );
    const deleted = await call(sandbox(), 'DeleteSavedSearch', { token: member, params: { searchID: id } });
    expect([deleted.status, deleted.body]).toEqual([204, undefined]);
    expect(
      (await call(sandbox(), 'DeleteSavedSearch', { token: member, params: { searchID: id } })).status,
    ).toBe(404);
  });

  it('refuses a search without a name or path (400)', async () => {
    const res = await call(sandbox(), 'CreateSavedSearch', { body: { search_query: 'x' } });
    expect(res.status).toBe(400);
  });
});
