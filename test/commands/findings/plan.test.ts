import { describe, expect, it, vi } from 'vitest';
import { authEnv, ok, ORG, useCli } from '../../helpers/cli.js';
import { finding } from './fixtures.js';

/** `findings list` plans its query once: the plan its validate() returns is the one run() sends. */
const planned = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../../src/triage/query.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/triage/query.js')>();
  return {
    ...actual,
    planList: (...args: Parameters<typeof actual.planList>) => {
      planned.calls++;
      return actual.planList(...args);
    },
  };
});

const cli = useCli();

describe('findings list: one plan from validate to run', () => {
  it('works out the query once and sends it', async () => {
    cli.api
      .intercept({
        path: `/api/v4/orgs/${ORG}/apps/shop-api/findings`,
        method: 'GET',
        query: { severity: 'high', per_page: 5 },
      })
      .reply(200, ok({ has_more: false, findings: [finding('1')] }));
    const result = await cli.run(
      ['findings', 'list', '--app', 'shop-api', '--severity', 'high', '--limit', '5', '-o', 'json'],
      { env: authEnv() },
    );
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(JSON.parse(result.stdout)).toHaveLength(1);
    expect(planned.calls).toBe(1);
  });
});
