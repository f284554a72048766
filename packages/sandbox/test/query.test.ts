import { describe, expect, it } from 'vitest';
import { call, useSandbox } from './harness.js';

/** Query strings are read by each operation's declared parameters (@secscan/api), before the handler. */
describe('query parameters', () => {
  const sandbox = useSandbox();

  it.each([
    ['ListTeams', 'no_members=yes', 'no_members', 'expected true or false'],
    ['ListOrgFindings', 'per_page=many', 'per_page', 'expected an integer from 1 to 250'],
    [
      'ListOrgFindings',
      'severity=high&severity=severe',
      'severity',
      'expected one of low, medium, high, critical',
    ],
    ['ListTokens', 'token_type=personal', 'token_type', 'expected one of access, integration'],
    ['ListOrgCompounds', 'archived=maybe', 'archived', 'expected true or false'],
    ['GetWebhook', 'version=3', 'version', 'expected one of 1, 2'],
  ] as const)('%s?%s is the service’s validation error', async (id, query, name, expected) => {
    const res = await call(sandbox(), id, { query });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: `invalid query parameter ${name}`,
      validation_errors: [`${name}: ${expected}`],
    });
  });

  it('names a required parameter left out', async () => {
    const res = await call(sandbox(), 'ListScansCompare', {
      params: { appID: 'shiftleft-java-demo' },
      query: 'source=scan.1000',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('missing query parameter target');
  });

  it('refuses a name an operation that takes parameters does not declare: a filter it does not know', async () => {
    const extra = await call(sandbox(), 'ListTeams', { query: 'no_members=true&perPage=x' });
    expect(extra.status).toBe(400);
    expect(extra.json).toEqual({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'unknown query parameter perPage',
      validation_errors: ['perPage: not a parameter of this operation'],
    });
  });

  it('ignores the names given to an operation that takes no parameters', async () => {
    const plain = await call(sandbox(), 'ListApps');
    const extra = await call(sandbox(), 'ListApps', { query: 'utm_source=mail' });
    expect(extra.status).toBe(200);
    expect(extra.json.response).toEqual(plain.json.response);
  });
});
