import type { ApiClient } from '../api/client.js';
import type { Team } from '@secscan/api/schemas/teams';
import { ApiError, ExitCode, exitCodeFor, RejectedError } from '../errors.js';
import type { AccessChange, TeamPlan } from './plan.js';
import { checkWith } from '../util/hints.js';

type Rows = ReadonlyMap<TeamPlan, AccessChange[]>;
type Member = { user_id_v2: string; team_role: string };

const members = (entries: Iterable<[string, string]>): Member[] =>
  [...entries].map(([user_id_v2, team_role]) => ({ user_id_v2, team_role }));

/**
 * Applies a plan in a safe order: teams are created, then access is granted (apps added and moved in,
 * members and groups added or re-roled, renames), then (pruning) taken away, then teams deleted. So nobody
 * loses access mid-way that the file gives them, and an app moved out of a team is gone before that team
 * is deleted. Each write carries the team's current version: taken from the previous write's answer, or
 * read again when another write changed the team (an app moved out of it, a group change). A change is
 * marked applied once its write is answered; a failure leaves the rest planned, for the caller to report.
 */
export async function executePlan(client: ApiClient, plans: readonly TeamPlan[], rows: Rows): Promise<void> {
  const ids = new Map<TeamPlan, string>();
  const verify = (id: string) => checkWith(`secscan teams show ${id}`);
  const versions = new Map<string, number>();
  const stale = new Set<string>();
  for (const p of plans) {
    if (p.current) {
      ids.set(p, p.current.id);
      versions.set(p.current.id, p.current.version);
    }
  }
  const covered = (p: TeamPlan, what: AccessChange['what'], actions: readonly AccessChange['action'][]) =>
    (rows.get(p) ?? []).filter((r) => r.what === what && actions.includes(r.action));
  const step = async (changes: readonly AccessChange[], write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      // A write whose answer was lost may have been applied: say so rather than "not applied".
      if (exitCodeFor(error) === ExitCode.transient) for (const change of changes) change.status = 'unknown';
      throw error;
    }
    for (const change of changes) change.status = 'applied';
  };
  const version = async (id: string): Promise<number> => {
    if (stale.has(id) || !versions.has(id)) {
      versions.set(id, (await client.call('ReadTeam', { path: { rbacTeamID: id } })).version);
      stale.delete(id);
    }
    return versions.get(id) as number;
  };
  const took = (team: Team) => versions.set(team.team_id, team.version);
  const conflict =
    (name: string) =>
    async <T>(write: () => Promise<T>): Promise<T> => {
      try {
        return await write();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          throw new RejectedError(
            error.message,
            ExitCode.rejected,
            409,
            error.body,
            `team ${name} changed during the apply`,
          );
        }
        throw error;
      }
    };

  for (const p of plans.filter((plan) => plan.create)) {
    const changes = [
      ...covered(p, 'team', ['create']),
      ...covered(p, 'app', ['add']),
      ...covered(p, 'member', ['add']),
    ];
    await step(changes, async () => {
      const { team_id } = await client.call('CreateTeam', {
        body: {
          name: p.name,
          ...(p.addApps.length ? { applications: p.addApps } : {}),
          ...(p.addMembers.size ? { team_membership: members(p.addMembers) } : {}),
        },
        verify: checkWith(`secscan teams list --name ${JSON.stringify(p.name)}`),
      });
      ids.set(p, team_id);
    });
  }

  for (const p of plans.filter((plan) => !plan.delete)) {
    const id = ids.get(p) as string;
    const guard = conflict(p.name);
    const path = { rbacTeamID: id };
    const addApps = p.create ? [] : p.addApps;
    const moves = p.moveApps.map((m) => m.app);
    const grant = p.create ? [] : members(p.addMembers);
    const revokeOld = members([...p.changedMembers].filter(([user]) => p.addMembers.has(user)));
    const apps = [...addApps, ...moves];
    if (apps.length || grant.length) {
      const changes = [
        ...covered(p, 'app', p.create ? ['move'] : ['add', 'move']),
        ...(p.create ? [] : covered(p, 'member', ['add', 'change'])),
      ];
      await step(changes, async () => {
        const appsBody = { add_applications: apps, ...(moves.length ? { force_app_inclusion: true } : {}) };
        const membersBody = {
          add_team_membership: grant,
          ...(revokeOld.length ? { remove_team_membership: revokeOld } : {}),
        };
        const v = await version(id);
        const team = await guard(() =>
          apps.length && grant.length
            ? client.call('UpdateTeam', {
                path,
                body: { version: v, ...appsBody, ...membersBody },
                verify: verify(id),
              })
            : apps.length
              ? client.call('UpdateTeamApps', { path, body: { version: v, ...appsBody }, verify: verify(id) })
              : client.call('UpdateTeamMembership', {
                  path,
                  body: { version: v, ...membersBody },
                  verify: verify(id),
                }),
        );
        took(team);
        for (const m of p.moveApps) stale.add(m.from);
      });
    }
    if (p.rename) {
      await step(covered(p, 'team', ['rename']), async () => {
        const v = await version(id);
        took(
          await guard(() =>
            client.call('UpdateTeamMetadata', {
              path,
              body: { version: v, change_name: p.name },
              verify: verify(id),
            }),
          ),
        );
      });
    }
    if (p.addGroups.size) {
      await step(covered(p, 'group', ['add', 'change']), async () => {
        await client.call('UpsertGroup', {
          path,
          body: { group_ids: [...p.addGroups].map(([group_id, team_role]) => ({ group_id, team_role })) },
          verify: checkWith(`secscan teams groups list ${id}`),
        });
        stale.add(id);
      });
    }
  }

  for (const p of plans.filter((plan) => !plan.delete && !plan.create)) {
    const id = ids.get(p) as string;
    const path = { rbacTeamID: id };
    const revoke = members(p.removeMembers);
    if (p.removeApps.length || revoke.length) {
      const changes = [...covered(p, 'app', ['remove']), ...covered(p, 'member', ['remove'])];
      await step(changes, async () => {
        const appsBody = { remove_applications: p.removeApps };
        const membersBody = { remove_team_membership: revoke };
        const v = await version(id);
        const guard = conflict(p.name);
        took(
          await guard(() =>
            p.removeApps.length && revoke.length
              ? client.call('UpdateTeam', {
                  path,
                  body: { version: v, ...appsBody, ...membersBody },
                  verify: verify(id),
                })
              : p.removeApps.length
                ? client.call('UpdateTeamApps', {
                    path,
                    body: { version: v, ...appsBody },
                    verify: verify(id),
                  })
                : client.call('UpdateTeamMembership', {
                    path,
                    body: { version: v, ...membersBody },
                    verify: verify(id),
                  }),
          ),
        );
      });
    }
    const groupRows = covered(p, 'group', ['remove']);
    for (const [i, groupId] of [...p.removeGroups.keys()].entries()) {
      await step(groupRows.slice(i, i + 1), async () => {
        await client.call('RemoveGroupFromTeam', {
          path: { rbacTeamID: id, groupID: groupId },
          verify: checkWith(`secscan teams groups list ${id}`),
        });
        stale.add(id);
      });
    }
  }

  for (const p of plans.filter((plan) => plan.delete)) {
    const id = ids.get(p) as string;
    await step(covered(p, 'team', ['delete']), async () => {
      const v = await version(id);
      await conflict(p.name)(() =>
        client.call('DeleteTeam', { path: { rbacTeamID: id }, body: { version: v }, verify: verify(id) }),
      );
    });
  }
}
