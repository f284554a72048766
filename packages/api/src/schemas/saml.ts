import * as z from 'zod';
import { orgRoles, samlConfigNamePattern } from '../values.js';
import { Uuid } from './common.js';
import { CurrentUser } from './users.js';

const samlConfigFields = {
  idp_metadata_url: z.url().optional(),
  /** The identity provider's metadata as raw XML, instead of the URL. */
  idp_metadata: z.string().min(1).optional(),
  allow_implicit_invites: z.boolean().optional(),
  default_org_role: z.string().min(1).optional(),
  sign_auth_requests: z.boolean().optional(),
  allow_idp_initiated_logins: z.boolean().optional(),
};

/** UpdateOrgSAMLConfig: every field but the name, which is the id in the path. */
export const SamlConfigBody = z.strictObject(samlConfigFields);

export const CreateSamlConfigBody = z.strictObject({
  name: z
    .string()
    .regex(samlConfigNamePattern, 'letters, digits, hyphen and underscore, 1 to 255 characters'),
  ...samlConfigFields,
});

/** `idp_default_relay_state` is present when IdP-initiated logins are allowed. */
export const SamlConfig = z.looseObject({
  name: z.string(),
  idp_metadata_url: z.string().optional(),
  idp_metadata: z.string().optional(),
  allow_implicit_invites: z.boolean().optional(),
  default_org_role: z.string().optional(),
  sign_auth_requests: z.boolean().optional(),
  allow_idp_initiated_logins: z.boolean().optional(),
  idp_default_relay_state: z.string().optional(),
  sp_metadata_url: z.string().optional(),
  sp_login_url: z.string().optional(),
});
export type SamlConfig = z.infer<typeof SamlConfig>;

/** Users are provisioned or updated, never deleted. */
export const ProvisionUsersBody = z.array(
  z.strictObject({
    name: z.string().optional(),
    email: z.email(),
    organization_role: z.enum(orgRoles),
    team_membership: z
      .array(z.strictObject({ team_id: z.string().min(1), role: z.string().min(1) }))
      .optional(),
  }),
);

/**
 * A list may be absent (none); never `null`. `saml provision` accounts for every user sent: one the answer
 * neither provisions nor rejects is a row of its own and exit 8, so an absent list hides nothing.
 */
export const ProvisionResult = z.looseObject({
  users: z.array(CurrentUser).optional(),
  rejected_emails: z.array(z.string()).optional(),
  rejected_org_roles: z.array(z.string()).optional(),
  rejected_team_roles: z.array(z.string()).optional(),
});

export const ResetTokensBody = z.strictObject({ user_ids: z.array(Uuid).min(1) });

/** As ProvisionResult: absent is none (every user sent is accounted for), `null` is refused. */
export const ResetTokensResult = z.looseObject({
  reset: z.array(z.string()).optional(),
  not_found: z.array(z.string()).optional(),
  not_saml: z.array(z.string()).optional(),
});
