import { randomUUID } from 'node:crypto';
import { error, type HandlerContext, type HandlerMap, ok, type Reply, statusError } from '../http.js';
import { roleByAlias } from '../permissions.js';
import { superAdminAlias } from '../roles.js';
import type { RoleRecord, SandboxState } from '../state.js';

function sameName(state: SandboxState, name: string, except?: string): RoleRecord | undefined {
  const wanted = name.toLowerCase();
  return state.rbac.roles.find((role) => role.id !== except && role.name.toLowerCase() === wanted);
}

/** The custom role a path names; the RBAC 404 body has no `ok` (UpdateRBACRole, DeleteCustomRBACRole). */
function customRole(ctx: HandlerContext, verb: string): { role: RoleRecord } | { reply: Reply } {
  const role = ctx.state.rbac.roles.find((r) => r.id === ctx.params.rbacRoleID);
  if (!role) return { reply: statusError(404, 'NOT_FOUND', `no role has the id ${ctx.params.rbacRoleID}`) };
  if (role.role_type === 'vendor') {
    return { reply: error(400, 'BAD_REQUEST', `the built-in role ${role.name} cannot be ${verb}`) };
  }
  return { role };
}

export const rbacHandlers = {
  ListOrgRBACRoles: ({ state }) =>
    ok(state.rbac.roles.map((role) => ({ ...role, scopes: [...role.scopes] }))),

  CreateCustomRBACRole: (ctx) => {
    const body = ctx.body;
    const { state } = ctx;
    const existing = sameName(state, body.name);
    if (existing) {
      return statusError(
        409,
        'CUSTOM_ROLE_CREATION_CONFLICT',
        `a role named ${JSON.stringify(existing.name)} exists`,
      );
    }
    const role: RoleRecord = {
      id: randomUUID(),
      name: body.name,
      description: body.description ?? '',
      scopes: [...new Set(body.scopes)],
      role_type: body.role_type ?? 'organization',
      organization_id: state.org.id,
    };
    state.rbac.roles.push(role);
    ctx.save();
    return ok({ ...role, resource_type: 'organization' }, { status: 201 });
  },

  UpdateRBACRole: (ctx) => {
    const found = customRole(ctx, 'updated');
    if ('reply' in found) return found.reply;
    const { role } = found;
    const body = ctx.body;
    if (body.name !== undefined) {
      const other = sameName(ctx.state, body.name, role.id);
      if (other) return statusError(409, 'CONFLICT', `a role named ${JSON.stringify(other.name)} exists`);
      role.name = body.name;
    }
    if (body.description !== undefined) role.description = body.description;
    role.scopes = [...new Set(body.scopes)];
    ctx.save();
    return ok();
  },

  DeleteCustomRBACRole: (ctx) => {
    const found = customRole(ctx, 'deleted');
    if ('reply' in found) return found.reply;
    ctx.state.rbac.roles = ctx.state.rbac.roles.filter((r) => r !== found.role);
    ctx.save();
    return ok();
  },

  ListAvailableRBACScopes: ({ state }) => ok([...(roleByAlias(state, superAdminAlias)?.scopes ?? [])]),
} satisfies HandlerMap;
