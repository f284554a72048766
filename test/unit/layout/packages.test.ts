import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from '../../helpers/imports.js';

/**
 * Each workspace package is what its name says. `@secscan/api` is the API as data (operations, schemas,
 * queries, values, the rules-file format): the CLI's exit codes and errors are the CLI's (src/errors.ts), the
 * router is the sandbox's; a package's error says what went wrong, and the CLI decides the exit code.
 */
const apiFiles = sourceFiles(['packages/api/src']);
const sandboxFiles = sourceFiles(['packages/sandbox/src']);
const where = (file: string) => relative(repoRoot, file);

/** The lines of `files` that carry an exit code or an error class of the CLI. */
function cliErrors(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        /\b(exitCode|ExitCode|CliError|UsageError|ConfigError)\b/.test(line)
          ? [`${where(file)}:${i + 1}`]
          : [],
      ),
  );
}

describe('the workspace packages', () => {
  it('@secscan/api carries no exit code and no error class of the CLI', () => {
    expect(cliErrors(apiFiles)).toEqual([]);
  });

  it('the sandbox throws its own SandboxError, never an error of the CLI', () => {
    expect(cliErrors(sandboxFiles)).toEqual([]);
  });

  it('the router is the sandbox’s (the API describes operations; it does not serve them)', () => {
    expect(existsSync(join(repoRoot, 'packages/api/src/router.ts'))).toBe(false);
    expect(existsSync(join(repoRoot, 'packages/sandbox/src/router.ts'))).toBe(true);
  });

  it('would find an exit code', () => {
    expect(cliErrors([join(repoRoot, 'src/errors.ts')]).length).toBeGreaterThan(0);
  });
});
