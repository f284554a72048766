import { randomInt, randomUUID } from 'node:crypto';
import { orgRoles } from '@secscan/api/values';
import { error, type HandlerContext, type HandlerMap, invalid, notFound, ok, ReplyError } from '../http.js';
import { isSuperAdmin } from '../permissions.js';
import type { SamlConfigRecord, SandboxState, UserRecord } from '../state.js';
import { isTeamRole, userByEmail, userById } from '../teams.js';
import { currentUserForm } from './users.js';

interface ConfigFields {
  idp_metadata_url?: string | undefined;
  idp_metadata?: string | undefined;
  allow_implicit_invites?: boolean | undefined;
  default_org_role?: string | undefined;
  sign_auth_requests?: boolean | undefined;
  allow_idp_initiated_logins?: boolean | undefined;
}

function configView(ctx: HandlerContext, c: SamlConfigRecord) {
  const base = `${ctx.baseUrl}/saml/${ctx.state.org.id}/${encodeURIComponent(c.name)}`;
  return { ...c, sp_metadata_url: `${base}/metadata`, sp_login_url: `${base}/login` };
}

function requireConfig(state: SandboxState, name: string): SamlConfigRecord {
  const config = state.saml.configs.find((c) => c.name === name);
  if (!config) throw new ReplyError(notFound(`no SAML configuration is named ${name}`));
  return config;
}

/** One metadata source, XML that looks like SAML metadata, an organization role: or a 400. */
function checked(name: string, fields: ConfigFields, previous?: SamlConfigRecord): SamlConfigRecord {
  const problems: string[] = [];
  const sources = [fields.idp_metadata_url, fields.idp_metadata].filter((v) => v !== undefined);
  if (sources.length !== 1) problems.push('give idp_metadata_url or idp_metadata (one of them)');
  const xml = fields.idp_metadata?.trim();
  if (xml !== undefined && !(xml.startsWith('<') && /EntityDescriptor/.test(xml))) {
    problems.push('idp_metadata: not SAML metadata XML (an EntityDescriptor)');
  }
  const role = fields.default_org_role ?? 'TEAM_DEFINED';
  if (!(orgRoles as readonly string[]).includes(role)) {
    problems.push(`default_org_role: expected one of ${orgRoles.join(', ')}`);
  }
  if (problems.length) throw new ReplyError(invalid('invalid SAML configuration', problems));
  const idpLogins = fields.allow_idp_initiated_logins ?? false;
  return {
    name,
    ...(fields.idp_metadata_url === undefined ? {} : { idp_metadata_url: fields.idp_metadata_url }),
    ...(fields.idp_metadata === undefined ? {} : { idp_metadata: fields.idp_metadata }),
    allow_implicit_invites: fields.allow_implicit_invites ?? false,
    default_org_role: role,
    sign_auth_requests: fields.sign_auth_requests ?? false,
    allow_idp_initiated_logins: idpLogins,
    ...(idpLogins
      ? {
          idp_default_relay_state:
            previous?.idp_default_relay_state ?? Buffer.from(randomUUID()).toString('base64url'),
        }
      : {}),
  };
}

function requireSaml(state: SandboxState): void {
  if (!state.saml.configs.length) {
    throw new ReplyError(error(400, 'SAML_NOT_ENABLED', 'the organization has no SAML configuration'));
  }
}

/** Blanks a SAML user's access token: the user's own tokens stop working. */
function resetToken(state: SandboxState, user: UserRecord): void {
  state.tokens.items = state.tokens.items.filter((t) => !(t.kind === 'user' && t.user_id === user.id_v2));
}

