import { describe, expect, it } from 'vitest';
import { ReplyError } from '../src/http.js';
import { paginate } from '../src/paging.js';

const items = Array.from({ length: 7 }, (_, i) => i + 1);

function req(query: string) {
  return {
    op: { path: '/orgs/{orgID}/apps/{appID}/findings' },
    params: { orgID: 'org-1', appID: 'my app' },
    query: new URLSearchParams(query),
    baseUrl: 'http://127.0.0.1:4010',
  };
}

describe('paginate', () => {
  it('slices by page and per_page and links the next page on the same host, under /api/v4', () => {
    const page = paginate(req('per_page=3&type=vuln&type=secret'), items);
    expect(page.items).toEqual([1, 2, 3]);
    expect(page.hasMore).toBe(true);
    const next = new URL(page.nextPage as string);
    expect(next.origin).toBe('http://127.0.0.1:4010');
    expect(next.pathname).toBe('/api/v4/orgs/org-1/apps/my%20app/findings');
    expect(next.searchParams.getAll('type')).toEqual(['vuln', 'secret']);
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('per_page')).toBe('3');
  });

  it('has no next page on the last page, and an empty page past the end', () => {
    const last = paginate(req('per_page=3&page=3'), items);
    expect(last.items).toEqual([7]);
    expect(last.hasMore).toBe(false);
    expect(last.nextPage).toBeUndefined();
    expect(paginate(req('per_page=3&page=9'), items).items).toEqual([]);
  });

  it('uses the default page size, and caps per_page', () => {
    expect(paginate(req(''), items, { defaultPerPage: 5 }).items).toEqual([1, 2, 3, 4, 5]);
    expect(() => paginate(req('per_page=101'), items, { maxPerPage: 100 })).toThrow(ReplyError);
  });

  it.each(['page=0', 'page=x', 'per_page=-1', 'per_page=1.5'])(
    'refuses %s with a 400 validation error',
    (query) => {
      try {
        paginate(req(query), items);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ReplyError);
        expect((error as ReplyError).reply.status).toBe(400);
        expect((error as ReplyError).reply.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      }
    },
  );
});
