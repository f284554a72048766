// Strict decoders, as a statically typed client of the service has them: a team listing entry is exactly
// {team_id, team_name, team_version}; a tag's value is a string; a team read from ReadTeam has its version,
// its apps and its members. Anything else throws, naming where: the whole answer is refused.

export class DecodeError extends Error {}

const fail = (where, what) => {
  throw new DecodeError(`${where}: ${what}`);
};

function object(value, where) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(where, 'not an object');
  return value;
}

function list(value, where) {
  if (!Array.isArray(value)) fail(where, 'not an array');
  return value;
}

function string(value, where) {
  if (typeof value !== 'string') fail(where, `not a string (${JSON.stringify(value)})`);
  return value;
}

function integer(value, where) {
  if (!Number.isInteger(value)) fail(where, `not an integer (${JSON.stringify(value)})`);
  return value;
}

/** Exactly these keys: a key the type does not declare is an error, as in a generated client. */
function exactly(value, keys, where) {
  const o = object(value, where);
  const extra = Object.keys(o).filter((k) => !keys.includes(k));
  if (extra.length) fail(where, `unknown field ${extra.join(', ')}`);
  for (const k of keys) if (!(k in o)) fail(where, `missing field ${k}`);
  return o;
}

/** An entry of ListTeams. */
export function teamEntry(value, where = 'team') {
  const o = exactly(value, ['team_id', 'team_name', 'team_version'], where);
  return {
    id: string(o.team_id, `${where}.team_id`),
    name: string(o.team_name, `${where}.team_name`),
    version: integer(o.team_version, `${where}.team_version`),
  };
}

/** ReadTeam: the version, the apps and the members (`members`, as the document's schema names them). */
export function team(value, where = 'team') {
  const o = object(value, where);
  return {
    id: string(o.team_id, `${where}.team_id`),
    version: integer(o.version, `${where}.version`),
    applications: list(o.applications, `${where}.applications`).map((a, i) =>
      string(a, `${where}.applications[${i}]`),
    ),
    members: list(o.members, `${where}.members`).map((m, i) => {
      const member = exactly(m, ['user_id_v2', 'team_role'], `${where}.members[${i}]`);
      return {
        user: string(member.user_id_v2, `${where}.members[${i}].user_id_v2`),
        role: string(member.team_role, `${where}.members[${i}].team_role`),
      };
    }),
  };
}

/** A tag `{key, value}`: both strings (the service sends `"7.2"`, never `7.2`). */
export function tag(value, where = 'tag') {
  const o = exactly(value, ['key', 'value'], where);
  return { key: string(o.key, `${where}.key`), value: string(o.value, `${where}.value`) };
}

/** A finding: its identity, text and tags, and the route of its dataflow's entry point if it has one. */
export function finding(value, where = 'finding') {
  const o = object(value, where);
  const steps = o.details?.dataflow?.list;
  let route;
  if (steps !== undefined) {
    for (const [i, step] of list(steps, `${where}.details.dataflow.list`).entries()) {
      const tags = list(step.method_tags ?? [], `${where}.details.dataflow.list[${i}].method_tags`);
      for (const [j, t] of tags.entries()) {
        const decoded = tag(t, `${where}.details.dataflow.list[${i}].method_tags[${j}]`);
        if (decoded.key === 'EXPOSED_METHOD_ROUTE') route ??= decoded.value;
      }
    }
  }
  return {
    id: string(o.id, `${where}.id`),
    app: string(o.app, `${where}.app`),
    type: string(o.type, `${where}.type`),
    title: string(o.title, `${where}.title`),
    tags: list(o.tags ?? [], `${where}.tags`).map((t, i) => tag(t, `${where}.tags[${i}]`)),
    route,
  };
}

/** A findings page: every finding decoded, or the page refused. */
export function findingsPage(value, where = 'page') {
  const o = object(value, where);
  return list(o.findings ?? [], `${where}.findings`).map((f, i) => finding(f, `${where}.findings[${i}]`));
}
