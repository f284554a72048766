import { defineOperations } from '../operation.js';

export const samlOperations = defineOperations('saml', {
  ListOrgSAMLConfigs: {
    method: 'GET',
    path: '/orgs/{orgID}/saml_configs',
    scopes: ['saml_config:list'],
    summary: 'List SAML configurations for an org',
  },
  CreateOrgSAMLConfig: {
    method: 'POST',
    path: '/orgs/{orgID}/saml_configs',
    scopes: ['saml_config:create'],
    summary: 'Create a SAML configuration for an org',
  },
  UpdateOrgSAMLConfig: {
    method: 'PUT',
    path: '/orgs/{orgID}/saml_configs/{SAMLConfigName}',
    scopes: ['saml_config:update'],
    summary: 'Update SAML configuration for an org',
  },
  DeleteOrgSAMLConfig: {
    method: 'DELETE',
    path: '/orgs/{orgID}/saml_configs/{SAMLConfigName}',
    scopes: ['saml_config:delete'],
    summary: "Delete an org's SAML configuration",
  },
  BulkResetSAMLUserAccessTokens: {
    method: 'POST',
    path: '/orgs/{orgID}/saml/access_token/reset',
    scopes: ['org_user:update'],
    summary: 'Bulk reset SAML user access tokens.',
  },
  ProvisionSAMLUsers: {
    method: 'POST',
    path: '/orgs/{orgID}/saml/provision',
    scopes: ['org_user:update'],
    summary: 'Provision or update SAML users for an organization.',
  },
  ResetSAMLUserAccessToken: {
    method: 'POST',
    path: '/orgs/{orgID}/saml/users/{userIDv2}/access_token/reset',
    scopes: ['org_user:update'],
    summary: "Reset a SAML user's access token.",
    successStatus: 204,
  },
});
