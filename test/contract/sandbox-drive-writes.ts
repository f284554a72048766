import type { OperationId } from '@secscan/api/operations';
import {
  app,
  compound,
  type Direct,
  type DriveStep,
  finding,
  newTeam,
  type Seeded,
  team,
} from './sandbox-drive.js';

/** An OAuth callback, as the browser reaches it once the stand-in consent page is approved. */
const callback = (op: OperationId, service: 'chat' | 'board'): DriveStep => ({
  op,
  raw: (s) => s.callback as string,
  before: async (s, direct) => {
    s.callback = await direct.approve(service);
  },
});

/** The version a team is at now (every team write names it). */
async function teamVersion(direct: Direct, id: string): Promise<number> {
  return (await direct.read('ReadTeam', { rbacTeamID: id })).response.version;
}

/**
 * The writes, after the reads: each finds what an earlier one made (an id learnt by its `before` step), and
 * what deletes comes last.
 */
export function writeSteps(): DriveStep[] {
  let version = 0;
  const withVersion = (body: Record<string, unknown>) => () => ({ version, ...body });
  const learnVersion = async (s: Seeded, direct: Direct) => {
    version = await teamVersion(direct, s.newTeam as string);
  };
  return [
    // Writes: tokens, roles, configuration.
    {
      op: 'CreateToken',
      body: (s) => ({
        label: 'contract run',
        role_id: s.ciRole,
        token_type: 'access',
        valid_for_seconds: 3600,
      }),
    },
    {
      op: 'DeleteToken',
      path: (s) => ({ tokenID: s.token as string }),
      before: async (s, direct) => {
        const tokens = (await direct.read('ListTokens')).response as { id: string; label: string }[];
        s.token = tokens.find((t) => t.label === 'contract run')?.id;
      },
    },
    {
      op: 'CreateCustomRBACRole',
      body: {
        name: 'Contract reviewer',
        description: 'reads findings',
        scopes: ['findings:list'],
        role_type: 'organization',
      },
    },
    {
      op: 'UpdateRBACRole',
      path: (s) => ({ rbacRoleID: s.role as string }),
      body: { name: 'Contract reviewer', scopes: ['findings:list', 'findings:read'] },
      before: async (s, direct) => {
        const roles = (await direct.read('ListOrgRBACRoles')).response as { id: string; name: string }[];
        s.role = roles.find((r) => r.name === 'Contract reviewer')?.id;
      },
    },
    { op: 'DeleteCustomRBACRole', path: (s) => ({ rbacRoleID: s.role as string }) },
    {
      op: 'UpdateOrgConfig',
      body: { session_timeout_hours: 24, allowed_non_admin_auth_providers: ['github', 'sl-saml2'] },
    },
    { op: 'PatchOrgConfig', body: { session_timeout_hours: 12 } },
    { op: 'CreateOrgAnalysisConfig', body: { secrets: { entropy: 4.2, disable: false } } },
    { op: 'UpdateOrgAnalysisConfig', body: { secrets: { disable: false } } },
    { op: 'UpdateTeamConfig', path: team, body: { analysis_configuration: { secrets: { entropy: 4 } } } },
    { op: 'PatchTeamConfig', path: team, body: { analysis_configuration: { secrets: { disable: false } } } },
    // Webhook.
    {
      op: 'SetUpWebhook',
      query: { version: 2 },
      body: {
        url: 'https://hooks.example.com/secscan',
        events: [{ name: 'scan.finished' }],
        authType: 'hmac',
        secret: 'contract',
      },
    },
    { op: 'GetWebhook', query: { version: 2 } },
    { op: 'DeleteWebhook', query: { version: 2 } },
    // Apps and their configuration.
    { op: 'CreateApp', body: [{ id: 'contract-app', name: 'Contract app', base_branch: 'main' }] },
    { op: 'UpdateAppLabels', path: app, body: { add: ['pci'] } },
    {
      op: 'UpdateAppConfig',
      path: app,
      body: { default_branch: 'master', analysis_configuration: { secrets: { entropy: 4.5 } } },
    },
    { op: 'PatchAppConfig', path: app, body: { analysis_configuration: { secrets: { disable: false } } } },
    { op: 'UpdateAppDefaultBranch', path: app, body: { default_branch: 'master' } },
    { op: 'UpsertAppGroup', path: { appGroupName: 'contract' }, body: { add_app_ids: ['contract-app'] } },
    // Findings triage.
    { op: 'SetAppFindingStatus', path: finding, body: { status: 'fixed', optional_comment: 'fixed in 2.4' } },
    { op: 'SetAppFindingAssignee', path: finding, body: { assignee: 'member@initech.example' } },
    {
      op: 'SetAppMultipleFindingsStatus',
      path: app,
      body: (s) => ({
        findings: [Number(s.finding), Number(s.secondFinding)],
        status: 'codeviolationremovestatus',
      }),
    },
    {
      op: 'SetAppMultipleFindingsAssignee',
      path: app,
      body: (s) => ({
        findings: [Number(s.finding), Number(s.secondFinding)],
        assignee: 'guest@initech.example',
      }),
    },
    { op: 'CreateAppFindingComment', path: finding, body: { comment: 'Reproduced; fixing in 2.4' } },
    {
      op: 'ReadOneAppFindingComment',
      path: (s) => ({ ...finding(s), commentID: s.comment as string }),
      before: async (s, direct) => {
        const comments = (await direct.read('ListAppFindingComments', finding(s))).response as {
          id: string;
        }[];
        s.comment = comments.at(-1)?.id;
      },
    },
    // Teams and groups.
    {
      op: 'CreateTeam',
      body: (s) => ({
        name: 'Contract',
        applications: ['contract-app'],
        team_membership: [{ user_id_v2: s.user, team_role: 'TEAM_MEMBER' }],
      }),
    },
    {
      op: 'UpdateTeamMetadata',
      path: newTeam,
      body: withVersion({ change_name: 'Contract team' }),
      before: async (s, direct) => {
        const teams = (await direct.read('ListTeams')).response as { team_id: string; team_name: string }[];
        s.newTeam = teams.find((t) => t.team_name === 'Contract')?.team_id;
        await learnVersion(s, direct);
      },
    },
    {
      op: 'UpdateTeamMembership',
      path: newTeam,
      body: withVersion({ add_team_membership: [] }),
      before: learnVersion,
    },
    {
      op: 'UpdateTeamApps',
      path: newTeam,
      body: withVersion({ remove_applications: ['contract-app'] }),
      before: learnVersion,
    },
    {
      op: 'UpdateTeam',
      path: newTeam,
      body: withVersion({ add_applications: ['contract-app'] }),
      before: learnVersion,
    },
    {
      op: 'UpsertGroup',
      path: newTeam,
      body: (s) => ({ group_ids: [{ group_id: s.group, team_role: 'TEAM_MEMBER' }] }),
    },
    {
      op: 'UpdateGroup',
      path: (s) => ({ rbacTeamID: s.newTeam as string, groupID: s.group }),
      body: { team_role: 'TEAM_ADMIN' },
    },
    { op: 'RemoveGroupFromTeam', path: (s) => ({ rbacTeamID: s.newTeam as string, groupID: s.group }) },
    { op: 'UpdateOrgUser', path: (s) => ({ userIDv2: s.user }), body: { org_role: 'MEMBER' } },
    // SAML.
    {
      op: 'CreateOrgSAMLConfig',
      body: {
        name: 'contract-sso',
        idp_metadata_url: 'https://idp.example.com/metadata',
        default_org_role: 'TEAM_DEFINED',
      },
    },
    {
      op: 'UpdateOrgSAMLConfig',
      path: { SAMLConfigName: 'contract-sso' },
      body: { idp_metadata_url: 'https://idp.example.com/metadata', sign_auth_requests: true },
    },
    {
      op: 'ProvisionSAMLUsers',
      body: [{ name: 'Dana Developer', email: 'dana@initech.example', organization_role: 'MEMBER' }],
    },
    {
      op: 'ResetSAMLUserAccessToken',
      path: (s) => ({ userIDv2: s.user }),
      before: async (s, direct) => {
        const users = (await direct.read('ListOrgRBACUsers', {}, 'email=dana@initech.example')).response;
        s.user = users[0]?.id_v2 ?? s.user;
      },
    },
    { op: 'BulkResetSAMLUserAccessTokens', body: (s) => ({ user_ids: [s.user] }) },
    // Saved searches.
    {
      op: 'CreateSavedSearch',
      body: { search_name: 'Contract', path_name: '/findings', search_query: 'severity=critical' },
    },
    {
      op: 'UpdateSavedSearch',
      path: (s) => ({ searchID: s.search as string }),
      body: { search_name: 'Contract', path_name: '/findings', search_query: 'severity=high' },
      before: async (s, direct) => {
        // The listing is bare (no envelope), as the vendor document has it.
        const searches = (await direct.read('ListSavedSearches')) as {
          id: string;
          search_name: string;
        }[];
        s.search = searches.find((x) => x.search_name === 'Contract')?.id;
      },
    },
    { op: 'DeleteSavedSearch', path: (s) => ({ searchID: s.search as string }) },
    // Integrations: the chat service and the work board, authorized through their callbacks.
    { op: 'AuthorizeSlack' },
    callback('SlackCallback', 'chat'),
    { op: 'DeleteSlackConfiguration' },
    { op: 'AzureAuthorization' },
    callback('AzureCallback', 'board'),
    { op: 'GetAzureAuthorizationStatus' },
    { op: 'GetAzureOrgList' },
    {
      op: 'PutAzureboardAssociation',
      path: app,
      body: {
        azure_org_name: 'sandbox-devops',
        azure_project_name: 'Payments',
        finding_work_item_type: 'Bug',
      },
    },
    { op: 'GetAzureboardAssociation', path: app },
    {
      op: 'SubmitFindingToAzureBoardPut',
      path: app,
      body: (s) => ({ scan_id: Number(s.scan), finding_ids: [Number(s.finding)] }),
    },
    { op: 'GetAssociationAzureBoardByFindingID', path: finding },
    { op: 'DeleteAzureboardAssociation', path: app },
    // The cloud-security platform.
    {
      op: 'storeWizCreds',
      body: {
        client_id: 'contract',
        client_secret: 'contract-secret',
        auth_url: 'https://auth.example.com/token',
        api_url: 'https://api.example.com/graphql',
      },
    },
    { op: 'getWizCreds' },
    { op: 'updateWizOrgEnrollment', body: { enrolled_for: ['SAST', 'SCA'], is_enabled: true } },
    { op: 'getWizOrgEnrollmentStatus' },
    { op: 'updateWizCompoundEnrollment', path: compound, body: { enrolled_for: ['SCA'], is_enabled: true } },
    { op: 'getWizCompoundEnrollmentStatus', path: compound },
    { op: 'removeWizCompoundEnrollment', path: compound },
    // Deletions last.
    { op: 'DeleteTeam', path: newTeam, body: withVersion({}), before: learnVersion },
    { op: 'DeleteOrgSAMLConfig', path: { SAMLConfigName: 'contract-sso' } },
    { op: 'DeleteAppGroup', path: { appGroupName: 'contract' } },
    { op: 'DeleteApp', path: { appID: 'contract-app' } },
    { op: 'DeleteOrgUser', path: (s) => ({ userIDv2: s.doomedUser }) },
    { op: 'ToggleCompoundArchive', path: compound, body: { is_archived: true } },
    { op: 'DeleteCompound', path: (s) => ({ compoundID: s.compoundId }) },
  ];
}
