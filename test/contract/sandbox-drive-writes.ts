import {
  app,
  compound,
  type Direct,
  finding,
  newTeam,
  type Seeded,
  type Step,
  type Steps,
  team,
} from './sandbox-drive.js';

const policy =
  'version: 2\nbuild_rules:\n  - id: no-critical\n    finding_types: [vuln]\n' +
  '    cvss_31_severity_ratings: [critical]\n    threshold: 0\n';

/** An OAuth callback, as the browser reaches it once the stand-in consent page is approved. */
const callback = (service: 'chat' | 'board'): Step => ({
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
 * The writes, keyed by operationId, in the order they run, after the reads: each finds what an earlier one
 * made (an id learnt by its `before` step), and what deletes comes last. The reads here read what a write
 * made (a comment, the webhook, an authorization), so they run after it. A path parameter a step does not
 * give is the seed's, by name (`byName` in sandbox-drive.ts).
 */
export function writeSteps(): Steps {
  let version = 0;
  const withVersion = (body: Record<string, unknown>) => () => ({ version, ...body });
  const learnVersion = async (s: Seeded, direct: Direct) => {
    version = await teamVersion(direct, s.newTeam as string);
  };
  return {
    // Writes: tokens, roles, configuration.
    CreateToken: {
      body: (s) => ({
        label: 'contract run',
        role_id: s.ciRole,
        token_type: 'access',
        valid_for_seconds: 3600,
      }),
    },
    DeleteToken: {
      path: (s) => ({ tokenID: s.token as string }),
      before: async (s, direct) => {
        const tokens = (await direct.read('ListTokens')).response as { id: string; label: string }[];
        s.token = tokens.find((t) => t.label === 'contract run')?.id;
      },
    },
    CreateCustomRBACRole: {
      body: {
        name: 'Contract reviewer',
        description: 'reads findings',
        scopes: ['findings:list'],
        role_type: 'organization',
      },
    },
    UpdateRBACRole: {
      path: (s) => ({ rbacRoleID: s.role as string }),
      body: { name: 'Contract reviewer', scopes: ['findings:list', 'findings:read'] },
      before: async (s, direct) => {
        const roles = (await direct.read('ListOrgRBACRoles')).response as { id: string; name: string }[];
        s.role = roles.find((r) => r.name === 'Contract reviewer')?.id;
      },
    },
    DeleteCustomRBACRole: { path: (s) => ({ rbacRoleID: s.role as string }) },
    UpdateOrgConfig: {
      body: { session_timeout_hours: 24, allowed_non_admin_auth_providers: ['github', 'sl-saml2'] },
    },
    PatchOrgConfig: { body: { session_timeout_hours: 12 } },
    CreateOrgAnalysisConfig: { body: { secrets: { entropy: 4.2, disable: false } } },
    UpdateOrgAnalysisConfig: { body: { secrets: { disable: false } } },
    UpdateTeamConfig: { path: team, body: { analysis_configuration: { secrets: { entropy: 4 } } } },
    PatchTeamConfig: { path: team, body: { analysis_configuration: { secrets: { disable: false } } } },
    // Check-analysis configurations: a policy stored, then resolved by its reference and tag.
    UpsertCheckAnalysisConfiguration: { path: { reference: 'contract' }, query: { tag: '1' }, body: policy },
    ResolveCheckAnalysisConfiguration: { path: { reference: 'contract:1' } },
    // Webhook.
    SetUpWebhook: {
      query: { version: 2 },
      body: {
        url: 'https://hooks.example.com/secscan',
        events: [{ name: 'scan.finished' }],
        authType: 'hmac',
        secret: 'contract',
      },
    },
    GetWebhook: { query: { version: 2 } },
    DeleteWebhook: { query: { version: 2 } },
    // Apps and their configuration.
    CreateApp: { body: [{ id: 'contract-app', name: 'Contract app', base_branch: 'main' }] },
    UpdateAppLabels: { path: app, body: { add: ['pci'] } },
    UpdateAppConfig: {
      path: app,
      body: { default_branch: 'master', analysis_configuration: { secrets: { entropy: 4.5 } } },
    },
    PatchAppConfig: { path: app, body: { analysis_configuration: { secrets: { disable: false } } } },
    UpdateAppDefaultBranch: { path: app, body: { default_branch: 'master' } },
    UpsertAppGroup: { path: { appGroupName: 'contract' }, body: { add_app_ids: ['contract-app'] } },
    // Findings triage.
    SetAppFindingStatus: { path: finding, body: { status: 'fixed', optional_comment: 'fixed in 2.4' } },
    SetAppFindingAssignee: { path: finding, body: { assignee: 'member@initech.example' } },
    SetAppMultipleFindingsStatus: {
      path: app,
      body: (s) => ({
        findings: [Number(s.finding), Number(s.secondFinding)],
        status: 'codeviolationremovestatus',
      }),
    },
    SetAppMultipleFindingsAssignee: {
      path: app,
      body: (s) => ({
        findings: [Number(s.finding), Number(s.secondFinding)],
        assignee: 'guest@initech.example',
      }),
    },
    CreateAppFindingComment: { path: finding, body: { comment: 'Reproduced; fixing in 2.4' } },
    ReadOneAppFindingComment: {
      path: (s) => ({ ...finding(s), commentID: s.comment as string }),
      before: async (s, direct) => {
        const comments = (await direct.read('ListAppFindingComments', finding(s))).response as {
          id: string;
        }[];
        s.comment = comments.at(-1)?.id;
      },
    },
    // Teams and groups.
    CreateTeam: {
      body: (s) => ({
        name: 'Contract',
        applications: ['contract-app'],
        team_membership: [{ user_id_v2: s.user, team_role: 'TEAM_MEMBER' }],
      }),
    },
    UpdateTeamMetadata: {
      path: newTeam,
      body: withVersion({ change_name: 'Contract team' }),
      before: async (s, direct) => {
        const teams = (await direct.read('ListTeams')).response as { team_id: string; team_name: string }[];
        s.newTeam = teams.find((t) => t.team_name === 'Contract')?.team_id;
        await learnVersion(s, direct);
      },
    },
    UpdateTeamMembership: {
      path: newTeam,
      body: withVersion({ add_team_membership: [] }),
      before: learnVersion,
    },
    UpdateTeamApps: {
      path: newTeam,
      body: withVersion({ remove_applications: ['contract-app'] }),
      before: learnVersion,
    },
    UpdateTeam: {
      path: newTeam,
      body: withVersion({ add_applications: ['contract-app'] }),
      before: learnVersion,
    },
    UpsertGroup: {
      path: newTeam,
      body: (s) => ({ group_ids: [{ group_id: s.group, team_role: 'TEAM_MEMBER' }] }),
    },
    UpdateGroup: {
      path: (s) => ({ rbacTeamID: s.newTeam as string, groupID: s.group }),
      body: { team_role: 'TEAM_ADMIN' },
    },
    RemoveGroupFromTeam: { path: (s) => ({ rbacTeamID: s.newTeam as string, groupID: s.group }) },
    UpdateOrgUser: { path: (s) => ({ userIDv2: s.user }), body: { org_role: 'MEMBER' } },
    // SAML.
    CreateOrgSAMLConfig: {
      body: {
        name: 'contract-sso',
        idp_metadata_url: 'https://idp.example.com/metadata',
        default_org_role: 'TEAM_DEFINED',
      },
    },
    UpdateOrgSAMLConfig: {
      path: { SAMLConfigName: 'contract-sso' },
      body: { idp_metadata_url: 'https://idp.example.com/metadata', sign_auth_requests: true },
    },
    ProvisionSAMLUsers: {
      body: [{ name: 'Dana Developer', email: 'dana@initech.example', organization_role: 'MEMBER' }],
    },
    ResetSAMLUserAccessToken: {
      path: (s) => ({ userIDv2: s.user }),
      before: async (s, direct) => {
        const users = (await direct.read('ListOrgRBACUsers', {}, 'email=dana@initech.example')).response;
        s.user = users[0]?.id_v2 ?? s.user;
      },
    },
    BulkResetSAMLUserAccessTokens: { body: (s) => ({ user_ids: [s.user] }) },
    // Saved searches.
    CreateSavedSearch: {
      body: { search_name: 'Contract', path_name: '/findings', search_query: 'severity=critical' },
    },
    UpdateSavedSearch: {
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
    DeleteSavedSearch: { path: (s) => ({ searchID: s.search as string }) },
    // Integrations: the chat service and the work board, authorized through their callbacks.
    AuthorizeSlack: {},
    SlackCallback: callback('chat'),
    DeleteSlackConfiguration: {},
    AzureAuthorization: {},
    AzureCallback: callback('board'),
    GetAzureAuthorizationStatus: {},
    GetAzureOrgList: {},
    PutAzureboardAssociation: {
      path: app,
      body: {
        azure_org_name: 'sandbox-devops',
        azure_project_name: 'Payments',
        finding_work_item_type: 'Bug',
      },
    },
    GetAzureboardAssociation: { path: app },
    SubmitFindingToAzureBoardPut: {
      path: app,
      body: (s) => ({ scan_id: Number(s.scan), finding_ids: [Number(s.finding)] }),
    },
    GetAssociationAzureBoardByFindingID: { path: finding },
    DeleteAzureboardAssociation: { path: app },
    // The cloud-security platform.
    storeWizCreds: {
      body: {
        client_id: 'contract',
        client_secret: 'contract-secret',
        auth_url: 'https://auth.example.com/token',
        api_url: 'https://api.example.com/graphql',
      },
    },
    getWizCreds: {},
    updateWizOrgEnrollment: { body: { enrolled_for: ['SAST', 'SCA'], is_enabled: true } },
    getWizOrgEnrollmentStatus: {},
    updateWizCompoundEnrollment: { path: compound, body: { enrolled_for: ['SCA'], is_enabled: true } },
    getWizCompoundEnrollmentStatus: { path: compound },
    removeWizCompoundEnrollment: { path: compound },
    // AutoFix, on the paths of the vendor's clients (the sandbox makes a fix at once here: the listing has its patch).
    RequestFindingFix: { path: finding },
    ListBranchFixes: { path: (s) => ({ appID: s.app, branch: s.branch }) },
    // Deletions last.
    DeleteTeam: { path: newTeam, body: withVersion({}), before: learnVersion },
    DeleteOrgSAMLConfig: { path: { SAMLConfigName: 'contract-sso' } },
    DeleteAppGroup: { path: { appGroupName: 'contract' } },
    DeleteApp: { path: { appID: 'contract-app' } },
    DeleteOrgUser: { path: (s) => ({ userIDv2: s.doomedUser }) },
    ToggleCompoundArchive: { path: compound, body: { is_archived: true } },
    DeleteCompound: { path: (s) => ({ compoundID: s.compoundId }) },
  };
}
