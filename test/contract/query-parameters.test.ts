import { describe, expect, it } from 'vitest';
import { allOperations } from '@secscan/api/operations';
import { allSchemas } from '@secscan/api/operations/schemas';
import { findOperation, loadVendor, vendorFile, vendorPresent } from './vendor.js';

/**
 * Every query parameter the vendor document gives an operation is declared for it in the table's schemas
 * (read, never copied), with the exceptions the specification explains.
 */
const exceptions: Record<string, string> = {
  // The specification names the team-name filter `teamName`; the document calls it `name`.
  'ListTeams name': 'declared as teamName, the specification’s name',
};

type Parameter = { name?: string; in?: string; $ref?: string };

describe.skipIf(!vendorPresent)(
  `query parameters against the vendor document${vendorPresent ? '' : ` (skipped: ${vendorFile} not found)`}`,
  () => {
    it('declares every query parameter the document lists, by operationId', async () => {
      const doc = loadVendor() as unknown as Record<string, unknown> & ReturnType<typeof loadVendor>;
      const resolve = (p: Parameter): Parameter => {
        let out = p;
        while (out.$ref) {
          out = out.$ref
            .replace('#/', '')
            .split('/')
            .reduce<Record<string, unknown>>((a, k) => a[k] as Record<string, unknown>, doc) as Parameter;
        }
        return out;
      };
      const schemas = await allSchemas();
      const missing: string[] = [];
      for (const op of allOperations) {
        const vendor = findOperation(doc, op.method, op.path) as
          (ReturnType<typeof findOperation> & { parameters?: Parameter[] }) | undefined;
        const item = doc.paths[op.path] as { parameters?: Parameter[] } | undefined;
        const params = [...(item?.parameters ?? []), ...(vendor?.parameters ?? [])].map(resolve);
        for (const p of params) {
          if (p.in !== 'query' || !p.name) continue;
          const key = `${op.id} ${p.name}`;
          if (!schemas[op.id]?.query?.[p.name] && !exceptions[key]) missing.push(key);
        }
      }
      expect(missing).toEqual([]);
    });
  },
);
