import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, secscanShim, startSandbox } from './sandbox.js';

/**
 * A list a person can read (issue 22), as a person sees it: the built binary in bash in tmux at 80 columns
 * (our own tmux server, `tmux -L`), the screen read until it shows what is awaited. Two sandboxes: the demo
 * organization, and one with 20,000 findings answered with 100 ms of latency. The pager is a script that
 * records that it ran (and the LESS it was given) and then shows its input.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-terminal-'));
const socket = `secscan-listing-${process.pid}`;
const session = 'listing';
const pagerLog = join(temp, 'pager.log');
let demo: RunningSandbox;
let big: RunningSandbox;
let env: Record<string, string>;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', env });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const screen = () => tmux('capture-pane', '-p', '-t', session);

async function waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 30_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const now = screen();
    if (test(now)) return now;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the screen:\n${now}`);
    await sleep(50);
  }
}

let runs = 0;
/** Types a command on a cleared screen; its end is a line `[N:status]` the returned mark matches. */
async function type(command: string): Promise<RegExp> {
  runs++;
  tmux('send-keys', '-t', session, '-l', `clear; ${command}; echo "[${runs}:$?]"\n`);
  return new RegExp(`^\\[${runs}:(\\d+)\\]$`, 'm');
}

async function finished(
  mark: RegExp,
  what: string,
  timeoutMs?: number,
): Promise<{ screen: string; status: number }> {
  const shown = await waitFor((s) => mark.test(s), what, timeoutMs);
  await waitFor((s) => /READY> $/.test(s.trimEnd() + ' '), 'the prompt after the command');
  return { screen: shown, status: Number(mark.exec(shown)?.[1]) };
}

const pagerRuns = () =>
  existsSync(pagerLog) ? readFileSync(pagerLog, 'utf8').split('\n').filter(Boolean) : [];

beforeAll(async () => {
  if (spawnSync('tmux', ['-V']).error) throw new Error('tmux is not installed: apt-get install -y tmux');
  [demo, big] = await Promise.all([
    startSandbox(),
    startSandbox(['--findings', '20000', '--latency', '100']),
  ]);
  const shims = join(temp, 'bin');
  secscanShim(shims);
  const pager = join(temp, 'fake-pager');
  writeFileSync(pager, `#!/bin/sh\necho "ran LESS=$LESS" >> '${pagerLog}'\nexec cat\n`);
  chmodSync(pager, 0o755);
  const config = join(temp, 'config');
  mkdirSync(config, { mode: 0o700 });
  const profile = (s: RunningSandbox) => ({ base_url: s.baseUrl, org_id: s.orgId, token: s.token });
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({ current_profile: 'demo', profiles: { demo: profile(demo), big: profile(big) } }),
    { mode: 0o600 },
  );
  env = {
    PATH: `${shims}:${process.env.PATH}`,
    HOME: temp,
    SECSCAN_CONFIG_DIR: config,
    SECSCAN_PAGER: pager,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    TMUX_TMPDIR: temp,
  };
  tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '30', 'bash', '--noprofile', '--norc', '-i');
  tmux('send-keys', '-t', session, '-l', `PS1='READY> '\n`);
  await waitFor((s) => /READY> $/.test(s.trimEnd() + ' '), 'bash to start');
}, 60_000);

afterAll(async () => {
  spawnSync('tmux', ['-L', socket, 'kill-session', '-t', session], { env });
  await Promise.all([demo?.stop(), big?.stop()]);
  rmSync(temp, { recursive: true, force: true });
});

/** A row of a findings table: its id, then its severity. */
const row = /^\d+\s+(critical|high|medium|low|info)\s/;

