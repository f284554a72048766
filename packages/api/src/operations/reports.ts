import { defineOperations } from '../operation.js';

// `ext` is html or pdf (the vendor document declares only the HTML media); `year` one of owaspYears (values.ts).
export const reportOperations = defineOperations('reports', {
  ReadCWEReport: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}/reports/cwe.{ext}',
    scopes: ['findings:list'],
    summary: 'Read CWE report for a scan',
    media: 'text/html',
    envelope: false,
  },
  ReadDetailedOWASPReport: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}/reports/owasp-{year}.{ext}',
    scopes: ['findings:list'],
    summary: 'Read Detailed OWASP report for a scan',
    media: 'text/html',
    envelope: false,
  },
  ReadScanPCIDSSReport: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}/reports/pci_dss/html',
    scopes: ['findings:list'],
    summary: 'Read HTML PCI DSS report for a scan',
    media: 'text/html',
    envelope: false,
  },
});
