import { defineOperations } from '../operation.js';

/**
 * The paths outside the public v4 document that the vendor's own clients (its tools for coding agents) call:
 * their method, path and shape come from those clients, not from the document, so each row says `private`.
 * The client and the sandbox read them as they read the rest of the table; the contract tests against the
 * vendor document leave them out, and Prism's validation proxy lists them among its exceptions.
 */
export const privateOperations = defineOperations('private', {
  ReadPrivateUser: {
    method: 'GET',
    path: '/private/me',
    scopes: [],
    summary: 'Read the caller (the answer of ReadUser)',
    private: true,
  },
  ReadFindingDataflow: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/scans/{scanID}/dataflow',
    scopes: ['findings:read'],
    summary: "Read a finding's dataflow in a scan",
    private: true,
  },
  RequestFindingFix: {
    method: 'POST',
    path: '/private/orgs/{orgID}/apps/{appID}/findings/{findingID}/fixes',
    scopes: ['autofix:write'],
    summary: 'Ask AutoFix for a fix of a finding',
    private: true,
  },
  ListBranchFixes: {
    method: 'GET',
    path: '/private/orgs/{orgID}/apps/{appID}/branch/{branch}/fixes',
    scopes: ['autofix:read'],
    summary: "List the AutoFix fixes of an app's branch",
    private: true,
  },
});
