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
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListAppFindings: {
    response: FindingsPage,
  },
  ListCompoundFindings: {
    response: CompoundFindingsPage,
  },
  ListCompoundFindingsDEPRECATED: {
    response: FindingsPage,
  },
  ListOrgFindings: {
    response: FindingsPage,
  },
  ReadOrgFindingsSummary: {
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
