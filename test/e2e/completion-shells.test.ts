import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

const shells = {
  bash: {
    command: ['bash', '--norc', '--noprofile'],
    setup: `PS1='READY> '; source ${root}/completions/secscan.bash`,
  },
  zsh: {
    command: ['zsh', '-f'],
    setup: `PS1='READY> '; autoload -U compinit && compinit -u -D && source ${root}/completions/_secscan`,
  },
  fish: {
    command: ['fish', '--no-config', '-i'],
    setup: `function fish_prompt; echo -n 'READY> '; end; source ${root}/completions/secscan.fish`,
  },
} as const;

type Shell = keyof typeof shells;

class Terminal {
  constructor(readonly session: string) {}

  screen(): string {
    return tmux('capture-pane', '-p', '-t', this.session);
  }

  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the screen:\n${screen}`);
      await sleep(100);
    }
  }

  type(text: string): void {
    tmux('send-keys', '-t', this.session, '-l', text);
  }

  key(name: string): void {
    tmux('send-keys', '-t', this.session, name);
  }

  /** Types `text`, presses TAB (again, as a person would, until the screen shows `expected`). */
  async complete(text: string, expected: RegExp): Promise<string> {
    this.key('C-c');
    await this.waitFor((s) => /READY>\s*$/.test(s.trimEnd().split('\n').at(-1) ?? ''), 'a clean prompt');
    tmux('clear-history', '-t', this.session);
    this.type(text);
    for (let attempt = 0; attempt < 6; attempt++) {
      this.key('Tab');
      try {
        return await this.waitFor((s) => expected.test(s), `${expected} after "${text}" TAB`, 1500);
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
    throw new Error('unreachable');
  }
}

async function open(shell: Shell): Promise<Terminal> {
  const session = `${socket}-${shell}`;
  sessions.push(session);
  tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '30', ...shells[shell].command);
  const terminal = new Terminal(session);
  // Keys typed before the line editor starts may be dropped: wait for the shell's own prompt first.
  await terminal.waitFor((s) => s.trim() !== '', `${shell} to start`, 20_000);
  await sleep(500);
  terminal.type(shells[shell].setup);
  terminal.key('Enter');
  await terminal.waitFor((s) => s.split('\n').some((l) => /^READY>\s*$/.test(l)), `${shell} to load`, 20_000);
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
  }, 30_000);

  it('completes an app id from the service', async () => {
    const screen = await terminal.complete('secscan findings list --app pay', /--app payments-api/);
    expect(commandLine(screen)).toContain('secscan findings list --app payments-api');
  }, 30_000);

  it('lists the app ids when several match', async () => {
    const both = /(?=[\s\S]*payments-api)(?=[\s\S]*shiftleft-java-demo)/;
    const screen = await terminal.complete('secscan apps show ', both);
    expect(screen).toContain('payments-api');
    expect(screen).toContain('shiftleft-java-demo');
  }, 30_000);

  it('completes a profile name', async () => {
    const screen = await terminal.complete('secscan --profile sta', /--profile staging/);
    expect(commandLine(screen)).toContain('secscan --profile staging');
  }, 30_000);

  it('completes a field name of the command, after a comma', async () => {
    const screen = await terminal.complete('secscan findings list --fields id,sev', /id,severity/);
    expect(commandLine(screen)).toContain('--fields id,severity');
  }, 30_000);

  it('completes a compound name and a help topic', async () => {
    expect(commandLine(await terminal.complete('secscan compounds show sh', /show shop/))).toContain(
      'compounds show shop',
    );
    expect(commandLine(await terminal.complete('secscan help envi', /help environment/))).toContain(
      'secscan help environment',
    );
  }, 30_000);

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
  }, 30_000);

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

  function timed(
    args: string[],
    extra: Record<string, string>,
  ): { ms: number; stdout: string; stderr: string } {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { env: { ...env, ...extra }, encoding: 'utf8' });
    return {
      ms: Number(process.hrtime.bigint() - start) / 1e6,
      stdout: result.stdout,
      stderr: result.stderr,
    };
  }

  it('returns within 200 ms of starting Node, prints nothing, and the refresh gives up on its own', async () => {
    const port = (server.address() as { port: number }).port;
    const config = join(temp, 'blackhole');
    const settings = {
      SECSCAN_CONFIG_DIR: config,
      SECSCAN_BASE_URL: `http://127.0.0.1:${port}`,
      SECSCAN_TOKEN: sandbox.token,
      SECSCAN_ORG_ID: sandbox.orgId,
    };
    const baseline = Math.min(...[1, 2, 3].map(() => timed(['-e', '0'], {}).ms));
    const tab = Math.min(...[1, 2, 3].map(() => timed([bin, '__complete', 'app'], settings).ms));
    const result = timed([bin, '__complete', 'app'], settings);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
    expect(tab - baseline).toBeLessThan(200);
    const cache = join(config, 'completion');
    const dir = join(cache, readdirSync(cache)[0] as string);
    // The refresh (4 s request timeout) writes an empty list to retry later, and releases its lock.
    const end = Date.now() + 20_000;
    while (existsSync(join(dir, 'app.json.refresh')) || !existsSync(join(dir, 'app.json'))) {
      if (Date.now() > end) throw new Error('the background refresh did not give up');
      await sleep(200);
    }
    expect(open.length).toBeGreaterThan(0);
  }, 40_000);
});
