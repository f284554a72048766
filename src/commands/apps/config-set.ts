import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { writeConfig } from './config-write.js';

export { validate, view } from './config-write.js';

export function run(ctx: Context, input: RunInput): Promise<Result> {
  return writeConfig(ctx, input, true);
}
