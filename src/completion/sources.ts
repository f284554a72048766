import type { ApiClient } from '../api/client.js';
import type { Candidate } from './cache.js';

/** At most this many values of a kind are kept: a TAB offering more helps nobody. */
const maxValues = 2000;

const pairs = (items: Iterable<Candidate>): Candidate[] => {
  const seen = new Map<string, Candidate>();
  for (const [value, description] of items) {
    if (value && !seen.has(value)) seen.set(value, [value, description]);
    if (seen.size >= maxValues) break;
  }
  return [...seen.values()];
};

/** Candidates from a paged listing, reading pages only until there are enough. */
async function fromPages<P>(pages: AsyncIterable<P>, of: (page: P) => Candidate[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for await (const page of pages) {
    out.push(...of(page));
    if (out.length >= maxValues) break;
  }
  return pairs(out);
}

const compounds = (client: ApiClient): Promise<Candidate[]> =>
  fromPages(client.pages('ListOrgCompounds', { query: { per_page: 100 } }), (page) =>
    page.compounds.map((c): Candidate => [c.name ?? '', c.id ?? '']),
  );

async function policies(client: ApiClient): Promise<Candidate[]> {
  const versions = await client.call('ListCheckAnalysisConfiguration');
  return pairs(
    versions.flatMap((version) =>
      (version.tags ?? []).flatMap((tag): Candidate[] => [
        [tag.name, 'check-analysis policy'],
        ...(tag.tags ?? []).map((t): Candidate => [`${tag.name}:${t}`, `policy ${tag.name}, tag ${t}`]),
      ]),
    ),
  );
}

/**
 * Where the live values of each completion kind come from: one operation of the table each.
 */
export const sources: Readonly<Record<string, (client: ApiClient) => Promise<Candidate[]>>> = {
  app: async (client) => pairs((await client.call('ListApps')).map((a) => [a.id, a.name ?? ''])),
  compound: compounds,
  team: async (client) =>
    pairs(
      (await client.call('ListTeams', { query: { no_members: true } })).map((t) => [
        t.team_name ?? '',
        t.team_id,
      ]),
    ),
  'team-id': async (client) =>
    pairs(
      (await client.call('ListTeams', { query: { no_members: true } })).map((t) => [
        t.team_id,
        t.team_name ?? '',
      ]),
    ),
  policy: policies,
  user: (client) =>
    fromPages(client.pages('ListOrgRBACUsers'), (page) =>
      page.map((u): Candidate => [u.email, u.name ?? '']),
    ),
  group: (client) =>
    fromPages(client.pages('ListHumanGroups', { query: { no_members: true } }), (page) =>
      page.groups.map((g): Candidate => [g.group_name, 'group']),
    ),
  saml: async (client) =>
    pairs(
      (await client.call('ListOrgSAMLConfigs')).map((c) => [
        c.name,
        c.idp_metadata_url ?? 'SAML configuration',
      ]),
    ),
};
