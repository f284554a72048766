// A statically typed client of the service, written against its documented shapes only (plain Node fetch,
// no secscan): it lists the teams and reads each for its members, decodes every finding of an app strictly
// (string tag values), groups the vulns by the route of their dataflow's entry point, and narrows findings
// with `search` (app level) and `finding_search` (compound level). https to SHIFTLEFT_API_HOST, the CA from
// NODE_EXTRA_CA_CERTS. Prints a JSON summary; a shape it does not expect ends it with exit 1 and the reason.
import { findingsPage, team, teamEntry } from './typed-decode.mjs';

const host = process.env.SHIFTLEFT_API_HOST;
const org = process.env.SHIFTLEFT_ORG_ID;
const token = process.env.SHIFTLEFT_ACCESS_TOKEN;
const [app, compound, word] = process.argv.slice(2);
const base = `https://${host}/api/v4/orgs/${org}`;

async function get(url) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Every page of a findings listing, following next_page, each decoded. */
async function allFindings(url) {
  const out = [];
  for (let next = url; next;) {
    const page = await get(next);
    out.push(...findingsPage(page.response, next));
    next = page.next_page;
  }
  return out;
}

try {
  const listed = (await get(`${base}/rbac/teams`)).response.map((t, i) => teamEntry(t, `teams[${i}]`));
  const teams = [];
  for (const entry of listed) {
    const read = team((await get(`${base}/rbac/teams/${entry.id}`)).response, `team ${entry.name}`);
    if (read.version !== entry.version)
      throw new Error(`team ${entry.name}: listed at ${entry.version}, read at ${read.version}`);
    teams.push({
      name: entry.name,
      version: read.version,
      apps: read.applications.length,
      members: read.members.length,
    });
  }

  const findings = await allFindings(
    `${base}/apps/${encodeURIComponent(app)}/findings?per_page=20&status=any`,
  );
  const routes = {};
  for (const f of findings.filter((f) => f.type === 'vuln')) {
    const route = f.route ?? '(no route)';
    routes[route] = (routes[route] ?? 0) + 1;
  }
  const scores = findings.flatMap((f) => f.tags.filter((t) => t.key === 'cvss_score').map((t) => t.value));

  const search = (q) =>
    allFindings(`${base}/apps/${encodeURIComponent(app)}/findings?per_page=250&status=any&${q}`);
  const matching = await search(`search=${encodeURIComponent(word)}`);
  const nothing = await search('search=zzzznotthere');
  const compoundAll = await allFindings(
    `${base}/compounds/byname/${encodeURIComponent(compound)}/findings?per_page=250`,
  );
  const compoundMatching = await allFindings(
    `${base}/compounds/byname/${encodeURIComponent(compound)}/findings?per_page=250&finding_search=${encodeURIComponent(word)}`,
  );

  console.log(
    JSON.stringify({
      teams,
      findings: findings.length,
      scores,
      routes,
      search: { all: findings.length, matching: matching.map((f) => f.id), nothing: nothing.length },
      compound: { all: compoundAll.length, matching: compoundMatching.length },
    }),
  );
} catch (error) {
  console.error(`typed client: ${error.message}`);
  process.exit(1);
}
