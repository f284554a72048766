import { tokenPattern } from '@secscan/api/values';
import { tokenShapeProblem } from '../../config/jwt.js';
import { defaultProfileName, resolveSettings } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { ConfigError, missingOrgError, UsageError } from '../../errors.js';
import { defineVerb, flag, parsed } from '../define.js';
import { nonEmpty, type ParserSpec } from '../parsers.js';
import { targetProfile } from '../shared/profiles.js';

async function readToken(ctx: Context, withToken: boolean): Promise<string> {
  let token: string;
  if (withToken) {
    token = (await ctx.readStdin()).trim();
    if (!token)
      throw new UsageError('no token on standard input (secscan auth login --with-token < token.txt)');
  } else if (ctx.interactive) {
    const { ask } = await import('../../streams/prompt.js');
    token = (await ask(ctx.io, 'Paste your access token: ', true)).trim();
    if (!token) throw new UsageError('no token entered');
  } else {
    throw new UsageError(
      '--with-token is required when not on a terminal: secscan auth login --with-token < token.txt',
    );
  }
  if (/\s/.test(token)) throw new UsageError('the token contains white space: pass only the token');
  if (!tokenPattern.test(token)) {
    throw new UsageError('the token holds characters a token cannot have (control or non-ASCII characters)');
  }
  return token;
}

/** The token, and the organization an `sl` config names: --from-sl, --with-token or the prompt. */
async function credentials(
  ctx: Context,
  opts: { withToken?: boolean; fromSl?: string | true },
): Promise<{ token: string; orgId?: string; from?: string }> {
  if (opts.fromSl === undefined) return { token: await readToken(ctx, Boolean(opts.withToken)) };
  const { readSlConfig, slConfigPath } = await import('../shared/sl-config.js');
  const path = opts.fromSl === true ? slConfigPath(ctx.env) : opts.fromSl;
  return { ...(await readSlConfig(path)), from: path };
}

export default defineVerb({
  name: 'login',
  summary: 'Verify a token and save it in a profile',
  description:
    'Save a token (with the base URL and organization) in a profile after verifying it with a real call.\n' +
    'The token is read from standard input with --with-token, or typed at a hidden prompt on a terminal;\n' +
    'it is never taken from the command line. Use the global --profile, --base-url and --org to choose where.\n' +
    'It becomes the current profile only if there is none yet, or with --switch.\n' +
    'With --from-sl the organization id and access token come from the sl CLI’s configuration\n' +
    '(~/.shiftleft/config.json, written by `sl auth`, or FILE); the token is never printed.',
  examples: [
    'secscan auth login --with-token < token.txt',
    'secscan auth login --profile staging --base-url https://app.example.com --org <uuid> --with-token < token.txt',
    'secscan auth login --profile staging --switch --with-token < token.txt',
    'secscan auth login   # prompts for the token on a terminal',
    'secscan auth login --from-sl',
    'secscan auth login --from-sl ./ci/shiftleft-config.json --profile ci',
  ],
  operations: ['ReadUser', 'ListMyOrgScopes'],
  options: {
    withToken: flag('--with-token', 'read the token from standard input', { conflicts: ['fromSl'] }),
    switch: flag(
      '--switch',
      'make the profile the current one\n\n(the default only when there is none yet, or it is this one)',
    ),
    fromSl: parsed(
      '--from-sl [file]',
      'import the organization id and token of the sl CLI (default ~/.shiftleft/config.json)',
      nonEmpty('file') as ParserSpec<string | true>,
      { complete: 'file' },
    ),
  },
  async run(ctx, { opts }) {
    const store = await ctx.store();
    const name = targetProfile(ctx, store);
    const { token, orgId: slOrg, from } = await credentials(ctx, opts);
    const env = { ...ctx.env, SECSCAN_TOKEN: token, SHIFTLEFT_ACCESS_TOKEN: undefined };
    const settings = resolveSettings(
      {
        profile: name,
        baseUrl: ctx.globals.baseUrl,
        org: ctx.globals.org,
        allowInsecureHttp: ctx.globals.allowInsecureHttp,
      },
      slOrg ? { ...env, SECSCAN_ORG_ID: slOrg, SHIFTLEFT_ORG_ID: undefined } : env,
      store,
    );
    const orgId = settings.orgId.value;
    if (!orgId) {
      const problem = tokenShapeProblem(token);
      if (problem) {
        throw missingOrgError({
          tokenSource: from ?? (opts.withToken ? 'standard input' : 'the prompt'),
          tokenProblem: problem,
        });
      }
      throw new ConfigError('cannot tell the organization from this token: pass --org <uuid>');
    }
    const client = await ctx.clientFor({ baseUrl: settings.baseUrl.value, token, orgId });
    const user = await ctx.spin('Verifying the token', async () => {
      const me = await client.call('ReadUser');
      await client.call('ListMyOrgScopes');
      return me;
    });
    // Another profile in use stays the current one unless --switch: a second login (a cron job's profile)
    // must not re-point every command run without --profile.
    const current = store.currentName ?? (store.get(defaultProfileName) ? defaultProfileName : undefined);
    const switching = opts.switch === true || current === undefined || current === name;
    await store.update(name, { base_url: settings.baseUrl.value, org_id: orgId, token });
    if (switching) await store.use(name);
    const who = user.email ?? user.name ?? 'the token’s user';
    if (from) ctx.note(`Imported the organization id and access token of ${from}.`);
    ctx.note(`Logged in to ${settings.baseUrl.value} as ${who} (organization ${orgId}).`);
    ctx.note(
      switching
        ? `Saved profile ${name} in ${store.path}; it is now the current profile.`
        : `Saved profile ${name} in ${store.path}; the current profile is still ${current}: switch with \`secscan profiles use ${name}\` (or log in with --switch).`,
    );
    return { kind: 'none' };
  },
});
