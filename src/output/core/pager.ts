import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { OutputClosedError } from '../../errors.js';

/**
 * The pager, as gh and git choose it: SECSCAN_PAGER, then PAGER, else `less`; none when the value is empty
 * or `cat`. It runs through the shell, so it may carry its own options (`less -S`, `most -s`).
 */
export function pagerCommand(env: NodeJS.ProcessEnv): string | undefined {
  const value = (env.SECSCAN_PAGER ?? env.PAGER ?? 'less').trim();
  return value === '' || value === 'cat' ? undefined : value;
}

/** The program a pager command runs: its first word, unquoted. */
function programOf(command: string): string {
  const first = /^\s*(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(command);
  return first?.[1] ?? first?.[2] ?? first?.[3] ?? '';
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** Whether the program of a pager command can be run: a path, or a name found on PATH. */
export function pagerFound(command: string, env: NodeJS.ProcessEnv): boolean {
  const program = programOf(command);
  if (!program) return false;
  if (program.includes('/')) return executable(program);
  // A shell word (`exec`, `env`) or an assignment before the command: the shell knows; trust it.
  if (/=/.test(program)) return true;
  return (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, program)));
}

/**
 * Standard output through a pager, started at the first write: a list that prints nothing opens none.
 * Less gets `LESS=FRX` when LESS is unset (quit when the text fits one screen, keep colours, leave the text
 * on the screen), as gh and git give it. A pager quit before the end (q) makes every later write fail
 * with OutputClosedError: the run stops there, quietly.
 */
export class PagerStream extends EventEmitter {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private closed = false;
  /** A write is waiting for the pager to read (drain). */
  private waiting = false;

  constructor(
    private readonly command: string,
    private readonly options: {
      env: NodeJS.ProcessEnv;
      stdout: number;
      stderr: number;
      /** Called when the pager starts (it holds the terminal) and when it is gone. */
      onStart: () => void;
    },
  ) {
    super();
  }

  /** Whether a pager was started. */
  get started(): boolean {
    return this.child !== undefined;
  }

  write(chunk: string | Uint8Array): boolean {
    if (this.closed) return this.fail();
    const stdin = (this.child ?? this.start()).stdin;
    if (!stdin || this.closed) return this.fail();
    if (stdin.write(chunk)) return true;
    this.waiting = true;
    stdin.once('drain', () => {
      this.waiting = false;
      this.emit('drain');
    });
    return false;
  }

  /** Ends the pager's input and waits until the person quits it. */
  async close(): Promise<void> {
    if (!this.child) return;
    if (!this.closed) this.child.stdin?.end();
    await this.exited;
  }

  private fail(): false {
    process.nextTick(() => this.emit('error', new OutputClosedError()));
    return false;
  }

  private start(): ChildProcess {
    // Loaded when a pager starts, not by every command that prints (node:child_process and what it needs
    // cost every run about a millisecond).
    const { spawn } = process.getBuiltinModule('node:child_process');
    const env = { ...this.options.env };
    env.LESS ??= 'FRX';
    env.LV ??= '-c';
    const child = spawn(this.command, {
      shell: true,
      stdio: ['pipe', this.options.stdout, this.options.stderr],
      env,
    });
    this.child = child;
    const gone = () => {
      if (this.closed) return;
      this.closed = true;
      if (this.waiting) {
        this.waiting = false;
        this.emit('error', new OutputClosedError());
      }
    };
    // The pager quit before reading everything: a write gets EPIPE, and the run stops quietly.
    child.stdin?.on('error', gone);
    this.exited = new Promise((resolve) => {
      child.on('close', () => {
        gone();
        resolve();
      });
      child.on('error', () => {
        gone();
        resolve();
      });
    });
    this.options.onStart();
    return child;
  }
}
