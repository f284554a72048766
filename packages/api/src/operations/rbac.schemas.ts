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
import { boolean, defineQuery, integer, oneOf, text } from '../query.js';
import { sortOrders } from '../values.js';
import { defineSchemas } from '../schema.js';
import type { rbacOperations } from './rbac.js';

/**
 * The page size of the RBAC listings that page at 100 (`page` given): the sandbox's `next_page` links carry
 * it, so it reads it back; the vendor document names only `page`.
 */
const rbacPageSize = defineQuery({ per_page: integer(1, 100) });

export default defineSchemas<typeof rbacOperations>()({
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
    query: defineQuery({
      name: text(),
      iname: text(),
      search: text(),
      no_members: boolean(),
      page: integer(1),
      ...rbacPageSize,
    }),
    response: HumanGroups,
  },
  ReadGroup: {
    response: HumanGroup,
  },
  ListOrgRBACInvitations: {
    query: defineQuery({
      search: text(),
      sort: oneOf(['name', 'email', 'invited']),
      order: oneOf(sortOrders),
      page: integer(1),
      ...rbacPageSize,
    }),
    response: z.array(Invitation),
  },
  ListTeams: {
    // `teamName` is the specification's name of the filter, `name` the vendor document's.
    query: defineQuery({
      teamName: text(),
      name: text(),
      no_members: boolean(),
      page: integer(1),
      ...rbacPageSize,
    }),
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
    query: defineQuery({
      email: text(),
      search: text(),
      team: text(),
      sort: oneOf(['name', 'email', 'role', 'joined']),
      order: oneOf(sortOrders),
      page: integer(1),
      ...rbacPageSize,
    }),
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
