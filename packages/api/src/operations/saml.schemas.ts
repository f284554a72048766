import * as z from 'zod';
import { OkOnly } from '../schemas/common.js';
import {
  CreateSamlConfigBody,
  ProvisionResult,
  ProvisionUsersBody,
  ResetTokensBody,
  ResetTokensResult,
  SamlConfig,
  SamlConfigBody,
} from '../schemas/saml.js';
import { defineSchemas } from '../schema.js';
import type { samlOperations } from './saml.js';

export default defineSchemas<typeof samlOperations>()({
  ListOrgSAMLConfigs: {
    response: z.array(SamlConfig),
  },
  CreateOrgSAMLConfig: {
    body: CreateSamlConfigBody,
    response: SamlConfig,
  },
  UpdateOrgSAMLConfig: {
    body: SamlConfigBody,
    response: SamlConfig,
  },
  DeleteOrgSAMLConfig: {
    response: OkOnly,
  },
  BulkResetSAMLUserAccessTokens: {
    body: ResetTokensBody,
    response: ResetTokensResult,
  },
  ProvisionSAMLUsers: {
    body: ProvisionUsersBody,
    response: ProvisionResult,
  },
  ResetSAMLUserAccessToken: {},
});