export const samlHandlers = {
  ListOrgSAMLConfigs: (ctx) => ok(ctx.state.saml.configs.map((c) => configView(ctx, c))),

  CreateOrgSAMLConfig: (ctx) => {
    const { state, body } = ctx;
    if (state.saml.configs.some((c) => c.name === body.name)) {
      return error(409, 'CONFLICT', `a SAML configuration named ${body.name} exists`);
    }
    const config = checked(body.name, body);
    state.saml.configs.push(config);
    ctx.save();
    return ok(configView(ctx, config));
  },

  // PUT replaces every field; the relay state stays while IdP-initiated logins stay allowed.
  UpdateOrgSAMLConfig: (ctx) => {
    const { state } = ctx;
    const previous = requireConfig(state, ctx.params.SAMLConfigName);
    const config = checked(previous.name, ctx.body, previous);
    state.saml.configs = state.saml.configs.map((c) => (c === previous ? config : c));
    ctx.save();
    return ok(configView(ctx, config));
  },

  DeleteOrgSAMLConfig: (ctx) => {
    const config = requireConfig(ctx.state, ctx.params.SAMLConfigName);
    ctx.state.saml.configs = ctx.state.saml.configs.filter((c) => c !== config);
    ctx.save();
    return ok();
  },

  /**
   * Creates or updates users and their team roles, never deletes one. E-mails of a domain not reserved to
   * the organization, org roles the caller may not grant (SUPER_ADMIN unless a Super Admin), and roles that
   * are not team roles are rejected; the rest is applied.
   */
  ProvisionSAMLUsers: (ctx) => {
    const { state, caller } = ctx;
    requireSaml(state);
    const unknownTeams = ctx.body.flatMap((u, i) =>
      (u.team_membership ?? []).flatMap((m, j) =>
        state.rbac.teams.some((t) => t.team_id === m.team_id)
          ? []
          : [`[${i}].team_membership[${j}].team_id: no team has the id ${m.team_id}`],
      ),
    );
    if (unknownTeams.length) return invalid('invalid request body', unknownTeams);
    const rejected = { emails: new Set<string>(), orgRoles: new Set<string>(), teamRoles: new Set<string>() };
    const users: ReturnType<typeof currentUserForm>[] = [];
    for (const item of ctx.body) {
      const domain = item.email.split('@')[1]?.toLowerCase() ?? '';
      if (!state.saml.domains.includes(domain)) {
        rejected.emails.add(item.email);
        continue;
      }
      if (item.organization_role === 'SUPER_ADMIN' && !isSuperAdmin(caller)) {
        rejected.orgRoles.add(item.organization_role);
        continue;
      }
      const known = userByEmail(state, item.email);
      const user: UserRecord = known ?? {
        id_v2: randomUUID(),
        id_v1: String(randomInt(100_000, 999_999)),
        name: item.name ?? item.email.split('@')[0] ?? item.email,
        email: item.email,
        org_role: item.organization_role,
        last_logins: [],
      };
      if (!known) state.users.push(user);
      user.org_role = item.organization_role;
      if (item.name !== undefined) user.name = item.name;
      user.saml = true;
      for (const m of item.team_membership ?? []) {
        if (!isTeamRole(state, m.role)) {
          rejected.teamRoles.add(m.role);
          continue;
        }
        const team = state.rbac.teams.find((t) => t.team_id === m.team_id);
        if (!team) continue;
        const member = team.users.find((u) => u.user_id_v2 === user.id_v2);
        if (member?.team_role === m.role) continue;
        if (member) member.team_role = m.role;
        else team.users.push({ user_id_v2: user.id_v2, team_role: m.role });
        team.version++;
      }
      users.push(currentUserForm(state, user));
    }
    ctx.save();
    return ok({
      users,
      rejected_emails: [...rejected.emails],
      rejected_org_roles: [...rejected.orgRoles],
      rejected_team_roles: [...rejected.teamRoles],
    });
  },

  ResetSAMLUserAccessToken: (ctx) => {
    const { state } = ctx;
    requireSaml(state);
    const user = userById(state, ctx.params.userIDv2);
    if (!user) return notFound(`no user has the id ${ctx.params.userIDv2}`);
    if (!user.saml) return error(400, 'NOT_SAML_USER', `${user.email} is not a SAML user`);
    resetToken(state, user);
    ctx.save();
    return { status: 204 };
  },

  BulkResetSAMLUserAccessTokens: (ctx) => {
    const { state } = ctx;
    requireSaml(state);
    const result = { reset: [] as string[], not_found: [] as string[], not_saml: [] as string[] };
    for (const id of new Set(ctx.body.user_ids)) {
      const user = userById(state, id);
      if (!user) result.not_found.push(id);
      else if (!user.saml) result.not_saml.push(id);
      else {
        resetToken(state, user);
        result.reset.push(id);
      }
    }
    ctx.save();
    return ok(result);
  },
} satisfies HandlerMap;
