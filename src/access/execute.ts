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
  const run = new Execution(client, plans, rows);
  for (const p of plans.filter((plan) => plan.create)) await run.create(p);
  for (const p of plans.filter((plan) => !plan.delete)) {
    await run.grant(p);
    await run.rename(p);
    await run.addGroups(p);
  }
  for (const p of plans.filter((plan) => !plan.delete && !plan.create)) {
    await run.revoke(p);
    await run.removeGroups(p);
  }
  for (const p of plans.filter((plan) => plan.delete)) await run.delete(p);
}

/** A team's apps and members changed in one write, of the operation that takes what changes. */
interface TeamChange {
  apps?: { add_applications: string[]; force_app_inclusion?: true } | { remove_applications: string[] };
  members?: { add_team_membership?: Member[]; remove_team_membership?: Member[] };
}

/** One apply: the teams' ids and versions as the writes go, each step of the plan a method. */
class Execution {
  private readonly ids = new Map<TeamPlan, string>();
  private readonly versions = new Map<string, number>();
  /** Teams another write changed since their version was taken: read again before the next write. */
  private readonly stale = new Set<string>();

  constructor(
    private readonly client: ApiClient,
    plans: readonly TeamPlan[],
    private readonly rows: Rows,
  ) {
    for (const p of plans) {
      if (p.current) {
        this.ids.set(p, p.current.id);
        this.versions.set(p.current.id, p.current.version);
      }
    }
  }

  /** A new team, with the apps and members it starts with. */
  async create(p: TeamPlan): Promise<void> {
    const changes = [
      ...this.covered(p, 'team', ['create']),
      ...this.covered(p, 'app', ['add']),
      ...this.covered(p, 'member', ['add']),
    ];
    await this.step(changes, async () => {
      const { team_id } = await this.client.call('CreateTeam', {
        body: {
          name: p.name,
          ...(p.addApps.length ? { applications: p.addApps } : {}),
          ...(p.addMembers.size ? { team_membership: members(p.addMembers) } : {}),
        },
        verify: checkWith(`secscan teams list --name ${JSON.stringify(p.name)}`),
      });
      this.ids.set(p, team_id);
    });
  }

  /** Apps added and moved in, members added or given another role (a new team has its own already). */
  async grant(p: TeamPlan): Promise<void> {
    const addApps = p.create ? [] : p.addApps;
    const moves = p.moveApps.map((m) => m.app);
    const grant = p.create ? [] : members(p.addMembers);
    const revokeOld = members([...p.changedMembers].filter(([user]) => p.addMembers.has(user)));
    const apps = [...addApps, ...moves];
    if (!apps.length && !grant.length) return;
    const changes = [
      ...this.covered(p, 'app', p.create ? ['move'] : ['add', 'move']),
      ...(p.create ? [] : this.covered(p, 'member', ['add', 'change'])),
    ];
    await this.step(changes, async () => {
      await this.writeTeam(p, {
        ...(apps.length
          ? {
              apps: {
                add_applications: apps,
                ...(moves.length ? { force_app_inclusion: true as const } : {}),
              },
            }
          : {}),
        ...(grant.length
          ? {
              members: {
                add_team_membership: grant,
                ...(revokeOld.length ? { remove_team_membership: revokeOld } : {}),
              },
            }
          : {}),
      });
      for (const m of p.moveApps) this.stale.add(m.from);
    });
  }

  async rename(p: TeamPlan): Promise<void> {
    if (!p.rename) return;
    const id = this.id(p);
    await this.step(this.covered(p, 'team', ['rename']), async () => {
      const v = await this.version(id);
      this.took(
        await this.guarded(p, () =>
          this.client.call('UpdateTeamMetadata', {
            path: { rbacTeamID: id },
            body: { version: v, change_name: p.name },
            verify: verifyTeam(id),
          }),
        ),
      );
    });
  }

  async addGroups(p: TeamPlan): Promise<void> {
    if (!p.addGroups.size) return;
    const id = this.id(p);
    await this.step(this.covered(p, 'group', ['add', 'change']), async () => {
      await this.client.call('UpsertGroup', {
        path: { rbacTeamID: id },
        body: { group_ids: [...p.addGroups].map(([group_id, team_role]) => ({ group_id, team_role })) },
        verify: checkWith(`secscan teams groups list ${id}`),
      });
      this.stale.add(id);
    });
  }

