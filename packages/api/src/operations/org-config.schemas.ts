import * as z from 'zod';
import { OkOnly } from '../schemas/common.js';
import { AutofixConfig, OrgConfig, OrgConfigBody, SecretsAnalysisBody } from '../schemas/org-config.js';
import { defineSchemas } from '../schema.js';
import type { orgConfigOperations } from './org-config.js';

export default defineSchemas<typeof orgConfigOperations>()({
  ReadOrgConfig: {
    response: OrgConfig,
  },
  UpdateOrgConfig: {
    body: OrgConfigBody,
    response: OkOnly,
  },
  PatchOrgConfig: {
    body: OrgConfigBody,
    response: OkOnly,
  },
  CreateOrgAnalysisConfig: {
    body: SecretsAnalysisBody,
    response: OkOnly,
  },
  UpdateOrgAnalysisConfig: {
    body: SecretsAnalysisBody,
    response: OkOnly,
  },
  ReadOrgAutoFixConfig: {
    response: z.looseObject({ autofix_configuration: AutofixConfig }),
  },
});
