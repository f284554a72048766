import type { AnalysisSection } from './model/analysis.js';
import type {
  AnalyzeFailureRecord,
  AppGroupRecord,
  CheckPolicyRecord,
  ConfigurationSection,
} from './model/projects.js';
import type { IntegrationsSection } from './integrations.js';

/**
 * The sandbox's whole state: one plain, JSON-serializable object, saved as is by `--state FILE`. Each area
 * owns one top-level section; a later area adds its section here and in the seed.
 */
export interface SandboxState {
  version: 1;
  seed: number;
  /** HMAC key of the tokens: kept so tokens issued before a restart still verify. */
  secret: string;
  org: OrgSection;
  users: UserRecord[];
  tokens: TokensSection;
  rbac: RbacSection;
  apps: AppRecord[];
  analysis: AnalysisSection;
  /** Organization, team and app analysis configuration (merged: org, then team, then app). */
  configuration: ConfigurationSection;
  appGroups: AppGroupRecord[];
  analyzeFailures: AnalyzeFailureRecord[];
  /** Stored check-analysis configurations (`scans check --policy`). */
  checkPolicies: CheckPolicyRecord[];
  /**
   * One webhook per organization and flow version (1 legacy, 2 normal): SetUpWebhook stores it, the
   * `scan.finished` delivery of `secscan sandbox scan` reads it.
   */
  webhooks: WebhookRecord[];
  /** The chat service, the work board and the cloud-security platform. */
  integrations: IntegrationsSection;
  /** The organization configuration but its analysis part (which is `configuration.org`). */
  orgConfig: OrgConfigRecord;
  /** Saved searches; each user sees only their own. */
  savedSearches: SavedSearchRecord[];
  /** Human groups: members and the teams they belong to (RBAC). */
  groups: GroupRecord[];
  /** Pending invitations (ListOrgRBACInvitations). */
  invitations: InvitationRecord[];
  /** SAML configurations and the e-mail domains reserved to the organization (SAML provisioning). */
  saml: SamlSection;
  /** Organization backups; an archive is built from the state when one is downloaded. */
  backups: BackupRecord[];
  /** The audit trail: seeded history, then every successful write the sandbox serves. */
  audit: AuditEventRecord[];
  /** Attempts to commit secrets to a repository (GetOrgSCMSecretsAuditLog). */
  scmSecrets: ScmSecretAttempt[];
  /**
   * The day (UTC, `2026-11-28`) the seeded dates were written for (`--now`, or the day it was seeded);
   * absent in a state seeded before dates moved, whose dates are those of 2026-09-20 (seed/clock.ts).
   */
  seededDay?: string;
}

/** AutoFix as stored: the `*_disable` switches of a request are kept as `false` of their setting. */
export interface AutofixRecord {
  enable?: boolean;
  auto_run?: boolean;
  manual?: boolean;
  max_fixes_per_run?: number;
  fix_only_severities?: string[];
}

export interface OrgConfigRecord {
  sso_name?: string;
  default_saml_config?: string;
  allowed_non_admin_auth_providers?: string[];
  security_training_provider?: string;
  autofix_configuration?: AutofixRecord;
  /** Absent: the default, 168 hours. */
  session_timeout_hours?: number;
}

export interface SavedSearchRecord {
  id: string;
  /** The owner's `id_v2`. */
  user_id: string;
  search_name: string;
  path_name: string;
  search_query: string;
  updated_at: string;
}

/** `running` has no `completed_at` yet; only `completed` backups can be downloaded. */
export interface BackupRecord {
  backup_id: string;
  status: 'completed' | 'running' | 'failed';
  created_at: string;
  completed_at?: string;
}

export interface AuditEventRecord {
  at: string;
  user_id: string;
  email: string;
  token_id: string;
  operation: string;
  method: string;
  /** The request path under `/api/v4`, without the query. */
  path: string;
  status: number;
}

export interface ScmSecretAttempt {
  at: string;
  project_id: string;
  user_id: string;
  token_id: string;
}