  /** Apps and members taken away (pruning). */
  async revoke(p: TeamPlan): Promise<void> {
    const revoke = members(p.removeMembers);
    if (!p.removeApps.length && !revoke.length) return;
    const changes = [...this.covered(p, 'app', ['remove']), ...this.covered(p, 'member', ['remove'])];
    await this.step(changes, () =>
      this.writeTeam(p, {
        ...(p.removeApps.length ? { apps: { remove_applications: p.removeApps } } : {}),
        ...(revoke.length ? { members: { remove_team_membership: revoke } } : {}),
      }),
    );
  }

  /** Groups taken away, one write each. */
  async removeGroups(p: TeamPlan): Promise<void> {
    const id = this.id(p);
    const groupRows = this.covered(p, 'group', ['remove']);
    for (const [i, groupId] of [...p.removeGroups.keys()].entries()) {
      await this.step(groupRows.slice(i, i + 1), async () => {
        await this.client.call('RemoveGroupFromTeam', {
          path: { rbacTeamID: id, groupID: groupId },
          verify: checkWith(`secscan teams groups list ${id}`),
        });
        this.stale.add(id);
      });
    }
  }

  async delete(p: TeamPlan): Promise<void> {
    const id = this.id(p);
    await this.step(this.covered(p, 'team', ['delete']), async () => {
      const v = await this.version(id);
      await this.guarded(p, () =>
        this.client.call('DeleteTeam', {
          path: { rbacTeamID: id },
          body: { version: v },
          verify: verifyTeam(id),
        }),
      );
    });
  }

  /** The team's apps and members written at its current version: both at once, or the one that changes. */
  private async writeTeam(p: TeamPlan, change: TeamChange): Promise<void> {
    const id = this.id(p);
    const path = { rbacTeamID: id };
    const v = await this.version(id);
    const { apps, members: people } = change;
    const team = await this.guarded(p, () =>
      apps && people
        ? this.client.call('UpdateTeam', {
            path,
            body: { version: v, ...apps, ...people },
            verify: verifyTeam(id),
          })
        : apps
          ? this.client.call('UpdateTeamApps', {
              path,
              body: { version: v, ...apps },
              verify: verifyTeam(id),
            })
          : this.client.call('UpdateTeamMembership', {
              path,
              body: { version: v, ...people },
              verify: verifyTeam(id),
            }),
    );
    this.took(team);
  }

  private id(p: TeamPlan): string {
    return this.ids.get(p) as string;
  }

  /** The rows of the plan a write of `p` carries out. */
  private covered(p: TeamPlan, what: AccessChange['what'], actions: readonly AccessChange['action'][]) {
    return (this.rows.get(p) ?? []).filter((r) => r.what === what && actions.includes(r.action));
  }

  /** One write and the changes it carries out: applied once answered; unknown when its answer was lost. */
  private async step(changes: readonly AccessChange[], write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      // A write whose answer was lost may have been applied: say so rather than "not applied".
      if (exitCodeFor(error) === ExitCode.transient) for (const change of changes) change.status = 'unknown';
      throw error;
    }
    for (const change of changes) change.status = 'applied';
  }

  /** The team's version for the next write: the last write's, or read again when it may have moved. */
  private async version(id: string): Promise<number> {
    if (this.stale.has(id) || !this.versions.has(id)) {
      this.versions.set(id, (await this.client.call('ReadTeam', { path: { rbacTeamID: id } })).version);
      this.stale.delete(id);
    }
    return this.versions.get(id) as number;
  }

  private took(team: Team): void {
    this.versions.set(team.team_id, team.version);
  }

  /** A write refused for the team's version (409): the team changed during the apply. */
  private async guarded<T>(p: TeamPlan, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        throw new RejectedError(
          error.message,
          ExitCode.rejected,
          409,
          error.body,
          `team ${p.name} changed during the apply`,
        );
      }
      throw error;
    }
  }
}

const verifyTeam = (id: string) => checkWith(`secscan teams show ${id}`);
