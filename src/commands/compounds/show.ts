import { operations } from '../../api/operations/index.js';
import type { Compound, ShallowCompound } from '../../api/schemas/compounds.js';
import { isUuid } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { requireCompoundName } from './common.js';
import { appIds } from './list.js';

export const view = defineView<Compound>({
  columns: [
    { key: 'name', header: 'Name' },
    { key: 'id', header: 'ID' },
    {
      key: 'apps',
      header: 'Apps',
      get: (c) => (Array.isArray(c.apps) ? c.apps.join('\n') : appIds(c).join('\n')),
    },
  ],
});

export function validate({ args }: RunInput): void {
  requireCompoundName(args[0]);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const key = args[0] as string;
  const client = await ctx.client();
  const shallow = isUuid(key)
    ? await client.call<ShallowCompound>(operations.ReadCompoundShallowByID, { path: { compoundID: key } })
    : await client.call<ShallowCompound>(operations.ReadCompoundShallowByName, {
        path: { compoundName: key },
      });
  if (!opts.full) return { kind: 'object', item: shallow };
  const full = await client.call<Compound>(operations.ReadCompoundFull, {
    path: { compoundID: shallow.id ?? key },
  });
  return { kind: 'object', item: full };
}
