import { randomUUID } from 'node:crypto';
import { isExpired, nowSeconds, tokenValue } from '../auth.js';
import { forbidden, type HandlerMap, invalid, notFound, ok } from '../http.js';
import { managedRoleIds } from '../roles.js';
import type { SandboxState, TokenRecord } from '../state.js';

function listed(token: TokenRecord) {
  return {
    id: token.id,
    label: token.label,
    description: token.description,
    role_id: token.role_id,
    token_type: token.token_type,
    ...(token.exp === undefined ? {} : { expires_at: new Date(token.exp * 1000).toISOString() }),
  };
}

const serviceAccountRefusal = 'a service account token can only create access tokens with the CI token role';

/** An org token carries a managed role, or (integration tokens only) a custom organization role. */
function checkRole(state: SandboxState, roleId: string, type: 'access' | 'integration'): string | undefined {
  const managed = state.tokens.roles.some((role) => role.id === roleId);
  const custom = state.rbac.roles.some((role) => role.id === roleId && role.role_type === 'organization');
  if (!managed && !custom) return `role_id: no token role has the id ${roleId}`;
  if (type === 'access' && roleId !== managedRoleIds.ci) {
    return 'token_type: access tokens need the CI token role';
  }
  return undefined;
}

export const tokenHandlers = {
  ListRoles: ({ state }) =>
    ok(
      state.tokens.roles.map(({ id, label, description }) => ({
        id,
        label,
        description,
        role_type: 'managed',
      })),
    ),

  ListTokens: ({ state, query }) => {
    const type = query.get('token_type');
    if (type !== null && type !== 'access' && type !== 'integration') {
      return invalid('invalid query parameter token_type', ['token_type: expected access or integration']);
    }
    const showExpired = /^(true|1)$/i.test(query.get('show_expired') ?? '');
    const now = nowSeconds();
    const tokens = state.tokens.items.filter(
      (t) =>
        t.kind === 'org' && (type === null || t.token_type === type) && (showExpired || !isExpired(t, now)),
    );
    return ok(tokens.map(listed));
  },

  CreateToken: (ctx) => {
    const { state, caller } = ctx;
    const body = ctx.body;
    const ci = managedRoleIds.ci;
    const type = body.token_type ?? (body.role_id === ci ? 'access' : 'integration');
    // api-v4.md, token rules: a Service Account token can create CI access tokens and nothing else.
    if (caller.token.kind === 'org' && caller.token.role_id === managedRoleIds.serviceAccount) {
      if (type !== 'access' || body.role_id !== ci) return forbidden(serviceAccountRefusal);
    }
    const problem = checkRole(state, body.role_id, type);
    if (problem) return invalid('invalid request body', [problem]);
    const iat = nowSeconds();
    const token: TokenRecord = {
      id: randomUUID(),
      kind: 'org',
      user_id: caller.user.id_v2,
      label: body.label,
      description: body.description ?? '',
      role_id: body.role_id,
      token_type: type,
      iat,
      ...(body.valid_for_seconds === undefined ? {} : { exp: iat + body.valid_for_seconds }),
    };
    state.tokens.items.push(token);
    ctx.save();
    return ok({ ...listed(token), value: tokenValue(state, token) });
  },

  DeleteToken: (ctx) => {
    const items = ctx.state.tokens.items;
    const index = items.findIndex((t) => t.kind === 'org' && t.id === ctx.params.tokenID);
    if (index === -1) return notFound(`no token has the id ${ctx.params.tokenID}`);
    items.splice(index, 1);
    ctx.save();
    return ok();
  },
} satisfies HandlerMap;
