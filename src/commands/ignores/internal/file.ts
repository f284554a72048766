import type { Context } from '../../../context.js';
import { ConfigError } from '../../../errors.js';
import type { IgnoreFile } from '../../../ignores/file.js';
import { readIgnores } from '../../shared/ignore-file.js';

/** The ignore file given, else the one found from the working directory up; none is exit 3. */
export async function requireIgnores(ctx: Context, path: string | undefined): Promise<IgnoreFile> {
  const file = await readIgnores(ctx, path);
  if (file) return file;
  throw new ConfigError(
    'no ignore file: none found (.secscan/ignore.yml, from the working directory up to the repository root)',
    { hint: 'name one: secscan ignores lint FILE, or --ignore-file FILE' },
  );
}
