import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the CI tests share: this checkout, a copy of its sources, the machine's env (the release: test/helpers/release.ts). */
export const root = fileURLToPath(new URL('../../..', import.meta.url));
export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();

/**
 * The environment of a CI machine with Node on PATH: a home and a TMPDIR of its own (no profile of this
 * machine's user), npm's cache kept (a runner's is warm too; the registry is used for what it lacks).
 */
export function machineEnv(home: string): Record<string, string> {
  mkdirSync(join(home, 'tmp'), { recursive: true });
  return {
    PATH: process.env.PATH as string,
    HOME: home,
    TMPDIR: join(home, 'tmp'),
    npm_config_cache: npmCache,
    npm_config_update_notifier: 'false',
    // The suite's own `npm ci` filled the cache with every package of the lockfile: use it without asking
    // the registry again, and should the registry be needed, give up on a stalled connection in seconds.
    npm_config_prefer_offline: 'true',
    npm_config_fetch_timeout: '60000',
    npm_config_fetch_retries: '1',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
}

/** A checkout of this repository as git would give it: the tracked (and new, unignored) files, no build. */
export function copyCheckout(dir: string): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    // A file deleted in the work tree but still in the index is not part of the checkout.
    try {
      cpSync(join(root, file), join(dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return dir;
}

/** The fenced blocks of one language of a page of the docs (README.md, docs/guide/ci-gate.md, ...). */
export function docBlocks(file: string, language: string): string[] {
  const page = readFileSync(join(root, file), 'utf8');
  return [...page.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map(
    (m) => m[1] as string,
  );
}

/** Runs `action-validator` (the npm package @action-validator/cli) on a file: action.yml or a workflow. */
export function validateAction(file: string): { code: number; output: string } {
  try {
    const out = execFileSync(
      process.execPath,
      [join(root, 'node_modules/@action-validator/cli/cli.mjs'), file],
      {
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    return { code: 0, output: out };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: `${e.stdout}${e.stderr}` };
  }
}

/** The rules file of the guide "Gate merges in CI" (docs/guide/ci-gate.md). */
export const readmeRules = docBlocks('docs/guide/ci-gate.md', 'yaml').find((b) =>
  /^(#.*\n)?rules:/.test(b),
) as string;

/** A repository's working directory as CI checks it out: `.secscan/rules.yml` holds the README's rules. */
export function project(dir: string): string {
  mkdirSync(join(dir, '.secscan'), { recursive: true });
  writeFileSync(join(dir, '.secscan/rules.yml'), readmeRules);
  return dir;
}
