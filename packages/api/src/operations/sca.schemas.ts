import * as z from 'zod';
import { Dependency, PackageInfo, PackageInfoBody, ScaPackagesPage } from '../schemas/sca.js';
import { defineQuery, integer, oneOf, text } from '../query.js';
import { scaSorts, sortOrders } from '../values.js';
import { compoundScanQuery } from './queries.js';
import { defineSchemas } from '../schema.js';
import type { scaOperations } from './sca.js';

/** The package listings' own parameters, after the scan selector. */
const packagesQuery = defineQuery({
  type: oneOf(['package', 'container_package']),
  tag: text(),
  per_page: integer(1, 10_000),
  page: integer(1),
  sort: oneOf(scaSorts),
  order: oneOf(sortOrders),
});

export default defineSchemas<typeof scaOperations>()({
  SearchDependency: {
    query: defineQuery({
      search: text(),
      page: integer(1, 20),
      per_page: integer(0, 1000),
      from: integer(0),
      until: integer(0),
    }),
    response: z.array(Dependency),
  },
  ReadAppSCAPackages: {
    query: defineQuery({ scan: text(), branch: text(), ...packagesQuery }),
    response: ScaPackagesPage,
  },
  ReadCompoundSCAPackages: {
    query: defineQuery({
      ...compoundScanQuery,
      ...packagesQuery,
    }),
    response: ScaPackagesPage,
  },
  RetrievePackageInfo: {
    body: PackageInfoBody,
    response: z.array(PackageInfo),
  },
});
