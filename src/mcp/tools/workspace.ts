import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { EngineContext } from '../../factory.js';
import type { IgnoreFile } from '../../ignores/file.js';
import type { MatchContext, Suppressor } from '../../ignores/match.js';
import { readInputFileSync } from '../../util/input-file.js';
import { decodeUtf8 } from '../../util/utf8.js';

/**
 * A file of the workspace an agent names (a rules file): a path inside the workspace, never outside it, by
 * `..` or a symbolic link (a usage error naming the parameter).
 */
export function inWorkspace(workspace: string, path: string, param: string): string {
  const full = resolve(workspace, path);
  const within = (root: string, p: string) => {
    const rel = relative(root, p);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  const root = realpathSync(workspace);
  const real = existsSync(full) ? realpathSync(full) : resolve(root, relative(workspace, full));
  if (!within(workspace, full) || !within(root, real)) {
    throw new UsageError(`invalid value for ${param}: ${JSON.stringify(path)} is outside the workspace`, {
      hint: 'name a file of the workspace the server was started in (its working directory, or --workspace)',
    });
  }
  return full;
}

/** A file of the workspace as text (at most 4 MiB, UTF-8): unreadable is exit 3 naming it. */
export function readWorkspaceFile(path: string, what: string): string {
  return decodeUtf8(readInputFileSync(path, { what }), path);
}

/** The workspace's ignore file, `.secscan/ignore.yml` (found from the workspace up to the repository root). */
export async function workspaceIgnores(workspace: string): Promise<IgnoreFile | undefined> {
  const { findIgnoreFile } = await import('../../ignores/discover.js');
  const found = findIgnoreFile(workspace);
  if (found === undefined) return undefined;
  const path = isAbsolute(found) ? found : join(workspace, found);
  const { readIgnoreText } = await import('../../ignores/load.js');
  return readIgnoreText(readWorkspaceFile(path, 'ignore file'), found);
}

/** The suppressor of the workspace's ignore file, if there is one. */
export async function workspaceSuppressor(
  ctx: Pick<EngineContext, 'env'>,
  workspace: string,
  context: MatchContext,
): Promise<Suppressor | undefined> {
  const file = await workspaceIgnores(workspace);
  if (!file) return undefined;
  const { suppressorOf } = await import('../../ignores/load.js');
  return suppressorOf(file, ctx.env, context);
}
