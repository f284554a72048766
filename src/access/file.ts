import { type Document, isMap, isPair, isScalar, type LineCounter } from 'yaml';
import * as z from 'zod';
import {
  appIdPattern,
  builtinLike,
  defaultTeamRole,
  orgRoles,
  teamRoleNames,
  uuidPattern,
} from '@secscan/api/values';
import { ConfigError } from '../errors.js';
import { parseYamlInput, yamlValue } from '@secscan/api/yaml-input';

/**
 * The access file of `teams export` and `teams apply`: every team with its apps, members (e-mail or user id
 * to team role) and groups (name or id to team role). A key left out is not managed; an empty one is.
 */
export interface AccessTeam {
  name: string;
  apps?: string[];
  members?: Record<string, string>;
  groups?: Record<string, string>;
}

export interface AccessFile {
  teams: AccessTeam[];
}

const emailish = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const teamRoles = `${teamRoleNames.join(', ')}, a role id, or the name of a custom team role`;

/**
 * Why a member's or group's role cannot be a team role, or undefined. A built-in team role or a role id
 * passes; so does any other name (a custom team role's, looked up in the role listing before anything is
 * written), unless it is written like a built-in role's name: those are all known, so an organization
 * role or a misspelt one (`TEAM_EMPEROR`) is refused here, at its line, before any request.
 */
function roleProblem(role: string): string | undefined {
  if ((teamRoleNames as readonly string[]).includes(role) || uuidPattern.test(role)) return undefined;
  if ((orgRoles as readonly string[]).includes(role)) {
    return `${JSON.stringify(role)} is an organization role, not a team role (${teamRoles})`;
  }
  if (builtinLike.test(role)) return `${JSON.stringify(role)} is not a team role (${teamRoles})`;
  return undefined;
}
/** `alice@example.com:` (no role) means the default team role. */
const roles = z.record(
  z.string().min(1),
  z
    .string()
    .min(1)
    .nullable()
    .transform((r) => r ?? defaultTeamRole),
);

const Team = z.strictObject({
  name: z.string().trim().min(1, 'a team needs a name'),
  apps: z
    .array(z.string().regex(appIdPattern, 'an app id is letters and digits, with _ : . - allowed inside'))
    .optional(),
  members: roles.optional(),
  groups: roles.optional(),
});

const File = z.strictObject({ teams: z.array(Team) });

type Path = (string | number)[];

const hint =
  'an access file holds `teams:`, a list of {name, apps: [app ids], members: {e-mail: role}, groups: {group: role}}';

/** The line of the node at `path` (or of the key `key` in it), or of its nearest parent. */
function lineOf(doc: Document, counter: LineCounter, path: Path, key?: string): number {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    const target =
      n === path.length && key !== undefined && isMap(node)
        ? node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === key)?.key
        : node;
    const offset = (target as { range?: [number, number, number] } | undefined)?.range?.[0];
    if (offset !== undefined) return counter.linePos(offset).line;
  }
  return 1;
}

function describe(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** Parses and checks an access file; every problem is a configuration error at a line of the file. */
export function parseAccessFile(text: string, label: string): AccessFile {
  const fail = (line: number, reason: string): never => {
    throw new ConfigError(`${label}:${line}: ${reason}`, { hint });
  };
  const { doc, counter, problem } = parseYamlInput(text);
  if (problem)
    fail(problem.line, problem.syntax ? `not valid YAML or JSON: ${problem.message}` : problem.message);
  if (doc.contents === null) fail(1, 'the file is empty: expected `teams:`');
  const value = yamlValue({ doc, counter });
  if (value.problem) fail(value.problem.line, value.problem.message);
  const parsed = File.safeParse(value.data);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.code === 'unrecognized_keys') ?? parsed.error.issues[0];
    const path = (issue?.path ?? []) as Path;
    const where = path.length ? `${describe(path)}: ` : '';
    if (issue?.code === 'unrecognized_keys') {
      const key = String(issue.keys[0]);
      fail(lineOf(doc, counter, path, key), `${where}unknown key ${JSON.stringify(key)}`);
    }
    const missing = issue?.code === 'invalid_type' && /received undefined/.test(issue.message);
    fail(lineOf(doc, counter, path), `${where}${missing ? 'is required' : (issue?.message ?? 'invalid')}`);
  }
  const file = parsed.data as AccessFile;
  const names = new Map<string, number>();
  const apps = new Map<string, { team: string; line: number }>();
  file.teams.forEach((team, i) => {
    const line = lineOf(doc, counter, ['teams', i, 'name']);
    const first = names.get(team.name.toLowerCase());
    if (first !== undefined) fail(line, `team ${team.name} is listed again (first on line ${first})`);
    names.set(team.name.toLowerCase(), line);
    (team.apps ?? []).forEach((app, j) => {
      const appLine = lineOf(doc, counter, ['teams', i, 'apps', j]);
      const other = apps.get(app);
      if (other && other.team !== team.name) {
        fail(
          appLine,
          `app ${app} is listed under team ${team.name} and team ${other.team} (line ${other.line}): an app belongs to one team`,
        );
      }
      apps.set(app, { team: team.name, line: appLine });
    });
    for (const key of Object.keys(team.members ?? {})) {
      if (!emailish.test(key) && !uuidPattern.test(key)) {
        fail(
          lineOf(doc, counter, ['teams', i, 'members'], key),
          `member ${JSON.stringify(key)} is not an e-mail or a user id`,
        );
      }
    }
    for (const kind of ['members', 'groups'] as const) {
      for (const [key, role] of Object.entries(team[kind] ?? {})) {
        const problem = roleProblem(role);
        if (problem) {
          fail(
            lineOf(doc, counter, ['teams', i, kind], key),
            `${describe(['teams', i, kind, key])}: ${problem}`,
          );
        }
      }
    }
  });
  return file;
}
