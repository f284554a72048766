import { type OperationId, privateOperationIds } from '@secscan/api/operations';
import type { Violation } from './prism.js';

/**
 * The violations Prism's validation proxy reports on the sandbox's answers that the specification
 * (/work/shared/spec/api-v4.md) explains: where the specification and the vendor document disagree, the
 * specification wins. Each names the operation, what Prism says, and why.
 */
export interface ProxyException {
  op: OperationId;
  matches(violation: Violation): boolean;
  reason: string;
}

const at = (path: RegExp, message?: RegExp) => (v: Violation) =>
  path.test((v.location ?? []).join('.')) && (!message || message.test(v.message));

/** Prism's proxy follows a redirect (its node-fetch does) and checks the page it lands on, not the 302. */
const followed = (op: OperationId, what: string): ProxyException[] =>
  [/^response$/, /^response\.body$/].map((path) => ({
    op,
    matches: at(path, /media type "text\/html|must be object/),
    reason:
      `the answer is the specified redirect (302 and a Location, checked in the sandbox's log) ${what}; ` +
      'Prism follows it and judges the HTML page it lands on against the JSON error response',
  }));

/**
 * A path of the vendor's own clients, outside the document (@secscan/api's `operations/private.ts`): Prism
 * knows no such route and answers it itself. The sandbox's answer is sent to it directly and held to the
 * shape those clients read (its response schema), which the drive reports as violations of its own.
 */
const outsideDocument = (op: OperationId): ProxyException => ({
  op,
  matches: (v) => /Route not resolved, no path matched/.test(v.message),
  reason:
    'a path the vendor’s own clients call that the public document does not list (shape from the service’s ' +
    'clients, not from the document): Prism has no route to check it against, so the answer is checked ' +
    'against the clients’ shape instead',
});

export const proxyExceptions: ProxyException[] = [
  ...privateOperationIds.map(outsideDocument),
  {
    op: 'ListOrgRBACRoles',
    matches: at(/^response\.body\.response\.\d+\.role_type$/, /allowed values: team, organization, qwiet/),
    reason:
      'the specification names the predefined roles’ role_type `vendor` (Role, full form); the document names ' +
      'it after the vendor',
  },
  {
    op: 'ListOrgRBACUsers',
    matches: at(/^response\.body\.response\.\d+\.team_membership\.\d+\.role$/, /format "uuid"/),
    reason:
      'TEAM_MANAGER is a team role name with no role id (no built-in role has it as an alias); the ' +
      'specification lists it among the team role names seen in responses',
  },
  {
    op: 'ListAppBranches',
    matches: at(/^response\.body\.response$/, /must be object/),
    reason:
      'the branches listing: “List application scans branches” in the specification, a list of the branches ' +
      'of the app, each `{created_at, updated_at, branch_name, scan_count, first_scan, last_scan}`; the ' +
      'document’s schema is one such object (its description says “the list of branches”)',
  },
  {
    op: 'ReadCWEReport',
    matches: at(/^response$/, /media type "application\/pdf"/),
    reason:
      'the specification: `ext` html or pdf, the report in HTML or PDF; the document names text/html only',
  },
  {
    op: 'DownloadSarifReport',
    matches: at(/^response\.body$/, /must be string/),
    reason:
      'the specification: a bare string, the report; the document’s `string` (binary) is the file, which ' +
      'Prism parses as JSON (application/sarif+json) before checking it as a string',
  },
  ...followed('AuthorizeSlack', 'to the chat service’s authorization prompt'),
  ...followed('AzureAuthorization', 'to the work board’s authorization prompt'),
  // AzureCallback's document has its errors redirect too, with no body: the page it lands on passes.
  ...followed('SlackCallback', 'to the organization’s settings'),
];
