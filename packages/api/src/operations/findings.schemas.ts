import { OkOnly } from '../schemas/common.js';
import {
  AssigneeBody,
  BulkAssigneeBody,
  BulkStatusBody,
  CompoundFindingsPage,
  Finding,
  FindingsPage,
  OrgFindingsSummary,
  StatusBody,
} from '../schemas/findings.js';
import { boolean, defineQuery, text } from '../query.js';
import { compoundFindingsQuery, orgFindingsQuery, scanFindingsQuery, scanTagsQuery } from './queries.js';
import { defineSchemas } from '../schema.js';
import type { findingOperations } from './findings.js';

export default defineSchemas<typeof findingOperations>()({
  ListAppFindings: {
    query: scanFindingsQuery,
    response: FindingsPage,
  },
  ListCompoundFindings: {
    query: compoundFindingsQuery,
    response: CompoundFindingsPage,
  },
  ListCompoundFindingsDEPRECATED: {
    query: scanFindingsQuery,
    response: FindingsPage,
  },
  ListOrgFindings: {
    query: orgFindingsQuery,
    response: FindingsPage,
  },
  ReadOrgFindingsSummary: {
    query: defineQuery({
      ...scanTagsQuery,
      type: text({ repeatable: true }),
      default_branch: boolean(),
    }),
    response: OrgFindingsSummary,
  },
  ReadAppFinding: {
    response: Finding,
  },
  SetAppFindingStatus: {
    body: StatusBody,
    response: OkOnly,
  },
  SetAppFindingAssignee: {
    body: AssigneeBody,
    response: OkOnly,
  },
  SetAppMultipleFindingsStatus: {
    body: BulkStatusBody,
    response: OkOnly,
  },
  SetAppMultipleFindingsAssignee: {
    body: BulkAssigneeBody,
    response: OkOnly,
  },
});
