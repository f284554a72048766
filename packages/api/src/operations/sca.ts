import { defineOperations } from '../operation.js';

export const scaOperations = defineOperations('sca', {
  SearchDependency: {
    method: 'GET',
    path: '/orgs/{orgID}/dependencies',
    scopes: ['findings:list'],
    summary: 'List dependencies that match the search',
  },
  ReadAppSCAPackages: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/sca/packages',
    scopes: ['sca:read'],
    summary: 'Read the count of multiple tags of an app.',
  },
  ReadCompoundSCAPackages: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/sca/packages',
    scopes: ['sca:read'],
    summary: 'Read the SCA packages of a compound scan',
  },
  RetrievePackageInfo: {
    method: 'POST',
    path: '/package_info',
    scopes: [],
    read: true,
    summary: 'Retrieve package information (CVEs, licenses, and more) for a list of PURLs',
  },
});
