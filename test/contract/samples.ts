import type { CallParams } from '../../src/api/client.js';
import type { Operation, QueryValue } from '@secscan/api/operation';
import { pathParams } from '@secscan/api/operation';
import type { OperationId } from '@secscan/api/operations';
import type { OperationSchemas } from '@secscan/api/schema';
import { seedState } from '../../packages/sandbox/src/seed/index.js';

/**
 * A value for each path parameter the sandbox's seed holds (seed 1): a new operation's parameters usually
 * need nothing here, the seed already has an app, a team, a finding of it.
 */
function seeded(): Record<string, string> {
  const state = seedState(1);
  const first = <T>(items: readonly T[], what: string): T => {
    const item = items[0];
    if (item === undefined) throw new Error(`the seed has no ${what}`);
    return item;
  };
  const compound = first(state.analysis.compounds, 'compound');
  return {
    orgID: state.org.id,
    appID: first(state.apps, 'app').id,
    appGroupName: first(state.appGroups, 'app group').name,
    compoundID: compound.id,
    compoundName: compound.name,
    rbacTeamID: first(state.rbac.teams, 'team').team_id,
    rbacRoleID: first(state.rbac.roles, 'role').id,
    userIDv2: first(state.users, 'user').id_v2,
    groupID: first(state.groups, 'group').group_id,
    tokenID: first(state.tokens.items, 'token').id,
    findingID: first(state.analysis.findings, 'finding').id,
    scanID: first(state.analysis.scans, 'scan').id,
    commentID: first(state.analysis.comments, 'comment').id,
    failureId: first(state.analyzeFailures, 'analyze failure').id,
    SAMLConfigName: first(state.saml.configs, 'SAML configuration').name,
    searchID: first(state.savedSearches, 'saved search').id,
    reference: first(state.checkPolicies, 'policy').name,
  };
}

/**
 * A valid value for every path parameter name the vendor document uses: the seed's, but where a contract
 * test names the value itself, and the values no seed holds (report formats and years, audit dates).
 */
export const pathSamples: Readonly<Record<string, string>> = {
  ...seeded(),
  compoundName: 'storefront',
  searchID: 'search-1',
  versionID: 'v1',
  ext: 'html',
  year: '2021',
  auditYear: '2025',
  auditMonth: '6',
  auditDay: '15',
};

/** Query parameters per operation, for those that require some or have worth-checking serializations. */
export const querySamples: Partial<Record<OperationId, Record<string, QueryValue>>> = {
  ListTokens: { show_expired: true, token_type: 'integration' },
  ListAppFindings: {
    severity: 'high',
    status: 'fixed',
    sort: 'severity',
    order: 'asc',
    per_page: 249,
  },
  ListCompoundFindings: {
    finding_type: 'vuln',
    finding_tag: ['cvss_score__gte__7'],
    per_page: 250,
  },
  ListOrgFindings: { assignment: 'unassigned', per_page: 50 },
  SearchDependency: { search: 'log4j', page: 1, per_page: 250, from: 1_700_000_000 },
  ListScansCompare: { source: 'scan.1', target: 'scan.2' },
  ListScans: { tags: ['branch=main'], limit: 5 },
  ListOrgCompounds: { archived: false, per_page: 100 },
  ListScansInCompound: { archived: true, status: 'completed', branch: 'main', limit: 10 },
  DownloadSarifReport: { scan_branch: 'main', scan_language: 'java' },
  ListAppsBranches: { app: 'shiftleft-java-demo', from: 1_700_000_000, until: 1_700_600_000 },
  ListAnalyzeFailures: { limit: 100 },
  ListTeams: { no_members: true },
  ListOrgRBACUsers: { email: 'dev@example.com' },
  ListHumanGroups: { iname: 'payments' },
  GetWebhook: { version: 2 },
  SetUpWebhook: { version: 2 },
  DeleteWebhook: { version: 2 },
  UpsertCheckAnalysisConfiguration: { tag: 'v2' },
  ReadDetailedOWASPReport: { comments: true, status: 'fixed', tz: 'Europe/Berlin' },
  ReadScanPCIDSSReport: { ignore_info_findings: true },
  GetOrgSCMSecretsAuditLog: { days: 31, 'by-project': true },
  DownloadOrganizationBackup: { backup_id: '7c6b5a49-3827-4160-9f5e-4d3c2b1a0f9e' },
};

