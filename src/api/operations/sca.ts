import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { Dependency, PackageInfo, PackageInfoBody, ScaPackagesPage } from '../schemas/sca.js';

export const scaOperations = defineOperations({
  SearchDependency: {
    method: 'GET',
    path: '/orgs/{orgID}/dependencies',
    scopes: ['findings:list'],
    summary: 'List dependencies that match the search',
    response: z.array(Dependency),
  },
  ReadAppSCAPackages: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/sca/packages',
    scopes: ['sca:read'],
    summary: 'Read the count of multiple tags of an app.',
    response: ScaPackagesPage,
  },
  ReadCompoundSCAPackages: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/sca/packages',
    scopes: ['sca:read'],
    summary: 'Read the SCA packages of a compound scan',
    response: ScaPackagesPage,
  },
  RetrievePackageInfo: {
    method: 'POST',
    path: '/package_info',
    scopes: [],
    summary: 'Retrieve package information (CVEs, licenses, and more) for a list of PURLs',
    body: PackageInfoBody,
    response: z.array(PackageInfo),
  },
});
