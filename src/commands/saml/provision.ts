import type { ApiClient } from '../../api/client.js';
import { uuidPattern } from '@secscan/api/values';
import { ExitCode, UnexpectedResponseError, UsageError } from '../../errors.js';
import { samlOutcomeView } from '../../output/views/saml.js';
import { arg, defineVerb, flag } from '../define.js';
import { readInput } from '../shared/files.js';
import { noSuchTeam } from '../shared/teams.js';
import { mapLimit } from '../../util/batches.js';
import { type ProvisionEntry, parseProvisionFile } from './internal/provision-file.js';
import { checkWith } from '../../util/hints.js';

/** Team ids by the names (or ids) the file gives. */
async function teamIds(client: ApiClient, entries: readonly ProvisionEntry[]): Promise<Map<string, string>> {
  const refs = [...new Set(entries.flatMap((e) => e.team_membership.map((m) => m.team)))];
  const names = refs.filter((r) => !uuidPattern.test(r));
  const ids = new Map(refs.filter((r) => uuidPattern.test(r)).map((r) => [r, r]));
  if (!names.length) return ids;
  const teams = (await client.allPages('ListTeams', { query: { no_members: true } })).flat();
  const unknown: string[] = [];
  for (const name of names) {
    const matches = teams.filter((t) => t.team_name.toLowerCase() === name.toLowerCase());
    if (matches.length > 1)
      throw new UsageError(`${matches.length} teams are named ${name}: give the team id`);
    if (matches[0]) ids.set(name, matches[0].team_id);
    else unknown.push(name);
  }
  if (unknown.length)
    throw await noSuchTeam(client, `no team is named ${unknown.join(', ')}`, unknown, teams);
  return ids;
}

const reasons = {
  'e-mail': 'the domain is not reserved to the organization: not provisioned',
  'organization role': 'refused as an organization role: the users given it were not provisioned',
  'team role': 'refused as a team role: the memberships with it were not made',
};

