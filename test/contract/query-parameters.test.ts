import { describe, expect, it } from 'vitest';
import { documentedOperations } from '@secscan/api/operations';
import { allSchemas } from '@secscan/api/operations/schemas';
import { findOperation, loadVendor, vendorFile, vendorPresent } from './vendor.js';

/**
 * Every query parameter the vendor document gives an operation is declared for it in the table's schemas
 * (read, never copied); every parameter declared that the document does not give is marked `fromClients`
 * (what the vendor's own clients send) or named here with the reason.
 */
const notInDocument: Record<string, string> = {
  'ListTeams teamName': 'the specification’s name of the team-name filter (the document’s is `name`)',
  ...Object.fromEntries(
    ['ReadOrgFindingsSummary', 'ListAppVersions', 'ListScans'].map((id) => [
      `${id} tags[]`,
      'the specification writes the scan-tags filter `tags[]`',
    ]),
  ),
  ...Object.fromEntries(
    ['ListTeams', 'ListHumanGroups', 'ListOrgRBACUsers', 'ListOrgRBACInvitations'].map((id) => [
      `${id} per_page`,
      'the page size the sandbox’s next_page links carry (these listings page at 100)',
    ]),
  ),
};

type Parameter = { name?: string; in?: string; $ref?: string };

describe.skipIf(!vendorPresent)(
  `query parameters against the vendor document${vendorPresent ? '' : ` (skipped: ${vendorFile} not found)`}`,
  () => {
    it('declares every query parameter the document lists, and says where each other one comes from', async () => {
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
      const undocumented: string[] = [];
      for (const op of documentedOperations) {
        const vendor = findOperation(doc, op.method, op.path) as
          (ReturnType<typeof findOperation> & { parameters?: Parameter[] }) | undefined;
        const item = doc.paths[op.path] as { parameters?: Parameter[] } | undefined;
        const params = [...(item?.parameters ?? []), ...(vendor?.parameters ?? [])].map(resolve);
        const documented = new Set<string>();
        for (const p of params) {
          if (p.in !== 'query' || !p.name) continue;
          documented.add(p.name);
          if (!schemas[op.id]?.query?.[p.name]) missing.push(`${op.id} ${p.name}`);
        }
        for (const [name, param] of Object.entries(schemas[op.id]?.query ?? {})) {
          const key = `${op.id} ${name}`;
          if (documented.has(name) === Boolean(param.fromClients) && !notInDocument[key]) {
            undocumented.push(`${key}${param.fromClients ? ' (marked fromClients, yet documented)' : ''}`);
          }
        }
      }
      expect(missing, 'documented, not declared').toEqual([]);
      expect(undocumented, 'declared, not documented, neither fromClients nor explained').toEqual([]);
    });
  },
);
