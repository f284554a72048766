import { describe, expectTypeOf, it } from 'vitest';
import type { QueryOf } from '@secscan/api/operations/schemas';
import type { ApiClient } from '../../../src/api/client.js';

/**
 * The client's `query` is typed by each operation's declared query parameters. The `@ts-expect-error`
 * lines are checked by `tsc --noEmit` (part of `npm test`): each must be an error, or the check fails. The
 * calls are never made (the functions are not run).
 */
describe("the client's query parameters, typed from the table", () => {
  it('refuses a misspelt name, a wrong type and a value outside the enumeration', () => {
    const typed = async (client: ApiClient) => {
      await client.call('ListAppFindings', {
        path: { appID: 'a' },
        query: { per_page: 100, severity: 'high' },
      });
      await client.call('ListAppFindings', {
        path: { appID: 'a' },
        query: { severity: ['high', 'critical'] },
      });
      // @ts-expect-error: perPage is not a parameter of ListAppFindings (per_page is)
      await client.call('ListAppFindings', { path: { appID: 'a' }, query: { perPage: 100 } });
      // @ts-expect-error: per_page is an integer
      await client.call('ListAppFindings', { path: { appID: 'a' }, query: { per_page: '100' } });
      // @ts-expect-error: severity is low, medium, high or critical
      await client.call('ListAppFindings', { path: { appID: 'a' }, query: { severity: 'severe' } });
      // @ts-expect-error: finding_tag belongs to the compound list (the app list has finding_tags)
      await client.call('ListAppFindings', { path: { appID: 'a' }, query: { finding_tag: ['a__eq__b'] } });
      // @ts-expect-error: limit is not repeatable
      await client.call('ListScans', { path: { appID: 'a' }, query: { limit: [1, 2] } });
      // @ts-expect-error: ListScansCompare needs source and target
      await client.call('ListScansCompare', { path: { appID: 'a' }, query: { source: 'scan.1' } });
      // @ts-expect-error: ListApps declares no query parameter
      await client.call('ListApps', { query: { page: 1 } });
      for await (const page of client.pages('ListTeams', { query: { no_members: true } })) void page;
      // @ts-expect-error: no_members is a boolean
      for await (const page of client.pages('ListTeams', { query: { no_members: 'true' } })) void page;
    };
    void typed;
  });

  it('maps each declaration to its type', () => {
    expectTypeOf<QueryOf<'ListTokens'>>().toEqualTypeOf<{
      readonly show_expired?: boolean | null | undefined;
      readonly token_type?: 'access' | 'integration' | null | undefined;
    }>();
    expectTypeOf<QueryOf<'ListScansCompare'>>().toEqualTypeOf<{
      readonly source: string;
      readonly target: string;
    }>();
    expectTypeOf<QueryOf<'GetWebhook'>['version']>().toEqualTypeOf<1 | 2 | null | undefined>();
    expectTypeOf<QueryOf<'ListApps'>>().toEqualTypeOf<{ readonly [name: string]: never }>();
  });
});