export default defineVerb({
  name: 'provision',
  summary: 'Create or update SAML users and their team roles from a file',
  description:
    'Create or update SAML users, with their organization role and team roles, from a file.\n\n' +
    'FILE is CSV with the header name,email,organization_role,team,team_role (one row per team ' +
    'membership; team is a name or id, team_role defaults to TEAM_MEMBER), or JSON/YAML in the ' +
    'service’s shape; - reads standard input. The file is checked before anything is sent. Users are ' +
    'created or updated, never deleted. The file must be UTF-8; a byte that is not, an e-mail the ' +
    'service would not take, or an unknown role is refused at its line (exit 3) before any request, ' +
    'with --dry-run too. Every rejected e-mail and role is printed with the reason; ' +
    'any rejection exits 6 unless --allow-rejections.',
  examples: [
    'secscan saml provision people.csv --dry-run',
    'secscan saml provision people.csv',
    'secscan saml provision - --allow-rejections -o json < people.json',
  ],
  operations: ['ListTeams', 'ListOrgRBACUsers', 'ProvisionSAMLUsers'],
  args: [arg('file', 'CSV, JSON or YAML file, or - for standard input', { complete: 'file' })],
  options: {
    dryRun: flag('--dry-run', 'check the file and print what would be sent; send nothing'),
    allowRejections: flag('--allow-rejections', 'exit 0 even when the service rejects some e-mails or roles'),
  },
  view: samlOutcomeView,
  async run(ctx, { args: [file], opts }) {
    const entries = parseProvisionFile(await readInput(ctx, file), file === '-' ? 'stdin' : file);
    const client = await ctx.client();
    const teams = await teamIds(client, entries);
    const known = await mapLimit(entries, 8, async (e) => {
      const rows = (await client.allPages('ListOrgRBACUsers', { query: { email: e.email } })).flat();
      return rows.find((u) => u.email.toLowerCase() === e.email.toLowerCase())?.id_v2;
    });
    const existing = new Map(entries.map((e, i) => [e.email.toLowerCase(), known[i]]));
    const teamsOf = (e: ProvisionEntry) => e.team_membership.map((m) => `${m.team} (${m.role})`).join(', ');
    const body = entries.map((e) => ({
      ...(e.name === undefined ? {} : { name: e.name }),
      email: e.email,
      organization_role: e.organization_role,
      ...(e.team_membership.length
        ? {
            team_membership: e.team_membership.map((m) => ({
              team_id: teams.get(m.team) as string,
              role: m.role,
            })),
          }
        : {}),
    }));
    if (opts.dryRun) {
      ctx.note(
        `Dry run: ${entries.length} user(s) checked as the write checks them; nothing was sent. ` +
          'The service may still reject e-mails of a domain not reserved to the organization.',
      );
      return {
        kind: 'list',
        rows: entries.map((e, i) => ({
          result: existing.get(e.email.toLowerCase()) ? 'would update' : 'would create',
          kind: 'user',
          value: e.email,
          user_id: existing.get(e.email.toLowerCase()) ?? '',
          detail: [e.organization_role, teamsOf(e)].filter(Boolean).join('; '),
          request: body[i],
        })),
      };
    }
    const result = await ctx.spin(`Provisioning ${entries.length} user(s)`, () =>
      client.call('ProvisionSAMLUsers', { body, verify: checkWith('secscan users list --email ADDRESS') }),
    );
    const byEmail = new Map(entries.map((e) => [e.email.toLowerCase(), e]));
    const rows = (result.users ?? []).map((u) => {
      const entry = byEmail.get((u.email ?? '').toLowerCase());
      return {
        result: existing.get((u.email ?? '').toLowerCase()) ? 'updated' : 'created',
        kind: 'user',
        value: u.email ?? '',
        user_id: u.idv2 ?? '',
        detail: entry ? [entry.organization_role, teamsOf(entry)].filter(Boolean).join('; ') : '',
      };
    });
    const rejected = [
      ...(result.rejected_emails ?? []).map((value) => ['e-mail', value] as const),
      ...(result.rejected_org_roles ?? []).map((value) => ['organization role', value] as const),
      ...(result.rejected_team_roles ?? []).map((value) => ['team role', value] as const),
    ].map(([kind, value]) => ({ result: 'rejected', kind, value, user_id: '', detail: reasons[kind] }));
    // Every user sent is provisioned or rejected (its e-mail, or a role it was given): one the answer does
    // not account for was neither, as far as anyone can tell, and is never counted as done.
    const provisioned = new Set((result.users ?? []).map((u) => (u.email ?? '').toLowerCase()));
    const refusedEmails = new Set((result.rejected_emails ?? []).map((e) => e.toLowerCase()));
    const refusedOrgRoles = new Set(result.rejected_org_roles ?? []);
    const refusedTeamRoles = new Set(result.rejected_team_roles ?? []);
    const unaccounted = entries.filter(
      (e) =>
        !provisioned.has(e.email.toLowerCase()) &&
        !refusedEmails.has(e.email.toLowerCase()) &&
        !refusedOrgRoles.has(e.organization_role) &&
        !e.team_membership.some((m) => refusedTeamRoles.has(m.role)),
    );
    const unknown = unaccounted.map((e) => ({
      result: 'unknown',
      kind: 'user',
      value: e.email,
      user_id: existing.get(e.email.toLowerCase()) ?? '',
      detail: 'the answer neither provisions nor rejects it',
    }));
    const created = rows.filter((r) => r.result === 'created').length;
    ctx.note(
      `${created} created, ${rows.length - created} updated, ${rejected.length} rejected` +
        `${unknown.length ? `, ${unknown.length} unaccounted for` : ''}.`,
    );
    if (unknown.length) {
      return {
        kind: 'list',
        rows: [...rows, ...rejected, ...unknown],
        error: new UnexpectedResponseError(
          `ProvisionSAMLUsers: the answer accounts for ${entries.length - unknown.length} of the ${entries.length} users sent: ` +
            `${unaccounted.map((e) => e.email).join(', ')} neither provisioned nor rejected`,
          { hint: checkWith('secscan users list --email ADDRESS', '(provisioning again is harmless)') },
        ),
      };
    }
    if (rejected.length && !opts.allowRejections) {
      ctx.warn(`the service rejected ${rejected.length} e-mail(s) or role(s): see the rows marked rejected`);
    }
    return {
      kind: 'list',
      rows: [...rows, ...rejected],
      exitCode: rejected.length && !opts.allowRejections ? ExitCode.rejected : ExitCode.ok,
    };
  },
});
