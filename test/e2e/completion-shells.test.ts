import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, type RunningSandbox, startSandbox } from './sandbox.js';

/**
 * The completion scripts in the real shells, driven as a person drives them: keys typed into bash, zsh
 * and fish running in tmux at 80 columns, TAB pressed, the screen read. Live values come from a real
 * sandbox through `secscan __complete` and its background refresh.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'secscan-shells-'));
const socket = `secscan-test-${process.pid}`;
const sessions: string[] = [];
let sandbox: RunningSandbox;
let env: Record<string, string>;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', env });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (spawnSync('tmux', ['-V']).error) throw new Error('tmux is not installed: apt-get install -y tmux');
  sandbox = await startSandbox();
  const shims = join(temp, 'bin');
  mkdirSync(shims);
  writeFileSync(join(shims, 'secscan'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(join(shims, 'secscan'), 0o755);
  const config = join(temp, 'config');
  mkdirSync(config, { mode: 0o700 });
  const profile = { base_url: sandbox.baseUrl, org_id: sandbox.orgId, token: sandbox.token };
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({ current_profile: 'demo', profiles: { demo: profile, staging: profile } }),
    { mode: 0o600 },
  );
  env = {
    PATH: `${shims}:${process.env.PATH}`,
    HOME: temp,
    SECSCAN_CONFIG_DIR: config,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    // Our own tmux server, its socket in our temporary directory: nobody else's sessions are touched.
    TMUX_TMPDIR: temp,
  };
}, 60_000);

afterAll(async () => {
  for (const name of sessions) spawnSync('tmux', ['-L', socket, 'kill-session', '-t', name], { env });
  await sandbox?.stop();
  rmSync(temp, { recursive: true, force: true });
});

/**
 * Each shell reads its set-up at start (a prompt that says READY, the completion script): nothing is typed
 * before its line editor runs, so no key can be lost to a terminal mode change at start-up.
 */
const shells = {
  bash: {
    command: (dir: string) => ['bash', '--noprofile', '--rcfile', join(dir, 'bashrc'), '-i'],
    files: { bashrc: `PS1='READY> '\nsource ${root}/completions/secscan.bash\n` },
    env: {} as Record<string, string>,
  },
  zsh: {
    // -d: no global start-up files; ZDOTDIR holds the only .zshrc read.
    command: () => ['zsh', '-d', '-i'],
    files: {
      '.zshrc': `PS1='READY> '\nautoload -U compinit && compinit -u -D\nsource ${root}/completions/_secscan\n`,
    },
    env: { ZDOTDIR: '' } as Record<string, string>,
  },
  fish: {
    command: () => [
      'fish',
      '--no-config',
      '-i',
      '-C',
      `function fish_prompt; echo -n 'READY> '; end; source ${root}/completions/secscan.fish`,
    ],
    files: {} as Record<string, string>,
    env: {} as Record<string, string>,
  },
} as const;

type Shell = keyof typeof shells;

const lastLine = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';
const cleanPrompt = (screen: string) => /READY>\s*$/.test(lastLine(screen));

/** The value caches being refreshed in the background: their `.refresh` claim files (see src/completion/cache.ts). */
function refreshesInFlight(): string[] {
  const root = join(temp, 'config', 'completion');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.refresh'));
}

class Terminal {
  constructor(
    readonly session: string,
    readonly shellPid: number,
  ) {}

  screen(): string {
    return tmux('capture-pane', '-p', '-t', this.session);
  }

