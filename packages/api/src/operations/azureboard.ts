import { defineOperations } from '../operation.js';

export const azureboardOperations = defineOperations('azureboard', {
  // Answers 302 to the work board's consent page: the client returns the Location.
  AzureAuthorization: {
    method: 'GET',
    path: '/azureboard/authorization/orgs/{orgID}',
    scopes: ['azureboard_auth:write'],
    summary: 'azureboard authorization at the org level',
    successStatus: 302,
  },
  GetAzureAuthorizationStatus: {
    method: 'GET',
    path: '/azureboard/authorization/orgs/{orgID}/status',
    scopes: ['azureboard_association:read'],
    summary: 'Get azureboard authorization status',
  },
  AzureCallback: {
    method: 'GET',
    path: '/azureboard/callback',
    scopes: [],
    summary: 'AzureCallback is authorized redirect_url in oAuth2 app',
    successStatus: 302,
  },
  // The association reads answer without the envelope.
  GetAzureboardAssociation: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/integrations/azureboard/association',
    scopes: ['project:read', 'azureboard_association:read'],
    summary: 'Get AzureBoard Association',
    envelope: false,
  },
  PutAzureboardAssociation: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/integrations/azureboard/association',
    scopes: ['project:update', 'azureboard_association:write'],
    summary: 'Update AzureBoard Association',
  },
  DeleteAzureboardAssociation: {
    method: 'DELETE',
    path: '/orgs/{orgID}/apps/{appID}/integrations/azureboard/association',
    scopes: ['project:update', 'azureboard_association:write'],
    summary: 'Get AzureBoard Association',
  },
  SubmitFindingToAzureBoardPut: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/integrations/azureboard/findings',
    scopes: ['findings:update', 'azureboard_workitem:write'],
    summary: 'Puts azureboard association by finding ids',
  },
  GetAssociationAzureBoardByFindingID: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/integrations/azureboard/findings/{findingID}',
    scopes: ['findings:read', 'azureboard_workitem:read'],
    summary: 'Get azureboard association by finding id',
    envelope: false,
  },
  GetAzureOrgList: {
    method: 'GET',
    path: '/orgs/{orgID}/integrations/azureboard/organizations',
    scopes: ['azureboard_association:read'],
    summary: 'Get Azure organizations',
  },
});
