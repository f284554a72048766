import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context.js';
import { ApiError, notFoundError, UnexpectedResponseError } from '../../errors.js';
import { list, text } from '../define.js';
import { appId } from '../parsers.js';
import { resolveTeam } from './teams.js';

/** The apps an organization-wide analysis covers: all of them, or those of --app, --team, --compound. */
export const selectionOptions = {
  app: list('--app <id>', 'only this app (repeatable)', { parser: appId(), complete: 'app' }),
  team: text('--team <team>', 'only the apps of this team (its name or id)', { complete: 'team' }),
  compound: text('--compound <name>', 'only the apps of this compound', { complete: 'compound' }),
};

export interface SelectedApp {
  id: string;
  name: string | undefined;
  /** The app's default branch (`base_branch`), when the listing gives it. */
  branch: string | undefined;
  teamId: string | undefined;
  /** The team's name; its id when the caller may not list teams. */
  team: string | undefined;
}

interface SelectionOpts {
  app?: string[] | undefined;
  team?: string | undefined;
  compound?: string | undefined;
}

/** Team names by id, or undefined when the caller may not list teams (a Member): ids stand in, with a warning. */
async function teamNames(ctx: Context, client: ApiClient): Promise<Map<string, string> | undefined> {
  try {
    const rows = (await client.allPages('ListTeams', { query: { no_members: true } })).flat();
    return new Map(rows.map((t) => [t.team_id, t.team_name]));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      ctx.warn('this token may not list teams: teams are shown by id');
      return undefined;
    }
    throw error;
  }
}

/**
 * The apps the options select, in the listing's order: the app listing once (with each app's team and
 * default branch), the team listing for names, and the compound's apps when --compound is given.
 */
export async function selectApps(
  ctx: Context,
  client: ApiClient,
  opts: SelectionOpts,
): Promise<SelectedApp[]> {
  const [apps, names, team, compound] = await Promise.all([
    client.call('ListApps'),
    teamNames(ctx, client),
    opts.team === undefined ? undefined : resolveTeam(client, opts.team),
    opts.compound === undefined
      ? undefined
      : client.call('ReadCompoundShallowByName', { path: { compoundName: opts.compound } }),
  ]);
  const known = new Set(apps.map((a) => a.id));
  const missing = (opts.app ?? []).filter((id) => !known.has(id));
  if (missing.length) {
    throw notFoundError(`no app has the id ${missing.join(', ')}`, 'see `secscan apps list`');
  }
  const wanted = opts.app?.length ? new Set(opts.app) : undefined;
  const inCompound = compound ? new Set(compound.apps ?? []) : undefined;
  return apps
    .filter((a) => !wanted || wanted.has(a.id))
    .filter((a) => !team || a.team_id === team.id)
    .filter((a) => !inCompound || inCompound.has(a.id))
    .map((a) => ({
      id: a.id,
      name: a.name,
      branch: a.base_branch || undefined,
      teamId: a.team_id || undefined,
      team: a.team_id ? (names?.get(a.team_id) ?? a.team_id) : undefined,
    }));
}

/** The app's default branch, for a count or a history of that branch only; a listing without it is exit 8. */
export function defaultBranchOf(app: SelectedApp): string {
  if (app.branch) return app.branch;
  throw new UnexpectedResponseError(
    `ListApps: app ${app.id} has no base_branch, so its default branch is not known`,
  );
}
