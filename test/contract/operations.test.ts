import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { Operation } from '@secscan/api/operation';
import { allOperations, documentedOperations } from '@secscan/api/operations';
import { allSchemas } from '@secscan/api/operations/schemas';
import { isEnvelope, nextPagePath } from '../../src/api/paging.js';
import type { OperationSchemas } from '@secscan/api/schema';
import { describeContract } from './harness.js';
import type { RecordedRequest } from './prism.js';
import { paramsFor, pathSamples } from './samples.js';
import {
  documentedExamples,
  documentedRequestExamples,
  findOperation,
  loadVendor,
  operationIds,
  requiredScopes,
  vendorPresent,
} from './vendor.js';

const doc = vendorPresent ? loadVendor() : undefined;

function exampleCases(): { title: string; op: Operation; value: unknown }[] {
  if (!doc) return [];
  return documentedOperations.flatMap((op) => {
    const vop = findOperation(doc, op.method, op.path);
    const media = op.media ?? 'application/json';
    if (!vop || !media.includes('json')) return [];
    return documentedExamples(doc, vop, String(op.successStatus ?? 200), media).map((ex) => ({
      title: `${op.id} ${ex.name}`,
      op,
      value: ex.value,
    }));
  });
}

function requestExampleCases(): { title: string; op: Operation; value: unknown }[] {
  if (!doc) return [];
  return documentedOperations.flatMap((op) => {
    const vop = findOperation(doc, op.method, op.path);
    const media = op.requestMedia ?? 'application/json';
    if (!vop || !media.includes('json')) return [];
    return documentedRequestExamples(doc, vop, media).map((ex) => ({
      title: `${op.id} ${ex.name}`,
      op,
      value: ex.value,
    }));
  });
}

function violationLines(requests: RecordedRequest[]): string[] {
  return requests.flatMap((r) =>
    r.violations.map((v) => `${r.method} ${r.path}: ${v.location?.join('.') ?? 'request'}: ${v.message}`),
  );
}

describeContract('contract: the operations table against the vendor document', (contract) => {
  let client: ApiClient;
  let schemas: Readonly<Record<string, OperationSchemas>>;
  const schemasOf = (op: Operation): OperationSchemas => schemas[op.id] ?? {};

  beforeAll(async () => {
    schemas = await allSchemas();
    client = new ApiClient({
      baseUrl: contract.server.baseUrl,
      token: 'contract-test-token',
      orgId: pathSamples.orgID,
      retries: 0,
      dispatcher: contract.dispatcher,
    });
  });

  it('names only operations the vendor document defines, but for the private ones', () => {
    const known = operationIds(doc!);
    expect(documentedOperations.map((op) => op.id).filter((id) => !known.has(id))).toEqual([]);
  });

  it('marks private exactly the operations the vendor document does not have', () => {
    const known = operationIds(doc!);
    const privateOnes = allOperations.filter((op) => op.private);
    expect(privateOnes.length).toBeGreaterThan(0);
    expect(privateOnes.filter((op) => known.has(op.id) || findOperation(doc!, op.method, op.path))).toEqual(
      [],
    );
  });

  it('holds every operation the vendor document defines', () => {
    const ids = new Set(allOperations.map((op) => op.id));
    expect([...operationIds(doc!)].filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.size, 'an operationId written twice in the table').toBe(allOperations.length);
  });

  describe.each(documentedOperations)('$id', (op) => {
    it('has the method, path, operationId and scopes of the document', () => {
      const vop = findOperation(doc!, op.method, op.path);
      expect(vop, `${op.method} ${op.path} is not in the vendor document`).toBeDefined();
      expect(vop?.operationId).toBe(op.id);
      expect(new Set(requiredScopes(doc!, vop!))).toEqual(new Set(op.scopes));
    });

    it('is called without request violations and its response parses', async () => {
      const params = paramsFor(op, schemasOf(op));
      const server = contract.server;
      const before = server.requests.length;
      let failure: unknown;
      server.preferStatus = (op.successStatus ?? 200) >= 300 ? op.successStatus : undefined;
      try {
        // Prism answers every page with the same example: follow one next_page, as far as it can go. The
        // vendor's example next_page is one link to the org findings list: followed where it is this list's.
        const first = await client.pageOf(op, params, schemasOf(op));
        if (op.paginated && first.nextPage) {
          const next = nextPagePath(first.nextPage, client.apiPrefix, op.id);
          if (next.split('?')[0] === client.pathFor(op, params).split('?')[0]) {
            await client.pageOf(op, params, schemasOf(op), next);
          }
        }
      } catch (error) {
        failure = error;
      } finally {
        server.preferStatus = undefined;
      }
      const sent = server.requests.slice(before);
      expect(violationLines(sent), 'Prism reported request violations').toEqual([]);
      if (failure) throw failure;
      expect(sent.length).toBeGreaterThan(0);
      expect(sent[0]?.status).toBe(op.successStatus ?? 200);
    });
  });

  it.each(requestExampleCases())('documented request $title passes the body schema', ({ op, value }) => {
    const checked = schemasOf(op).body?.safeParse(value);
    expect(checked, `${op.id} has a documented request body but no body schema`).toBeDefined();
    expect(checked?.success === false ? checked.error.issues : []).toEqual([]);
  });

  it.each(exampleCases())('documented $title parses', ({ op, value }) => {
    let payload = value;
    if (op.envelope !== false) {
      expect(isEnvelope(value), 'enveloped operation: the example has no {ok, response} envelope').toBe(true);
      payload = (value as { response?: unknown }).response;
    }
    const checked = schemasOf(op).response?.safeParse(payload);
    expect(checked?.success === false ? checked.error.issues : []).toEqual([]);
  });
});
