import * as z from 'zod';
import { Dependency, PackageInfo, PackageInfoBody, ScaPackagesPage } from '../schemas/sca.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  SearchDependency: {
    response: z.array(Dependency),
  },
  ReadAppSCAPackages: {
    response: ScaPackagesPage,
  },
  ReadCompoundSCAPackages: {
    response: ScaPackagesPage,
  },
  RetrievePackageInfo: {
    body: PackageInfoBody,
    response: z.array(PackageInfo),
  },
});
