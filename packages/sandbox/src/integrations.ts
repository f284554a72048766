import { randomBytes } from 'node:crypto';

/** An authorization the stand-in consent page approves: `chat` (Slack) or `board` (Azure Boards). */
export type AuthorizedService = 'chat' | 'board';

export interface WorkBoardAssociation {
  azure_org_name: string;
  azure_project_name: string;
  finding_work_item_type?: string;
}

export interface WorkItemRecord {
  id: number;
  app: string;
  finding_id: string;
  scan_id: number;
  azure_org_name: string;
  azure_project_name: string;
  type: string;
  title: string;
  created_at: string;
  extra_parameters?: Record<string, string>;
}

export interface EnrollmentRecord {
  enrolled_for: string[];
  is_enabled: boolean;
}

/**
 * The chat service, the work board and the cloud-security platform. Authorizations start with a redirect to
 * a stand-in consent page of the sandbox (`pages.ts`), which records them once approved.
 */
export interface IntegrationsSection {
  chat?: { workspace: string; authorized_at: string };
  /** The Azure DevOps organizations the authorized board reaches. */
  board?: { accounts: string[]; authorized_at: string };
  /**
   * Authorizations started and not completed, by the `state` of their consent link; `code` is set once the
   * stand-in consent page approves, and the callback that brings it back completes the authorization.
   */
  pending: PendingAuthorization[];
  /** Work-board links by app id. */
  associations: Record<string, WorkBoardAssociation>;
  workItems: WorkItemRecord[];
  nextWorkItem: number;
  /** The client secret itself is not kept: the sandbox has no cloud platform to call. */
  cloud: {
    creds?: { client_id: string; auth_url: string; api_url: string; stored_at: string };
    org?: EnrollmentRecord;
    compounds: Record<string, EnrollmentRecord>;
  };
}

export interface PendingAuthorization {
  service: AuthorizedService;
  state: string;
  created_at: string;
  code?: string;
}

export function seedIntegrations(): IntegrationsSection {
  return { pending: [], associations: {}, workItems: [], nextWorkItem: 1001, cloud: { compounds: {} } };
}

export const serviceNames: Record<AuthorizedService, string> = {
  chat: 'the chat service (Slack)',
  board: 'the work board (Azure Boards)',
};

/** Starts an authorization: the consent link's `state`, kept until approved (the newest 20 at most). */
export function startAuthorization(section: IntegrationsSection, service: AuthorizedService): string {
  const state = randomBytes(16).toString('hex');
  section.pending = [...section.pending, { service, state, created_at: new Date().toISOString() }].slice(-20);
  return state;
}

/**
 * Where the vendor sends the browser back once the consent is answered: the service's OAuth callback of that
 * integration (SlackCallback, AzureCallback), with the authorization `code` or an `error`, and the `state`.
 */
export function callbackUrl(
  baseUrl: string,
  orgId: string,
  service: AuthorizedService,
  answer: { code: string } | { error: string },
  state: string,
): string {
  const path = service === 'chat' ? `/slack/orgs/${orgId}` : '/azureboard/callback';
  const query = new URLSearchParams({ ...answer, state });
  return `${baseUrl}/api/v4${path}?${query}`;
}

/** The stand-in for the service's organization settings page, where a callback sends the browser. */
export function settingsUrl(baseUrl: string, outcome: { success: true } | { error: string }): string {
  const query = 'error' in outcome ? `error=${encodeURIComponent(outcome.error)}` : 'success=true';
  return `${baseUrl}/sandbox/organization/settings?${query}`;
}

/** The Azure DevOps organizations an authorized board reaches: fixed, so examples work with every seed. */
export const boardAccounts = ['sandbox-devops', 'sandbox-security'];

/** Where a work item can be looked at: a page of the sandbox itself. */
export function workItemUrl(baseUrl: string, id: number): string {
  return `${baseUrl}/sandbox/board/workitems/${id}`;
}
