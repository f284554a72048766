import { describe, expect, it } from 'vitest';
import { fillPath, pathParams } from '@secscan/api/operation';
import { allOperations, type OperationId, operations } from '@secscan/api/operations';
import { callbackOperations } from '../src/oauth.js';
import { handlers } from '../src/routes/index.js';
import { call, request, useSandbox } from './harness.js';

const unserved = allOperations
  .filter((op) => !Object.hasOwn(handlers, op.id) && !Object.hasOwn(callbackOperations, op.id))
  .map((op) => op.id as OperationId);

describe('sandbox: an operation without a handler', () => {
  const bare = useSandbox({ handlers: {} });

  it('answers 501 before asking for a token', async () => {
    const res = await call(bare(), 'ListTeams', { token: null });
    expect(res.status).toBe(501);
  });

  it('answers ListTeams 501 NOT_IMPLEMENTED in the service’s envelope, not 404', async () => {
    const res = await call(bare(), 'ListTeams');
    expect(res.status).toBe(501);
    expect(res.json).toEqual({
      ok: false,
      code: 'NOT_IMPLEMENTED',
      message: 'Not Implemented',
      validation_errors: [],
    });
  });
});

describe('sandbox: every operation of the table', () => {
  const sandbox = useSandbox();

  it('has a handler (the two OAuth callbacks are served before any token is asked for)', () => {
    expect(unserved).toEqual([]);
    expect(Object.keys(callbackOperations).sort()).toEqual(['AzureCallback', 'SlackCallback']);
  });

  it.each(allOperations.map((op) => op.id as OperationId))(
    'routes %s to itself, never 404 or 501',
    async (id) => {
      const op = operations[id];
      const names = pathParams(op.path).filter((name) => name !== 'orgID');
      const path = fillPath(op.path, {
        orgID: sandbox().orgId,
        ...Object.fromEntries(names.map((name) => [name, `sample-${name}`])),
      });
      const res = await fetch(`${sandbox().baseUrl}/api/v4${path}`, {
        method: op.method,
        headers: { authorization: `Bearer ${sandbox().token}` },
        redirect: 'manual',
      });
      const text = await res.text();
      expect(res.status).not.toBe(501);
      // A 404 of an unknown id says which one; the generic one is for a path no operation serves.
      if (res.status === 404) expect(JSON.parse(text).message).not.toBe('Not Found');
    },
  );

  it('answers a path no operation serves as the service does: 404 NOT_FOUND, a generic message', async () => {
    const res = await request(sandbox(), 'GET', `/private/orgs/${sandbox().orgId}/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Not Found', validation_errors: [] });
  });
});