/** The cells of one column of a table on the screen, from its header's position to the next header's. */
function column(lines: string[], name: string): string[] {
  const header = lines.findIndex((l) => /^ID\s+SEVERITY\s/.test(l));
  expect(header, `a table header on the screen:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
  const head = lines[header] as string;
  const start = head.indexOf(name);
  const next = head.slice(start + name.length).search(/\S/);
  const end = next < 0 ? undefined : start + name.length + next;
  return lines
    .slice(header + 1)
    .filter((l) => row.test(l))
    .map((l) => l.slice(start, end).trimEnd());
}

describe('findings at 80 columns in tmux', () => {
  it('shows the status, full e-mail addresses and titles of at least 30 characters', async () => {
    const mark = await type('secscan --profile demo findings list --app shiftleft-java-demo --limit 8');
    const { screen: shown, status } = await finished(mark, 'the listing');
    expect(status).toBe(0);
    const lines = shown.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    const titles = column(lines, 'TITLE');
    expect(titles.length).toBe(8);
    // A title cut short still shows at least 30 characters of itself.
    for (const title of titles) if (title.endsWith('…')) expect(title.length).toBeGreaterThanOrEqual(30);
    // The status stays, so a triaged finding never looks open: the assignee gives way before it.
    expect(column(lines, 'STATUS').every((s) => /^(unset|fixed|ignored|3rdparty)$/.test(s))).toBe(true);
    expect(shown).toMatch(
      /^Not shown at this width: TYPE, CATEGORY, ASSIGNEE \(--fields chooses the columns;$/m,
    );
    // An e-mail address is never cut: with fewer columns, it shows whole.
    const fewer = await type(
      'secscan --profile demo findings list --app shiftleft-java-demo --limit 8 --fields id,severity,title,assignee',
    );
    const { screen: narrow } = await finished(fewer, 'the listing of fewer columns');
    const emails = column(narrow.split('\n'), 'ASSIGNEE').filter(Boolean);
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) expect(email).toMatch(/^[a-z-]+@initech\.example$/);
  }, 60_000);

  it('shows the progress of --all over 20,000 findings before the listing ends', async () => {
    const mark = await type('secscan --profile big --no-pager findings list --app shiftleft-java-demo --all');
    const during = await waitFor(
      // The rate of pages; no time left, as the app's findings listing states no total (none is invented).
      (s) => /^Listing: [\d,]+ pages? read, [\d,]+ rows · [\d.]+ pages\/s · \d+s · Ctrl-C stops$/m.test(s),
      'the progress line',
    );
    expect(during).not.toMatch(mark);
    const { screen: after, status } = await finished(mark, 'the end of the listing', 120_000);
    expect(status).toBe(0);
    // The last rows are the oldest findings; the progress line is gone.
    expect(after).toMatch(/^2\s+high\s/m);
    expect(after).not.toContain('Listing:');
  }, 180_000);

  it('opens the pager for long output, and not for | cat', async () => {
    const before = pagerRuns().length;
    let mark = await type('secscan --profile demo findings list --all');
    let done = await finished(mark, 'the paged listing');
    expect(done.status).toBe(0);
    expect(pagerRuns().slice(before)).toEqual(['ran LESS=FRX']);
    // The organization's listing: each finding's app, last.
    expect(done.screen).toMatch(/^1\s+high\s+Hardcoded credential.*\sshiftleft-java-demo$/m);

    mark = await type('secscan --profile demo findings list --all | cat');
    done = await finished(mark, 'the piped listing');
    expect(done.status).toBe(0);
    expect(pagerRuns().length).toBe(before + 1);
    // Piped: every column of every row, nothing cut (tmux shows the tabs between them as spaces).
    expect(done.screen).toMatch(/^1\s+high\s+secret\s+Hardcoded credential: an API key in source code\s/m);
    // Each row ends with its app (the terminal wraps the long rows of a pipe: on a line of its own).
    expect(done.screen).toMatch(/\sshiftleft-java-demo$/m);
    expect(done.screen).not.toContain('…');
  }, 60_000);

  it('ends quietly with exit 0 when the pager is quit early', async () => {
    const mark = await type(
      "SECSCAN_PAGER='head -n 3' secscan --profile big findings list --app shiftleft-java-demo --all",
    );
    const { screen: shown, status } = await finished(mark, 'the run after its pager quit', 60_000);
    expect(status).toBe(0);
    expect(shown).toMatch(/^ID\s+SEVERITY\s/m);
    expect(shown).not.toMatch(/EPIPE|error|Error/);
    expect(shown.split('\n').filter((l) => row.test(l))).toHaveLength(2);
  }, 90_000);
});
