import { describe, expectTypeOf, it } from 'vitest';
import type { ResponseInputOf } from '@secscan/api/operations/schemas';
import { bool } from '../src/analysis/findings-query.js';
import { type HandlerMap, notFound, ok, type Reply, unread } from '../src/http.js';

/**
 * A handler is typed by its operation: its `query` reads only the parameters the operation declares, and
 * the payload it returns with `ok()` is the operation's response (the schema's input, its declared keys).
 * The `@ts-expect-error` lines are checked by `tsc --noEmit`: each must be an error, or the check fails.
 * The handlers are never run.
 */
describe('the sandbox handlers, typed from the operations table', () => {
  it('read only their operation’s query parameters, themselves or through the query helpers', () => {
    const handlers = {
      ListScans: ({ query }) => {
        void query.get('limit');
        void query.getAll('tags');
        // @ts-expect-error: per_page is not a parameter of ListScans
        void query.get('per_page');
        // @ts-expect-error: nor for the query helpers, which take the operation's names
        void bool(query, 'only_counts');
        void bool(new URLSearchParams(), 'only_counts');
        return ok({ scans: [] });
      },
      ListApps: ({ query }) => {
        // @ts-expect-error: ListApps declares no query parameter
        void query.has('page');
        return ok([]);
      },
    } satisfies HandlerMap;
    void handlers;
  });

  it('answer their operation’s response with ok(): a wrong key, a wrong type, a missing key do not compile', () => {
    const comment = { id: '1', created_at: '2026-01-01T00:00:00Z', finding_id: '7', comment: 'looked at' };
    const handlers = {
      ReadOneAppFindingComment: ({ params }) => {
        if (params.commentID === 'none') return notFound('no such comment');
        if (params.commentID === 'typo') {
          // @ts-expect-error: the schema has org_id, not orgID
          return ok({ ...comment, orgID: 'o' });
        }
        // @ts-expect-error: finding_id is a string
        if (params.commentID === 'number') return ok({ ...comment, finding_id: 7 });
        // @ts-expect-error: created_at is required
        if (params.commentID === 'short') return ok({ id: '1', finding_id: '7', comment: 'looked at' });
        return ok({ ...comment, ...unread({ resolved: false }) });
      },
      ListScans: async () => {
        await Promise.resolve();
        // @ts-expect-error: ListScans answers { scans }, not a list
        return ok([]);
      },
    } satisfies HandlerMap;
    void handlers;
  });

  it('pass a reply built elsewhere, unchecked, as the helpers declared to return a Reply do', () => {
    const helper = (): Reply => ok({ anything: true });
    const handlers = { ListApps: () => helper() } satisfies HandlerMap;
    void handlers;
    expectTypeOf<ResponseInputOf<'ReadOneAppFindingComment'>>().toEqualTypeOf<{
      id: string;
      created_at: string;
      app_id?: string | undefined;
      org_id?: string | undefined;
      finding_id: string;
      owner?: { email?: string | undefined; name?: string | undefined } | undefined;
      comment: string;
    }>();
  });
});
