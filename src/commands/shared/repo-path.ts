import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** The repository's root: CI_PROJECT_DIR (GitLab) or GITHUB_WORKSPACE, else the first directory up with a `.git`. */
export function repositoryRoot(cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const given = env.CI_PROJECT_DIR || env.GITHUB_WORKSPACE;
  if (given) return resolve(cwd, given);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The job's CI configuration, from the repository's root: where the command and its flags are written. */
export function ciConfigFile(env: NodeJS.ProcessEnv): string {
  return env.CI_CONFIG_PATH || '.gitlab-ci.yml';
}

/**
 * Where a report entry about a file points: the file's path from the repository's root (`/`-separated), or,
 * for a file outside the repository or none at all (standard input, a stored policy), the CI configuration
 * that names it.
 */
export function repositoryPath(file: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  // Outside a repository (a run on a laptop), from the working directory.
  const root = repositoryRoot(cwd, env) ?? resolve(cwd);
  if (file === undefined) return ciConfigFile(env);
  const path = relative(root, resolve(cwd, file));
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return ciConfigFile(env);
  return path.split(sep).join('/');
}
