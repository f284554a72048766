import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { secscanShim } from '../sandbox.js';
import { type Block, type Command, fileOf, shellCommands, type Transcript } from './blocks.js';

/**
 * A reader's session, one a page of the docs: a fresh home directory (the working directory too), no secscan settings in the
 * environment, and `secscan` on PATH as this checkout's built binary, as `npm link` would put it. Blocks
 * run in bash, in order, each in a process group of its own that is ended when the block is done (a
 * sandbox a block starts in the background stops with it).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface Ran {
  code: number | null;
  output: string;
}

export interface Session {
  home: string;
  /** Writes what the page shows as a file's content (a rules file, access.yml, people.csv). */
  writeFile(block: Block): void;
  /** Starts the block that runs the session's sandbox, in the background; resolves once it is ready. */
  startSandbox(block: Block): Promise<string>;
  /** Runs a `sh` block as one script; a command that ends with another status than its own stops it. */
  runScript(block: Block): Promise<Ran>;
  /** Runs one command of a transcript, stdout and stderr together, optionally on a terminal. */
  runCommand(command: Transcript, columns?: number): Promise<Ran>;
  close(): Promise<void>;
}

const groups = new Set<ChildProcess>();

function endGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group has no process left.
  }
}

function run(script: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', `exec 2>&1\n${script}`], {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    groups.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => endGroup(child, 'SIGKILL'), timeoutMs);
    let code: number | null = null;
    // What the block left running in the background stops with it (and lets go of the output pipe).
    child.on('exit', (status) => {
      code = status;
      endGroup(child, 'SIGTERM');
    });
    child.on('close', () => {
      clearTimeout(timer);
      groups.delete(child);
      resolve({ code, output });
    });
  });
}

/** The script of a `sh` block: after each command, its status is checked against the one it must have. */
export function checkedScript(commands: Command[], file = 'README.md'): string {
  return [
    'set -o pipefail',
    ...commands.map(
      (c) =>
        `${c.text}\n__rc=$?; if [ "$__rc" != ${c.exit} ]; then ` +
        `echo "readme-test: ${file}:${c.line}: exit $__rc, not ${c.exit}" >&2; exit 101; fi`,
    ),
  ].join('\n');
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function startSession(file = 'README.md'): Session {
  const home = mkdtempSync(join(tmpdir(), 'secscan-readme-'));
  const shims = join(home, '.readme-bin');
  secscanShim(shims);
  // The project's packages, as installed in the reader's own project (npx finds the SARIF validator there).
  symlinkSync(join(root, 'node_modules'), join(home, 'node_modules'));
  const env: NodeJS.ProcessEnv = {
    PATH: [shims, dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    LANG: 'C.UTF-8',
    USER: 'me',
    // The sandbox's dates as the pages print them (seeded as of 2026-09-20, not the day the test runs).
    SECSCAN_SANDBOX_NOW: process.env.SECSCAN_SANDBOX_NOW ?? '2026-09-20',
    // npx never reaches for the registry: what a block runs is installed.
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
  };
  let sandbox: ChildProcess | undefined;

  return {
    home,
    writeFile(block) {
      const shown = fileOf(block);
      if (!shown) throw new Error(`${file}:${block.line}: not a file`);
      mkdirSync(dirname(join(home, shown.path)), { recursive: true });
      writeFileSync(join(home, shown.path), shown.content);
    },
    startSandbox(block) {
      return new Promise((resolve, reject) => {
        const child = spawn('bash', ['--noprofile', '--norc', '-c', block.text], {
          cwd: home,
          env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        sandbox = child;
        groups.add(child);
        let stdout = '';
        let stderr = '';
        child.stderr?.on('data', (chunk) => (stderr += chunk));
        const timer = setTimeout(() => reject(new Error(`the sandbox is not ready: ${stderr}`)), 60_000);
        child.stdout?.on('data', (chunk) => {
          stdout += chunk;
          if (stdout.split('\n').filter((l) => /^SECSCAN_\w+=/.test(l)).length >= 3) {
            clearTimeout(timer);
            resolve(stdout);
          }
        });
        child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${stderr}`)));
      });
    },
    runScript(block) {
      for (const name of block.directives.with) writeFileSync(join(home, name), readerSecret(name));
      return run(checkedScript(shellCommands(block), file), env, home, 90_000);
    },
    runCommand(command, columns) {
      if (!columns) return run(command.text, env, home, 60_000);
      const inner = `stty cols ${columns} rows 50; ${command.text}`;
      return run(`script -qec ${quote(inner)} /dev/null`, { ...env, TERM: 'dumb' }, home, 60_000);
    },
    async close() {
      if (sandbox) {
        const exited = new Promise((resolve) => sandbox?.once('close', resolve));
        endGroup(sandbox, 'SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      for (const child of groups) endGroup(child, 'SIGKILL');
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A file of the reader's own that a block reads (`with NAME`): a stand-in value, never to be printed. */
export function readerSecret(name: string): string {
  return `readme-secret-${name.replace(/\W/g, '-')}-7c31\n`;
}
