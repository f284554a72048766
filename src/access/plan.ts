import type { CurrentTeam } from './state.js';

/**
 * One change of `teams apply`: planned, applied, not applied when a write failed before it, or unknown
 * when the write carrying it lost its answer (it may have been applied).
 */
export type AccessChange = {
  team: string;
  action: 'create' | 'delete' | 'rename' | 'add' | 'remove' | 'change' | 'move';
  what: 'team' | 'app' | 'member' | 'group';
  target: string;
  from?: string;
  to?: string;
  status: 'planned' | 'applied' | 'not applied' | 'unknown';
};

/** A team as the file wants it: ids resolved, roles as keys; a key left out of the file is not managed. */
export interface DesiredTeam {
  name: string;
  apps?: string[];
  members?: Map<string, string>;
  groups?: Map<string, string>;
}

/** What changes in one team. Additions include new roles; removals happen only with --prune. */
export interface TeamPlan {
  name: string;
  current?: CurrentTeam;
  create: boolean;
  delete: boolean;
  /** The file spells the name in another case. */
  rename?: string;
  addApps: string[];
  /** Apps that move in from another team (by id). */
  moveApps: { app: string; from: string }[];
  removeApps: string[];
  /** Members to add or re-role: user id to the new role. */
  addMembers: Map<string, string>;
  /** Members whose role changes: user id to the old role. */
  changedMembers: Map<string, string>;
  removeMembers: Map<string, string>;
  addGroups: Map<string, string>;
  changedGroups: Map<string, string>;
  removeGroups: Map<string, string>;
}

function emptyPlan(name: string, current?: CurrentTeam): TeamPlan {
  return {
    name,
    ...(current ? { current } : {}),
    create: !current,
    delete: false,
    addApps: [],
    moveApps: [],
    removeApps: [],
    addMembers: new Map(),
    changedMembers: new Map(),
    removeMembers: new Map(),
    addGroups: new Map(),
    changedGroups: new Map(),
    removeGroups: new Map(),
  };
}

/** Roles to add and change, and (pruning) to remove, from current to wanted. */
function diffRoles(
  current: ReadonlyMap<string, string>,
  wanted: ReadonlyMap<string, string>,
  prune: boolean,
  add: Map<string, string>,
  changed: Map<string, string>,
  remove: Map<string, string>,
): void {
  for (const [id, role] of wanted) {
    const now = current.get(id);
    if (now === role) continue;
    add.set(id, role);
    if (now !== undefined) changed.set(id, now);
  }
  if (prune) for (const [id, role] of current) if (!wanted.has(id)) remove.set(id, role);
}

/**
 * The plan from what the service holds to what the file wants. `holders` names each app's team (from the
 * app listing, which also covers teams the caller cannot read). Teams match by name in any case.
 */
export function planAccess(
  desired: readonly DesiredTeam[],
  current: readonly CurrentTeam[],
  holders: ReadonlyMap<string, string | undefined>,
  prune: boolean,
): TeamPlan[] {
  const byName = new Map(current.map((t) => [t.name.toLowerCase(), t]));
  const wantedApps = new Set(desired.flatMap((d) => d.apps ?? []));
  const plans = desired.map((want) => {
    const team = byName.get(want.name.toLowerCase());
    const plan = emptyPlan(want.name, team);
    if (team && team.name !== want.name) plan.rename = want.name;
    const has = new Set(team?.apps ?? []);
    for (const app of want.apps ?? []) {
      if (has.has(app)) continue;
      const holder = holders.get(app);
      if (holder && holder !== team?.id) plan.moveApps.push({ app, from: holder });
      else plan.addApps.push(app);
    }
    if (prune && want.apps) {
      const keep = new Set(want.apps);
      // An app the file puts under another team moves there: it is not removed here.
      plan.removeApps = [...has].filter((a) => !keep.has(a) && !wantedApps.has(a));
    }
    const none = new Map<string, string>();
    if (want.members) {
      diffRoles(
        team?.members ?? none,
        want.members,
        prune,
        plan.addMembers,
        plan.changedMembers,
        plan.removeMembers,
      );
    }
    if (want.groups) {
      diffRoles(
        team?.groups ?? none,
        want.groups,
        prune,
        plan.addGroups,
        plan.changedGroups,
        plan.removeGroups,
      );
    }
    return plan;
  });
  if (prune) {
    const wanted = new Set(desired.map((d) => d.name.toLowerCase()));
    for (const team of current) {
      if (wanted.has(team.name.toLowerCase())) continue;
      plans.push({ ...emptyPlan(team.name, team), delete: true });
    }
  }
  return plans.filter((p) => changeCount(p) > 0);
}

export function changeCount(p: TeamPlan): number {
  return (
    (p.create || p.delete || p.rename ? 1 : 0) +
    p.addApps.length +
    p.moveApps.length +
    p.removeApps.length +
    p.addMembers.size +
    p.removeMembers.size +
    p.addGroups.size +
    p.removeGroups.size
  );
}

/** Whether the plan removes or deletes anything (and so asks first). */
export function removes(plans: readonly TeamPlan[]): boolean {
  return plans.some((p) => p.delete || p.removeApps.length || p.removeMembers.size || p.removeGroups.size);
}

export interface Labels {
  team(id: string): string;
  user(id: string): string;
  group(id: string): string;
  role(key: string): string;
}

/** The plan as one row per change, in the order they are applied within each team. */
export function changesOf(plans: readonly TeamPlan[], labels: Labels): AccessChange[] {
  return plans.flatMap((p) => {
    const row = (change: Omit<AccessChange, 'team' | 'status'>): AccessChange => ({
      team: p.name,
      ...change,
      status: 'planned',
    });
    const roleRows = (
      what: 'member' | 'group',
      label: (id: string) => string,
      add: ReadonlyMap<string, string>,
      changed: ReadonlyMap<string, string>,
      remove: ReadonlyMap<string, string>,
    ) => [
      ...[...add].map(([id, role]) => {
        const from = changed.get(id);
        return from === undefined
          ? row({ action: 'add', what, target: label(id), to: labels.role(role) })
          : row({
              action: 'change',
              what,
              target: label(id),
              from: labels.role(from),
              to: labels.role(role),
            });
      }),
      ...[...remove].map(([id, role]) =>
        row({ action: 'remove', what, target: label(id), from: labels.role(role) }),
      ),
    ];
    if (p.delete) return [row({ action: 'delete', what: 'team', target: p.name })];
    return [
      ...(p.create ? [row({ action: 'create', what: 'team', target: p.name })] : []),
      ...(p.rename
        ? [row({ action: 'rename', what: 'team', target: p.name, from: p.current?.name ?? '' })]
        : []),
      ...p.addApps.map((app) => row({ action: 'add', what: 'app', target: app })),
      ...p.moveApps.map((m) =>
        row({ action: 'move', what: 'app', target: m.app, from: labels.team(m.from) }),
      ),
      ...p.removeApps.map((app) => row({ action: 'remove', what: 'app', target: app })),
      ...roleRows('member', labels.user, p.addMembers, p.changedMembers, p.removeMembers),
      ...roleRows('group', labels.group, p.addGroups, p.changedGroups, p.removeGroups),
    ];
  });
}
