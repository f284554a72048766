import { OkOnly, RedirectLocation } from '../schemas/common.js';
import {
  AzureAssociation,
  AzureAssociationBody,
  AzureFindingAssociation,
  AzureOrganizations,
  AzureWorkItemsBody,
} from '../schemas/integrations.js';
import { defineSchemas } from '../schema.js';
import type { azureboardOperations } from './azureboard.js';

export default defineSchemas<typeof azureboardOperations>()({
  AzureAuthorization: {
    response: RedirectLocation,
  },
  GetAzureAuthorizationStatus: {},
  AzureCallback: {
    response: RedirectLocation,
  },
  GetAzureboardAssociation: {
    response: AzureAssociation,
  },
  PutAzureboardAssociation: {
    body: AzureAssociationBody,
    response: AzureAssociation,
  },
  DeleteAzureboardAssociation: {
    response: OkOnly,
  },
  SubmitFindingToAzureBoardPut: {
    body: AzureWorkItemsBody,
    response: OkOnly,
  },
  GetAssociationAzureBoardByFindingID: {
    response: AzureFindingAssociation,
  },
  GetAzureOrgList: {
    response: AzureOrganizations,
  },
});
