import * as z from 'zod';
import { orgRoles } from '../values.js';
import { requiredList } from './common.js';

/** A team member: a user and the team role (a role name such as TEAM_MEMBER, or a role id). */
export const TeamMember = z.looseObject({ user_id_v2: z.string().min(1), team_role: z.string() });
export type TeamMember = z.infer<typeof TeamMember>;

/**
 * A row of ListTeams: `team_id`, `team_name` (the specification) and `team_version` (the vendor document, and
 * what the service sends). A team's members and apps come from ReadTeam: nothing reads them from a row (a
 * service that still lists them passes, unread).
 */
export const TeamSummary = z.looseObject({
  team_id: z.string().min(1),
  team_name: z.string(),
  team_version: z.number().int().optional(),
});
export type TeamSummary = z.infer<typeof TeamSummary>;

/**
 * `version` is the team's configuration version: every team write sends the current one. The members come as
 * `users` (the specification's Team) or `members` (the vendor document's schema): `teamMembers` reads either.
 */
export const Team = z
  .looseObject({
    version: z.number().int(),
    team_id: z.string().min(1),
    team_name: z.string(),
    /** `teams apply` and `teams update` compute their changes from these: the apps and the members must be there. */
    applications: requiredList(z.string()),
    users: z.array(TeamMember).optional(),
    members: z.array(TeamMember).optional(),
  })
  .refine((team) => team.users !== undefined || team.members !== undefined, {
    message: 'the team comes without its members (neither users nor members)',
    path: ['users'],
  });
export type Team = z.infer<typeof Team>;

/** A team's members, under whichever name the answer gives them (`users` first, as the specification names). */
export function teamMembers(team: Pick<Team, 'users' | 'members'>): TeamMember[] {
  return team.users ?? team.members ?? [];
}

const MemberBody = z.strictObject({ user_id_v2: z.string().min(1), team_role: z.string().min(1) });
const TeamVersion = z.number().int().nonnegative();
const AppIds = z.array(z.string().min(1));

export const CreateTeamBody = z.strictObject({
  name: z.string().min(1),
  applications: AppIds.optional(),
  team_membership: z.array(MemberBody).optional(),
});

export const UpdateTeamBody = z.strictObject({
  version: TeamVersion,
  add_applications: AppIds.optional(),
  /** Moves an app that belongs to another team. */
  force_app_inclusion: z.boolean().optional(),
  remove_applications: AppIds.optional(),
  add_team_membership: z.array(MemberBody).optional(),
  remove_team_membership: z.array(MemberBody).optional(),
});

export const UpdateTeamMembershipBody = z.strictObject({
  version: TeamVersion,
  add_team_membership: z.array(MemberBody).optional(),
  remove_team_membership: z.array(MemberBody).optional(),
});

export const UpdateTeamAppsBody = z.strictObject({
  version: TeamVersion,
  add_applications: AppIds.optional(),
  force_app_inclusion: z.boolean().optional(),
  remove_applications: AppIds.optional(),
});

export const UpdateTeamMetadataBody = z.strictObject({
  version: TeamVersion,
  change_name: z.string().min(1).optional(),
});

export const DeleteTeamBody = z.strictObject({ version: TeamVersion });

const GroupTeam = z.looseObject({
  team_id: z.string().optional(),
  team_name: z.string().optional(),
  role: z.string().optional(),
});

/** Members carry `user_id_v2` in the org-wide group listing and `user_id` in the team group operations. */
export const HumanGroup = z.looseObject({
  group_id: z.string().min(1),
  group_name: z.string(),
  members: z
    .array(
      z.looseObject({
        user_id_v2: z.string().optional(),
        user_id: z.string().optional(),
        email: z.string().optional(),
      }),
    )
    .optional(),
  teams: z.array(GroupTeam).optional(),
});
export type HumanGroup = z.infer<typeof HumanGroup>;

/**
 * A group of a team (ListGroups, ReadTeamGroup): its role in the team is in `teams`, which `teams apply`
 * plans from, so the list must be there (absent, every group would look role-less and be written again).
 */
export const TeamGroup = HumanGroup.extend({ teams: requiredList(GroupTeam) });

/** `groups` must be there: a listing without it is of the wrong shape, never an organization without groups. */
export const HumanGroups = z.looseObject({ groups: requiredList(HumanGroup) });

export const UpsertGroupBody = z.strictObject({
  group_ids: z.array(z.strictObject({ group_id: z.string().min(1), team_role: z.string().min(1) })),
});

export const UpdateGroupBody = z.strictObject({ team_role: z.string().min(1).optional() });

/**
 * A row of ListOrgRBACUsers. The organization role comes as a `team_membership` entry with an empty
 * `team_id` (the vendor document's example); the other entries are the user's teams.
 */
export const OrgUser = z.looseObject({
  id_v2: z.string().min(1),
  name: z.string().optional(),
  email: z.string(),
  team_membership: z
    .array(
      z.looseObject({
        team_name: z.string().optional(),
        team_id: z.string().optional(),
        role: z.string().optional(),
        role_name: z.string().optional(),
        role_aliases: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type OrgUser = z.infer<typeof OrgUser>;

export const UpdateOrgUserBody = z.strictObject({ org_role: z.enum(orgRoles) });

/** A pending invitation; `role` is a role id, `invited_utc_timestamp` as the service sends it. */
export const Invitation = z.looseObject({
  email: z.string(),
  name: z.string().optional(),
  role: z.string().optional(),
  invited_utc_timestamp: z.number().optional(),
});
export type Invitation = z.infer<typeof Invitation>;
