import * as z from 'zod';
import { authProviders, severities, trainingProviders } from '../values.js';
import { SecretsConfig, settingsObject } from './common.js';

/** Organization and team analysis configuration carry `secrets` only. */
export const SecretsAnalysisBody = z.strictObject({ secrets: SecretsConfig.optional() });

export const AutofixConfigBody = z.strictObject({
  enable: z.boolean().optional(),
  disable: z.boolean().optional(),
  auto_run: z.boolean().optional(),
  auto_run_disable: z.boolean().optional(),
  manual: z.boolean().optional(),
  manual_disable: z.boolean().optional(),
  max_fixes_per_run: z.number().int().nonnegative().optional(),
  fix_only_severities: z.array(z.enum(severities)).optional(),
});

/** UpdateOrgConfig overwrites every option; PatchOrgConfig changes only those given. */
export const OrgConfigBody = z.strictObject({
  sso_name: z.string().optional(),
  default_saml_config: z.string().optional(),
  allowed_non_admin_auth_providers: z.array(z.enum(authProviders)).optional(),
  security_training_provider: z.enum(trainingProviders).optional(),
  analysis_configuration: SecretsAnalysisBody.optional(),
  autofix_configuration: AutofixConfigBody.optional(),
  session_timeout_hours: z.number().int().nonnegative().optional(),
});
export type OrgConfigBody = z.infer<typeof OrgConfigBody>;

export const TeamConfigBody = z.strictObject({ analysis_configuration: SecretsAnalysisBody.optional() });
export type TeamConfigBody = z.infer<typeof TeamConfigBody>;

const Secrets = z.looseObject({ entropy: z.number().optional(), disable: z.boolean().optional() });
export const SecretsAnalysis = z.looseObject({ secrets: Secrets.optional() });

export const AutofixConfig = z.looseObject({
  enable: z.boolean().optional(),
  disable: z.boolean().optional(),
  auto_run: z.boolean().optional(),
  auto_run_disable: z.boolean().optional(),
  manual: z.boolean().optional(),
  manual_disable: z.boolean().optional(),
  max_fixes_per_run: z.number().optional(),
  fix_only_severities: z.array(z.string()).optional(),
});
export type AutofixConfig = z.infer<typeof AutofixConfig>;

const orgConfigFields = {
  sso_name: z.string().optional(),
  default_saml_config: z.string().optional(),
  allowed_non_admin_auth_providers: z.array(z.string()).optional(),
  security_training_provider: z.string().optional(),
  analysis_configuration: SecretsAnalysis.optional(),
  autofix_configuration: AutofixConfig.optional(),
  session_timeout_hours: z.number().optional(),
};

/**
 * Every field is optional, but an answer with none of these (`{}` included: the service always shows the
 * session timeout) is not a configuration: read as one, it would show every setting blank and `org config
 * set` would compute its resets from nothing.
 */
export const OrgConfig = settingsObject(orgConfigFields, { empty: false });
export type OrgConfig = z.infer<typeof OrgConfig>;

/** A team's own configuration, or its effective one (the organization's overridden by the team's). */
export const TeamConfig = settingsObject({ analysis_configuration: SecretsAnalysis.optional() });
export type TeamConfig = z.infer<typeof TeamConfig>;