/** A request body per operation that takes one; each must pass the operation's own body schema. */
export const bodySamples: Partial<Record<OperationId, unknown>> = {
  CreateToken: {
    label: 'contract test',
    description: 'issued by the contract suite',
    role_id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
    token_type: 'access',
    valid_for_seconds: 3600,
  },
  CreateCustomRBACRole: {
    name: 'Contract reviewer',
    description: 'reads findings',
    scopes: ['findings:list', 'findings:read'],
    role_type: 'organization',
  },
  UpdateRBACRole: { name: 'Contract reviewer', scopes: ['findings:list'] },
  SetAppFindingStatus: { status: 'fixed', optional_comment: 'fixed in 2.4' },
  SetAppFindingAssignee: { assignee: 'dev@example.com' },
  SetAppMultipleFindingsStatus: { findings: [42, 43], status: 'ignore' },
  SetAppMultipleFindingsAssignee: { findings: [42, 43], assignee: 'dev@example.com' },
  CreateAppFindingComment: { comment: 'Reproduced; fixing in 2.4' },
  RetrievePackageInfo: { purls: ['pkg:maven/commons-io/commons-io@2.5'] },
  // CheckScans: no source/target here: the vendor oneOf of {branch} and {scan} matches both for any object.
  CheckScans: {
    version: 2,
    meta: { kind: 'diff', num_findings: 5 },
    rules: [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }],
  },
  ToggleCompoundArchive: { is_archived: true },
  CreateApp: [{ id: 'billing-api', name: 'Billing API', base_branch: 'main' }],
  UpdateAppLabels: { add: ['pci'], remove: ['legacy'] },
  UpdateAppConfig: {
    default_branch: 'main',
    analysis_configuration: { secrets: { entropy: 4.5, disable: false }, cpg2sp: { 'max-steps': 200000 } },
  },
  PatchAppConfig: { analysis_configuration: { secrets: { disable: true } } },
  UpdateAppDefaultBranch: { default_branch: 'trunk' },
  UpsertAppGroup: {
    rename: 'payments-team',
    add_app_ids: ['payments-api'],
    remove_app_ids: ['ledger-service'],
  },
  SetUpWebhook: {
    url: 'https://hooks.example.com/secscan',
    events: [{ name: 'scan.finished' }],
    authType: 'hmac',
    secret: 'contract-secret',
    enableEmailNotification: true,
  },
  UpdateOrgConfig: {
    session_timeout_hours: 24,
    allowed_non_admin_auth_providers: ['github', 'sl-saml2'],
    security_training_provider: 'kontra',
    analysis_configuration: { secrets: { entropy: 4.5, disable: false } },
    autofix_configuration: { enable: true, max_fixes_per_run: 10, fix_only_severities: ['critical', 'high'] },
  },
  PatchOrgConfig: { session_timeout_hours: 12 },
  CreateOrgAnalysisConfig: { secrets: { entropy: 4.2, disable: false } },
  UpdateOrgAnalysisConfig: { secrets: { disable: true } },
  UpdateTeamConfig: { analysis_configuration: { secrets: { entropy: 4 } } },
  PatchTeamConfig: { analysis_configuration: { secrets: { disable: false } } },
  UpsertCheckAnalysisConfiguration:
    'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
  CreateTeam: {
    name: 'Payments',
    applications: ['payments-api'],
    team_membership: [{ user_id_v2: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', team_role: 'TEAM_MEMBER' }],
  },
  UpdateTeam: {
    version: 3,
    add_applications: ['ledger-service'],
    force_app_inclusion: true,
    remove_team_membership: [
      { user_id_v2: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', team_role: 'TEAM_MEMBER' },
    ],
  },
  DeleteTeam: { version: 3 },
  UpdateTeamApps: { version: 3, add_applications: ['ledger-service'], remove_applications: ['payments-api'] },
  UpdateTeamMembership: {
    version: 3,
    add_team_membership: [{ user_id_v2: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', team_role: 'TEAM_ADMIN' }],
  },
  UpdateTeamMetadata: { version: 3, change_name: 'Payments platform' },
  UpsertGroup: {
    group_ids: [{ group_id: '3f2e1d0c-9b8a-4776-8554-433221100fed', team_role: 'TEAM_MEMBER' }],
  },
  UpdateGroup: { team_role: 'TEAM_ADMIN' },
  UpdateOrgUser: { org_role: 'MEMBER' },
  CreateOrgSAMLConfig: {
    name: 'corp-sso',
    idp_metadata_url: 'https://idp.example.com/metadata',
    default_org_role: 'TEAM_DEFINED',
    allow_idp_initiated_logins: true,
  },
  UpdateOrgSAMLConfig: { sign_auth_requests: true, allow_implicit_invites: false },
  BulkResetSAMLUserAccessTokens: { user_ids: ['2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d'] },
  ProvisionSAMLUsers: [
    {
      name: 'Dana Developer',
      email: 'dana@example.com',
      organization_role: 'MEMBER',
      team_membership: [{ team_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', role: 'TEAM_MEMBER' }],
    },
  ],
  CreateSavedSearch: {
    search_name: 'Critical open',
    path_name: '/findings',
    search_query: 'severity=critical',
  },
  UpdateSavedSearch: { search_name: 'Critical open', path_name: '/findings', search_query: 'severity=high' },
  PutAzureboardAssociation: {
    azure_org_name: 'contoso',
    azure_project_name: 'payments',
    finding_work_item_type: 'Bug',
  },
  SubmitFindingToAzureBoardPut: {
    scan_id: 17,
    finding_ids: [42, 43],
    extra_parameters: { 'System.AreaPath': 'payments' },
  },
  storeWizCreds: {
    client_id: 'contract-client',
    client_secret: 'contract-secret',
    auth_url: 'https://auth.example.com/oauth/token',
    api_url: 'https://api.example.com/graphql',
  },
  updateWizOrgEnrollment: { enrolled_for: ['SAST', 'SCA'], scope: 'organization', is_enabled: true },
  updateWizCompoundEnrollment: { enrolled_for: ['SCA'], scope: 'compound', is_enabled: false },
};

const samplesFile = 'test/contract/samples.ts';

/** The call parameters for an operation, or an error naming the sample to add. */
export function paramsFor(op: Operation, schemas: OperationSchemas): CallParams {
  const path: Record<string, string> = {};
  for (const name of pathParams(op.path)) {
    const value = pathSamples[name];
    if (value === undefined) {
      throw new Error(
        `${op.id}: no sample for path parameter {${name}}: add one to pathSamples in ${samplesFile}`,
      );
    }
    path[name] = value;
  }
  const params: CallParams = { path };
  const query = querySamples[op.id as OperationId];
  if (query) params.query = query;
  const body = bodySamples[op.id as OperationId];
  if ((schemas.body || op.requestMedia) && body === undefined) {
    throw new Error(
      `${op.id}: takes a request body but has no sample: add one to bodySamples in ${samplesFile}`,
    );
  }
  if (body !== undefined) {
    const parsed = schemas.body?.safeParse(body);
    if (parsed && !parsed.success) {
      throw new Error(
        `${op.id}: bodySamples entry fails the operation's body schema: ${parsed.error.message}`,
      );
    }
    params.body = body;
  }
  return params;
}
