import { AutofixFix, BranchFixes } from '../schemas/autofix.js';
import { FindingDataflow } from '../schemas/findings.js';
import { CurrentUser } from '../schemas/users.js';
import { defineSchemas } from '../schema.js';
import type { privateOperations } from './private.js';

/** The shapes of the paths the vendor's clients call outside the document, as those clients read them. */
export default defineSchemas<typeof privateOperations>()({
  ReadPrivateUser: {
    response: CurrentUser,
  },
  ReadFindingDataflow: {
    response: FindingDataflow,
  },
  RequestFindingFix: {
    response: AutofixFix,
  },
  ListBranchFixes: {
    response: BranchFixes,
  },
});
