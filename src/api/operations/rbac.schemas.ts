import * as z from 'zod';
import { OkOnly, StringArray } from '../schemas/common.js';
import { CreateRoleBody, RbacRole, UpdateRoleBody } from '../schemas/rbac.js';
import {
  CreateTeamBody,
  DeleteTeamBody,
  HumanGroup,
  HumanGroups,
  Invitation,
  OrgUser,
  Team,
  TeamGroup,
  TeamSummary,
  UpdateGroupBody,
  UpdateOrgUserBody,
  UpdateTeamAppsBody,
  UpdateTeamBody,
  UpdateTeamMembershipBody,
  UpdateTeamMetadataBody,
  UpsertGroupBody,
} from '../schemas/teams.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListOrgRBACRoles: {
    response: z.array(RbacRole),
  },
  CreateCustomRBACRole: {
    body: CreateRoleBody,
    response: RbacRole,
  },
  UpdateRBACRole: {
    body: UpdateRoleBody,
    response: OkOnly,
  },
  DeleteCustomRBACRole: {
    response: OkOnly,
  },
  ListAvailableRBACScopes: {
    response: StringArray,
  },
  ListHumanGroups: {
    response: HumanGroups,
  },
  ReadGroup: {
    response: HumanGroup,
  },
  ListOrgRBACInvitations: {
    response: z.array(Invitation),
  },
  ListTeams: {
    response: z.array(TeamSummary),
  },
  CreateTeam: {
    body: CreateTeamBody,
    response: z.looseObject({ team_id: z.string() }),
  },
  ReadTeam: {
    response: Team,
  },
  UpdateTeam: {
    body: UpdateTeamBody,
    response: Team,
  },
  DeleteTeam: {
    body: DeleteTeamBody,
    response: OkOnly,
  },
  UpdateTeamApps: {
    body: UpdateTeamAppsBody,
    response: Team,
  },
  ListGroups: {
    response: z.array(TeamGroup),
  },
  UpsertGroup: {
    body: UpsertGroupBody,
    response: OkOnly,
  },
  ReadTeamGroup: {
    response: TeamGroup,
  },
  UpdateGroup: {
    body: UpdateGroupBody,
    response: OkOnly,
  },
  RemoveGroupFromTeam: {
    response: OkOnly,
  },
  UpdateTeamMembership: {
    body: UpdateTeamMembershipBody,
    response: Team,
  },
  UpdateTeamMetadata: {
    body: UpdateTeamMetadataBody,
    response: Team,
  },
  ListOrgRBACUsers: {
    response: z.array(OrgUser),
  },
  UpdateOrgUser: {
    body: UpdateOrgUserBody,
    response: OkOnly,
  },
  DeleteOrgUser: {
    response: OkOnly,
  },
});
