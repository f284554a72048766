import { describe, expect, it } from 'vitest';
import { pathParams } from '@secscan/api/operation';
import { allOperations, type OperationId, operations } from '@secscan/api/operations';
import { handlers } from '../src/routes/index.js';
import { call, request, useSandbox } from './harness.js';

const unserved = allOperations
  .filter((op) => !Object.hasOwn(handlers, op.id))
  .map((op) => op.id as OperationId);

describe('sandbox: an operation without a handler', () => {
  const bare = useSandbox({ handlers: {} });

  it('answers 501 before asking for a token', async () => {
    const res = await call(bare(), 'ListTeams', { token: null });
    expect(res.status).toBe(501);
    expect(res.json.message).toContain('ListTeams');
  });

  it('answers ListTeams 501 NOT_IMPLEMENTED naming the operation, not 404', async () => {
    const res = await call(bare(), 'ListTeams');
    expect(res.status).toBe(501);
    expect(res.json).toEqual({
      ok: false,
      code: 'NOT_IMPLEMENTED',
      message: 'the sandbox does not serve ListTeams',
      validation_errors: [],
    });
  });
});

describe('sandbox: operations of the table without a handler', () => {
  const sandbox = useSandbox();

  it.each(unserved)('routes %s to itself and answers 501', async (id) => {
    const names = pathParams(operations[id].path).filter((name) => name !== 'orgID');
    const params = Object.fromEntries(names.map((name) => [name, `sample-${name}`]));
    const res = await call(sandbox(), id, { params });
    expect(res.status).toBe(501);
    expect(res.json.message).toBe(`the sandbox does not serve ${id}`);
  });

  it('still answers 404 for a path no operation serves', async () => {
    const res = await request(sandbox(), 'GET', `/orgs/${sandbox().orgId}/no-such-thing`);
    expect(res.status).toBe(404);
  });
});