export interface WebhookRecord {
  version: 1 | 2;
  url: string;
  /** Token id the service associates with the webhook (GetWebhook returns it). */
  tokenID: string;
  events: string[];
  authType: 'hmac' | 'bearer';
  /** HMAC key (generated when `hmac` is set up without one). */
  secret?: string;
  /** Bearer auth: the token sent, and how it is renewed. */
  token?: {
    token: string;
    renewalMetadata?: Record<string, unknown>;
    responseHandling?: Record<string, unknown>;
  };
  enableEmailNotification: boolean;
}

export interface OrgSection {
  id: string;
  name: string;
}

/** Org role aliases: `SUPER_ADMIN`, `POWER_USER`, `MEMBER`, `GUEST`, `TEAM_DEFINED`, `LEGACY_COLLABORATOR`. */
export interface UserRecord {
  id_v2: string;
  id_v1: string;
  name: string;
  email: string;
  org_role: string;
  last_logins: number[];
  /** Provisioned through SAML (only such users' access tokens can be reset). */
  saml?: boolean;
}

export type TokenKind = 'user' | 'org';

export interface TokenRecord {
  /** Also the token's `jti` claim. */
  id: string;
  kind: TokenKind;
  /** Owner of a user token; creator of an org token. */
  user_id: string;
  label: string;
  description: string;
  /** Org tokens only: a managed role id or a custom organization role id. */
  role_id?: string;
  token_type?: 'access' | 'integration';
  /** Unix seconds. */
  iat: number;
  exp?: number;
}

export interface ManagedRoleRecord {
  id: string;
  label: string;
  description: string;
  scopes: string[];
}

export interface TokensSection {
  /** The roles an org token may carry (`ListRoles`). */
  roles: ManagedRoleRecord[];
  items: TokenRecord[];
  /** Seeded org tokens by name (`ci`, `expired`, `jira`, `serviceAccount`): the users file lists them. */
  demo: Record<string, string>;
}

export interface RoleRecord {
  id: string;
  name: string;
  description: string;
  scopes: string[];
  role_type: 'vendor' | 'team' | 'organization';
  /** Built-in roles only. */
  id_aliases?: string[];
  /** Custom roles only. */
  organization_id?: string;
}

export interface TeamMember {
  user_id_v2: string;
  /** `TEAM_ADMIN`, `TEAM_MANAGER`, `TEAM_MEMBER`, `TEAM_GUEST` or a custom team role id. */
  team_role: string;
}

/** A team's applications are the apps whose `team_id` names it (an app belongs to at most one team). */
export interface TeamRecord {
  team_id: string;
  team_name: string;
  version: number;
  users: TeamMember[];
}

export interface RbacSection {
  roles: RoleRecord[];
  teams: TeamRecord[];
}

/** A human group: its members by user id and the teams it belongs to, each with a team role. */
export interface GroupRecord {
  group_id: string;
  group_name: string;
  members: string[];
  teams: { team_id: string; team_role: string }[];
}

export interface InvitationRecord {
  email: string;
  name: string;
  /** The org-level role id the invitee receives on acceptance. */
  role_id: string;
  /** Unix seconds. */
  invited_at: number;
}

export interface SamlConfigRecord {
  name: string;
  idp_metadata_url?: string;
  idp_metadata?: string;
  allow_implicit_invites: boolean;
  default_org_role: string;
  sign_auth_requests: boolean;
  allow_idp_initiated_logins: boolean;
  /** Set while IdP-initiated logins are allowed. */
  idp_default_relay_state?: string;
}

export interface SamlSection {
  configs: SamlConfigRecord[];
  /** Provisioning rejects e-mails of other domains (`rejected_emails`). */
  domains: string[];
}

export interface AppRecord {
  id: string;
  name: string;
  tags: { key: string; value: string }[];
  team_id?: string;
  base_branch: string;
  labels?: string[];
}

export const stateVersion = 1;
