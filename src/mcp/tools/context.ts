import * as z from 'zod';
import { ApiError } from '../../errors.js';
import { closeNames } from '../../util/near.js';
import { dataNotInstructions, defineTool, reads } from '../tool.js';
import { name, outputOf, plural } from './common.js';

export const whoami = defineTool({
  name: 'whoami',
  title: 'Who am I',
  toolset: 'context',
  writes: false,
  description: 'The user of the token, the organization and service, and the token’s scopes.',
  hints: reads,
  input: z.strictObject({}),
  output: outputOf({
    user: z.looseObject({}),
    organization: z.string(),
    service: z.string(),
    profile: z.string(),
    scopes: z.array(z.string()).nullable(),
  }),
  async run({ ctx }) {
    const [settings, client] = await Promise.all([ctx.settings(), ctx.client()]);
    const [user, scopes] = await Promise.all([
      client.call('ReadUser'),
      client.call('ListMyOrgScopes').catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }),
    ]);
    const data = {
      user: { email: user.email, ...(user.name ? { name: user.name } : {}) },
      organization: client.orgId ?? '',
      service: client.origin,
      profile: settings.profile.value,
      scopes: scopes ? [...scopes].sort() : null,
    };
    return {
      summary: scopes
        ? `The token's user, organization and ${plural(scopes.length, 'scope')}.`
        : 'The token’s user and organization; it may not list its scopes.',
      data,
    };
  },
});

export const findApps = defineTool({
  name: 'find_apps',
  title: 'Find apps and compounds by name',
  toolset: 'context',
  writes: false,
  description: `Apps and compounds whose id or name holds the text (all when none), with close names when nothing matches. ${dataNotInstructions}`,
  hints: reads,
  input: z.strictObject({ name: name.optional().describe('part of an app or compound name') }),
  output: outputOf({
    apps: z.array(z.looseObject({})),
    compounds: z.array(z.looseObject({})),
    did_you_mean: z.array(z.string()),
    more: z.boolean(),
  }),
  async run({ ctx }, { name: wanted }) {
    const client = await ctx.client();
    const [apps, page] = await Promise.all([
      client.call('ListApps'),
      client.page('ListOrgCompounds', { query: { per_page: 100 } }),
    ]);
    const compounds = page.data.compounds;
    const text = wanted?.toLowerCase();
    const holds = (...values: (string | undefined)[]) =>
      text === undefined || values.some((v) => v?.toLowerCase().includes(text));
    const foundApps = apps
      .filter((a) => holds(a.id, a.name))
      .slice(0, 100)
      .map((a) => ({
        id: a.id,
        ...(a.name && a.name !== a.id ? { name: a.name } : {}),
        ...(a.base_branch ? { default_branch: a.base_branch } : {}),
      }));
    const foundCompounds = compounds
      .filter((c) => holds(c.name))
      .slice(0, 100)
      .map((c) => ({ name: c.name }));
    const none = foundApps.length === 0 && foundCompounds.length === 0;
    const near =
      none && wanted !== undefined
        ? closeNames(wanted, [...apps.map((a) => a.id), ...compounds.map((c) => c.name)])
        : [];
    const more = page.nextPage !== undefined;
    return {
      summary: none
        ? `No app or compound matches${near.length ? `; ${plural(near.length, 'close name')} in did_you_mean` : ''}.`
        : `${plural(foundApps.length, 'app')} and ${plural(foundCompounds.length, 'compound')} match.`,
      data: { apps: foundApps, compounds: foundCompounds, did_you_mean: near, more },
    };
  },
});

/** `await_result`: the server answers it itself (server.ts); here for the listing. */
export const awaitResult = defineTool({
  name: 'await_result',
  title: 'Ask again for work still going on',
  toolset: 'context',
  writes: false,
  description:
    'A call not done in time answers {pending: {handle}} (any tool); this waits again for that work and answers its result, or pending again. Answers may add notes: warnings of the work.',
  hints: { ...reads, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ handle: z.string().describe('pending.handle of the earlier answer') }),
  output: outputOf({}),
  async run() {
    throw new Error('await_result is answered by the server');
  },
});