  /**
   * True when the shell runs nothing: no completion (a `secscan __complete`, a command substitution) is in
   * flight. A key sent while one runs is either queued behind it or, for Ctrl-C, taken as a signal to that
   * command instead of clearing the line: the test waits for this state rather than for time.
   */
  idle(): boolean {
    try {
      // Every thread: fish computes autosuggestions, completions included, on threads of its own. A thread
      // running or waiting for a CPU (state R, as on a loaded machine) is at work on a key.
      const tasks = readdirSync(`/proc/${this.shellPid}/task`);
      return tasks.every((task) => {
        const dir = `/proc/${this.shellPid}/task/${task}`;
        const state = /\)\s+(\S)/.exec(readFileSync(`${dir}/stat`, 'utf8'))?.[1];
        return state !== 'R' && readFileSync(`${dir}/children`, 'utf8').trim() === '';
      });
    } catch {
      const ps = spawnSync('ps', ['-o', 'pid=', '--ppid', String(this.shellPid)], { encoding: 'utf8' });
      return ps.stdout.trim() === '';
    }
  }

  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the screen:\n${screen}`);
      await sleep(50);
    }
  }

  /**
   * Waits until the shell is idle and its screen has not changed for `quietMs` (every look in that time
   * agrees). The quiet time covers what no process state shows: a key still on its way from tmux to the
   * shell, a redraw the shell has yet to make.
   */
  async settle(what: string, quietMs = 600, timeoutMs = 30_000): Promise<string> {
    let before = '';
    let since = Date.now();
    return this.waitFor(
      (screen) => {
        if (!this.idle() || screen !== before) {
          before = screen;
          since = Date.now();
          return false;
        }
        return Date.now() - since >= quietMs;
      },
      what,
      timeoutMs,
    );
  }

  type(text: string): void {
    tmux('send-keys', '-t', this.session, '-l', text);
  }

  key(name: string): void {
    tmux('send-keys', '-t', this.session, name);
  }

  /**
   * An empty command line at the prompt: Ctrl-C, sent only when no completion runs, until the line is clear.
   * fish 3.6 ignores the first Ctrl-C after a TAB that arrived while a completion ran (the line stays as it
   * was), as a person pressing it twice sees; another Ctrl-C is harmless on a clear line.
   */
  async clearLine(): Promise<void> {
    const end = Date.now() + 30_000;
    for (;;) {
      const screen = await this.settle('the shell to finish what it runs');
      if (cleanPrompt(screen)) return;
      if (Date.now() > end) throw new Error(`timed out waiting for a clean prompt; the screen:\n${screen}`);
      this.key('C-c');
      await this.waitFor((s) => s !== screen || cleanPrompt(s), 'the shell to answer Ctrl-C', 2_000).catch(
        () => undefined,
      );
    }
  }

  /**
   * Types `text` and presses TAB until the screen shows `expected`. TAB is pressed again only once the shell
   * is idle with the expectation unmet and no background refresh of the value cache is in flight (the first
   * TAB on a cold cache starts one and shows what the cache has: nothing yet), so no completion is ever
   * left running behind the test and a slow refresh on a loaded machine is waited for, not raced.
   */
  async complete(text: string, expected: RegExp): Promise<string> {
    await this.clearLine();
    tmux('clear-history', '-t', this.session);
    this.type(text);
    await this.waitFor((s) => lastLine(s).includes(text.trimEnd()), `"${text}" on the command line`);
    for (let attempt = 1; ; attempt++) {
      this.key('Tab');
      const screen = await this.settle(`the completion of "${text}"`);
      if (expected.test(screen)) return screen;
      const refreshing = refreshesInFlight();
      if (refreshing.length === 0 && attempt >= 6)
        throw new Error(`${expected} never showed after "${text}" TAB; the screen:\n${screen}`);
      await this.waitFor(
        () => refreshesInFlight().length === 0,
        `the refresh of ${refreshing.join(', ')}`,
        40_000,
      );
    }
  }
}

async function open(shell: Shell): Promise<Terminal> {
  const session = `${socket}-${shell}`;
  sessions.push(session);
  const dir = mkdtempSync(join(temp, `${shell}-`));
  for (const [name, content] of Object.entries(shells[shell].files)) writeFileSync(join(dir, name), content);
  const extra = Object.entries(shells[shell].env).map(([k, v]) => `${k}=${v || dir}`);
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '80',
    '-y',
    '30',
    ...(extra.length ? ['env', ...extra] : []),
    ...shells[shell].command(dir),
  );
  const pid = Number(tmux('display-message', '-p', '-t', session, '#{pane_pid}').trim());
  const terminal = new Terminal(session, pid);
  await terminal.waitFor(cleanPrompt, `${shell} to load`, 30_000);
  return terminal;
}

/** The line being edited: the last line of the screen that holds the prompt. */
const commandLine = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => l.includes('READY> '))
    .at(-1) ?? '';

describe.each(['bash', 'zsh', 'fish'] as const)('%s at 80 columns, TAB pressed', (shell) => {
  let terminal: Terminal;

  beforeAll(async () => {
    terminal = await open(shell);
  }, 90_000);

  it('completes an app id from the service', async () => {
    const screen = await terminal.complete('secscan findings list --app pay', /--app payments-api/);
    expect(commandLine(screen)).toContain('secscan findings list --app payments-api');
  }, 90_000);

  it('lists the app ids when several match', async () => {
    const both = /(?=[\s\S]*payments-api)(?=[\s\S]*shiftleft-java-demo)/;
    const screen = await terminal.complete('secscan apps show ', both);
    expect(screen).toContain('payments-api');
    expect(screen).toContain('shiftleft-java-demo');
  }, 90_000);

  it('completes a profile name', async () => {
    const screen = await terminal.complete('secscan --profile sta', /--profile staging/);
    expect(commandLine(screen)).toContain('secscan --profile staging');
  }, 90_000);

  it('completes a field name of the command, after a comma', async () => {
    const screen = await terminal.complete('secscan findings list --fields id,sev', /id,severity/);
    expect(commandLine(screen)).toContain('--fields id,severity');
  }, 90_000);

  it('completes a compound name and a help topic', async () => {
    expect(commandLine(await terminal.complete('secscan compounds show sh', /show shop/))).toContain(
      'compounds show shop',
    );
    expect(commandLine(await terminal.complete('secscan help envi', /help environment/))).toContain(
      'secscan help environment',
    );
  }, 90_000);

  it('completes teams, users, groups, SAML configurations and policies from the service', async () => {
    const line = async (text: string, expected: RegExp) =>
      commandLine(await terminal.complete(text, expected));
    expect(await line('secscan teams show Pay', /show Payments/)).toContain('teams show Payments');
    expect(await line('secscan findings list --compound sh', /--compound shop/)).toContain('--compound shop');
    expect(await line('secscan saml show cor', /show corp-sso/)).toContain('saml show corp-sso');
    // An e-mail with its @ already typed (bash splits the word there), and as an option's value.
    expect(await line('secscan users update member@in', /member@initech\.example/)).toContain(
      'users update member@initech.example',
    );
    expect(await line('secscan teams update Web --add-member pow', /power-user@/)).toContain(
      '--add-member power-user@initech.example',
    );
    // A group name with a blank stays one word.
    expect(await line('secscan groups show Secu', /Security\\ Champions/)).toContain(
      'groups show Security\\ Champions',
    );
    // NAME[:TAG] of --policy: bash splits the word at the colon.
    expect(await line('secscan scans check --policy release:l', /release:latest/)).toContain(
      '--policy release:latest',
    );
  }, 60_000);

  it("offers the command's own output formats", async () => {
    const both = /(?=[\s\S]*\bjunit\b)(?=[\s\S]*\bjson\b)/;
    expect(await terminal.complete('secscan scans check -o j', both)).toMatch(/junit/);
  }, 90_000);

  it('never prints an error into the prompt', async () => {
    const screen = terminal.screen();
    expect(screen).not.toMatch(/error|warning|Traceback|node:/i);
  });
});

describe('a TAB against a service that does not answer', () => {
  let server: Server;
  const open: Socket[] = [];

  beforeAll(async () => {
    server = createServer((s) => open.push(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const s of open) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  // How fast a TAB returns is measured by bench/startup.mjs; here, what it waits for: not the network.
  it('returns with nothing printed once its bounded wait is over, leaving the refresh to a process of its own that gives up', async () => {
    const port = (server.address() as { port: number }).port;
    const config = join(temp, 'blackhole');
    const settings = {
      SECSCAN_CONFIG_DIR: config,
      SECSCAN_BASE_URL: `http://127.0.0.1:${port}`,
      SECSCAN_TOKEN: sandbox.token,
      SECSCAN_ORG_ID: sandbox.orgId,
    };
    const result = spawnSync(process.execPath, [bin, '__complete', 'app'], {
      env: { ...env, ...settings },
      encoding: 'utf8',
    });
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const cache = join(config, 'completion');
    const dir = join(cache, readdirSync(cache)[0] as string);
    // The TAB is over while the refresh still holds its lock and its unanswered request: it did not wait for
    // the network, only its bounded second for a first list.
    expect(existsSync(join(dir, 'app.json.refresh'))).toBe(true);
    // The refresh (4 s request timeout) writes an empty list to retry later, and releases its lock.
    const end = Date.now() + 20_000;
    while (existsSync(join(dir, 'app.json.refresh')) || !existsSync(join(dir, 'app.json'))) {
      if (Date.now() > end) throw new Error('the background refresh did not give up');
      await sleep(200);
    }
    expect(open.length).toBeGreaterThan(0);
  }, 40_000);
});
