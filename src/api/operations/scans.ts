import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { CheckBody, CheckResult, OwaspCounts, Scan, ScanDiff } from '../schemas/scans.js';

export const scanOperations = defineOperations({
  ListScans: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans',
    scopes: ['scans:read'],
    summary: 'List scans',
    response: z.looseObject({
      scans: z
        .array(Scan)
        .nullish()
        .transform((v) => v ?? []),
    }),
  },
  ReadScan: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}',
    scopes: ['scans:read'],
    summary: 'Read scan details',
    response: z.array(Scan),
  },
  ScansCheckReport: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}/report',
    scopes: ['scans:read'],
    summary: 'Read check scans report',
    response: z.array(CheckResult),
  },
  ListScansCompare: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/compare',
    scopes: ['findings:list'],
    summary: 'Compare scans',
    response: ScanDiff,
  },
  // CheckScans: the vendor path names the segment after /apps/ a compound name.
  CheckScans: {
    method: 'POST',
    path: '/orgs/{orgID}/apps/{compoundName}/scans/check',
    scopes: ['findings:list'],
    summary: 'Check a scan against a set of rules',
    body: CheckBody,
    response: CheckResult,
  },
  ReadAppScanFindingsOWASPGrouped: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}/owasp_counts',
    scopes: ['project:read'],
    summary: "Read scan's finding counts (grouped by OWASP category)",
    response: OwaspCounts,
  },
});
