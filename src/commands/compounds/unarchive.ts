import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { setArchived } from './archive.js';

export { validate } from './archive.js';

export function run(ctx: Context, { args }: RunInput): Promise<Result> {
  return setArchived(ctx, args[0] as string, false);
}
