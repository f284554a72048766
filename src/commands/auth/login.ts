import { operations } from '../../api/operations/index.js';
import type { CurrentUser } from '../../api/schemas/users.js';
import { resolveSettings } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { ConfigError, UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { targetProfile } from './profile-name.js';

async function readToken(ctx: Context, withToken: boolean): Promise<string> {
  let token: string;
  if (withToken) {
    token = (await ctx.readStdin()).trim();
    if (!token)
      throw new UsageError('no token on standard input (secscan auth login --with-token < token.txt)');
  } else if (ctx.interactive) {
    const { ask } = await import('../../prompt.js');
    token = (await ask(ctx.io, 'Paste your access token: ', true)).trim();
    if (!token) throw new UsageError('no token entered');
  } else {
    throw new UsageError(
      '--with-token is required when not on a terminal: secscan auth login --with-token < token.txt',
    );
  }
  if (/\s/.test(token)) throw new UsageError('the token contains white space: pass only the token');
  return token;
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const store = await ctx.store();
  const name = targetProfile(ctx, store);
  const token = await readToken(ctx, Boolean(opts.withToken));
  const settings = resolveSettings(
    {
      profile: name,
      baseUrl: ctx.globals.baseUrl,
      org: ctx.globals.org,
      allowInsecureHttp: ctx.globals.allowInsecureHttp,
    },
    { ...ctx.env, SECSCAN_TOKEN: token, SHIFTLEFT_ACCESS_TOKEN: undefined },
    store,
  );
  const orgId = settings.orgId.value;
  if (!orgId) {
    throw new ConfigError('cannot tell the organization from this token: pass --org <uuid>');
  }
  const client = await ctx.clientFor(settings.baseUrl.value, token, orgId);
  const user = await ctx.spin('Verifying the token', async () => {
    const me = await client.call<CurrentUser>(operations.ReadUser);
    await client.call(operations.ListMyOrgScopes);
    return me;
  });
  store.update(name, { base_url: settings.baseUrl.value, org_id: orgId, token });
  store.use(name);
  const who = user.email ?? user.name ?? 'the token’s user';
  ctx.note(`Logged in to ${settings.baseUrl.value} as ${who} (organization ${orgId}).`);
  ctx.note(`Saved profile ${name} in ${store.path}; it is now the current profile.`);
  return { kind: 'none' };
}
