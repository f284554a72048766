import { ProvisionUsersBody } from '@secscan/api/schemas/saml';
import { orgRoles } from '@secscan/api/values';
import { parseYamlInput, yamlValue } from '@secscan/api/yaml-input';
import { ConfigError } from '../../../errors.js';
import { defaultTeamRole, teamRolePattern } from '../../shared/refs.js';

/** One user to provision; `team` is a team id or name until it is resolved. */
export interface ProvisionEntry {
  name?: string;
  email: string;
  organization_role: OrgRole;
  team_membership: { team: string; role: string }[];
  /** Where the user comes from in the file (its first line). */
  line: number;
}

type OrgRole = (typeof orgRoles)[number];
const isOrgRole = (role: string): role is OrgRole => (orgRoles as readonly string[]).includes(role);

export const csvHeader = ['name', 'email', 'organization_role', 'team', 'team_role'] as const;
/** The e-mail check of the request body itself: a row the dry run accepts is one the write can send. */
const emailField = ProvisionUsersBody.element.shape.email;

function fail(label: string, line: number, reason: string): never {
  throw new ConfigError(`${label}:${line}: ${reason}`, {
    hint: `a CSV file starts with the header ${csvHeader.join(',')}, one row per team membership; JSON or YAML holds the service's list of {name, email, organization_role, team_membership: [{team_id, role}]}`,
  });
}

/** RFC 4180 rows with their line numbers: quoted cells may hold commas, quotes ("") and newlines. */
export function csvRows(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((v) => v.trim() !== '')) rows.push({ line: start, cells });
      cells = [];
      cell = '';
      line++;
      start = line;
    } else cell += c;
  }
  cells.push(cell);
  if (cells.some((v) => v.trim() !== '')) rows.push({ line: start, cells });
  return rows;
}

/** The CSV form: one row per team membership; the rows of one e-mail are one user. */
function fromCsv(text: string, label: string): ProvisionEntry[] {
  const [head, ...rows] = csvRows(text);
  const header = head?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  const missing = csvHeader.filter((h) => !header.includes(h));
  const extra = header.filter((h) => !(csvHeader as readonly string[]).includes(h));
  if (missing.length || extra.length) {
    fail(label, head?.line ?? 1, `the header must name the columns ${csvHeader.join(',')}`);
  }
  const users = new Map<string, ProvisionEntry>();
  for (const { line, cells } of rows) {
    if (cells.length !== header.length)
      fail(label, line, `expected ${header.length} cells, found ${cells.length}`);
    const get = (key: (typeof csvHeader)[number]) => (cells[header.indexOf(key)] ?? '').trim();
    const email = get('email');
    if (!emailField.safeParse(email).success)
      fail(label, line, `email: ${JSON.stringify(email)} is not an e-mail address`);
    const role = get('organization_role');
    if (!isOrgRole(role)) {
      fail(label, line, `organization_role: ${JSON.stringify(role)} is not one of ${orgRoles.join(', ')}`);
    }
    const team = get('team');
    const teamRole = get('team_role') || defaultTeamRole;
    if (!team && get('team_role')) fail(label, line, 'team_role without a team');
    if (team && !teamRolePattern.test(teamRole)) {
      fail(
        label,
        line,
        `team_role: ${JSON.stringify(teamRole)} is not a team role (TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST or a role id)`,
      );
    }
    const key = email.toLowerCase();
    const user = users.get(key) ?? { email, organization_role: role, team_membership: [], line };
    const name = get('name');
    if (user.organization_role !== role) {
      fail(label, line, `${email} has the organization role ${user.organization_role} on line ${user.line}`);
    }
    if (name && user.name !== undefined && user.name !== name) {
      fail(label, line, `${email} is named ${JSON.stringify(user.name)} on line ${user.line}`);
    }
    if (name) user.name = name;
    if (team) user.team_membership.push({ team, role: teamRole });
    users.set(key, user);
  }
  return [...users.values()];
}

/** The service's own shape, as JSON or YAML. */
function fromYaml(text: string, label: string): ProvisionEntry[] {
  const { doc, counter, problem } = parseYamlInput(text);
  if (problem)
    fail(
      label,
      problem.line,
      problem.syntax ? `not valid JSON or YAML: ${problem.message}` : problem.message,
    );
  const value = yamlValue({ doc, counter });
  if (value.problem) fail(label, value.problem.line, value.problem.message);
  const lineAt = (path: (string | number)[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
  const parsed = ProvisionUsersBody.safeParse(value.data);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.code === 'unrecognized_keys') ?? parsed.error.issues[0];
    const path = (issue?.path ?? []) as (string | number)[];
    const where = path.length
      ? `${path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
          .join('')
          .replace(/^\./, '')}: `
      : '';
    const reason =
      issue?.code === 'unrecognized_keys'
        ? `unknown key ${JSON.stringify(issue.keys[0])}`
        : (issue?.message ?? 'invalid');
    fail(label, lineAt(path), `${where}${reason}`);
  }
  return parsed.data.map((u, i) => ({
    ...(u.name === undefined ? {} : { name: u.name }),
    email: u.email,
    organization_role: u.organization_role,
    team_membership: (u.team_membership ?? []).map((m) => ({ team: m.team_id, role: m.role })),
    line: lineAt([i]),
  }));
}

/** A CSV file starts with its header (naming email); JSON and YAML start otherwise ([, {, -, #, a key). */
export function parseProvisionFile(text: string, label: string): ProvisionEntry[] {
  const first =
    text
      .replace(/^\uFEFF/, '')
      .trimStart()
      .split(/\r?\n/, 1)[0] ?? '';
  const columns = first
    .toLowerCase()
    .split(',')
    .map((c) => c.trim().replace(/^"|"$/g, ''));
  const csv = !/^[[{\-#]/.test(first) && columns.length > 1 && columns.includes('email');
  const entries = csv ? fromCsv(text, label) : fromYaml(text, label);
  if (!entries.length) fail(label, 1, 'no users to provision');
  const seen = new Map<string, number>();
  for (const entry of entries) {
    const key = entry.email.toLowerCase();
    const previous = seen.get(key);
    if (previous !== undefined)
      fail(label, entry.line, `${entry.email} is listed again (first on line ${previous})`);
    seen.set(key, entry.line);
  }
  return entries;
}
