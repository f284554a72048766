import * as z from 'zod';
import { enrollmentKinds, enrollmentScopes } from '../values.js';
import { requiredList, settingsObject } from './common.js';

/** An app's work-board association. */
export const AzureAssociation = z.looseObject({
  azure_org_name: z.string(),
  azure_project_name: z.string(),
  finding_work_item_type: z.string().optional(),
});
export type AzureAssociation = z.infer<typeof AzureAssociation>;

export const AzureAssociationBody = z.strictObject({
  azure_org_name: z.string().min(1),
  azure_project_name: z.string().min(1),
  finding_work_item_type: z.string().min(1).optional(),
});

/** A finding's work item. */
export const AzureFindingAssociation = z.looseObject({
  azure_org_name: z.string().optional(),
  azure_project_name: z.string().optional(),
  azure_workitem_id: z.number(),
  azure_workitem_url: z.string().optional(),
});

export const AzureWorkItemsBody = z.strictObject({
  scan_id: z.number().int().positive(),
  finding_ids: z.array(z.number().int().positive()),
  extra_parameters: z.record(z.string(), z.string()).optional(),
});

export const AzureOrganizations = z.looseObject({
  accounts: requiredList(z.looseObject({ name: z.string().optional() })),
});

/** Stored cloud-platform credentials as read back (the service's fields are not documented). */
export const CloudCredentials = settingsObject({
  client_id: z.string().optional(),
  auth_url: z.string().optional(),
  api_url: z.string().optional(),
}).optional();
export type CloudCredentials = z.infer<typeof CloudCredentials>;

export const CloudCredentialsBody = z.strictObject({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  auth_url: z.string().optional(),
  api_url: z.string().optional(),
});

/**
 * `scope`: the level the configuration is read from (falling back to a higher one); a disabled
 * configuration at a granular level wins over an enabled higher one.
 */
export const EnrollmentBody = z.strictObject({
  enrolled_for: z.array(z.enum(enrollmentKinds)).optional(),
  scope: z.enum(enrollmentScopes).optional(),
  is_enabled: z.boolean().optional(),
});

/** A cloud-platform enrollment as read: `scope` names the level it comes from (none when the body is empty). */
export const Enrollment = settingsObject({
  enrolled_for: z.array(z.string()).optional(),
  scope: z.string().optional(),
  is_enabled: z.boolean().optional(),
}).optional();
export type Enrollment = z.infer<typeof Enrollment>;
