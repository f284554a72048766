import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, isolatedEnv, type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * The progress line of a whole-organization command (issue 33), as a person at an 80-column terminal sees
 * it: `stats` over 85 apps (80 and the demo's) at the sandbox's 20 requests a second (four seconds of work), under a
 * pseudo-terminal (util-linux `script`), its table written to a file. The line shows while the run goes,
 * fits the width, is cleared at the end, and the file holds what a piped run prints.
 */
let sandbox: RunningSandbox;
const config = isolatedEnv();

beforeAll(async () => {
  sandbox = await startSandbox(['--apps', '80', '--rate-limit', '20/s']);
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  config.cleanup();
});

const settings = () => ({
  ...config.env,
  SECSCAN_BASE_URL: sandbox.baseUrl,
  SECSCAN_ORG_ID: sandbox.orgId,
  SECSCAN_TOKEN: sandbox.token,
});

describe('the progress of stats on a terminal', () => {
  it('shows apps done, requests, rate and time left, then clears; the output is that of a pipe', async () => {
    const out = join(config.dir, 'stats.json');
    const child = execa(
      'script',
      ['-qec', `stty cols 80 rows 30; node '${bin}' stats -o json > '${out}'`, '/dev/null'],
      { env: { ...settings(), TERM: 'xterm-256color' }, extendEnv: false, reject: false, stdin: 'ignore' },
    );
    let screen = '';
    const line =
      /Counting findings: [\d,]+ of [\d,]+ apps · [\d,]+ requests · [\d.]+\/s · ETA (\d+s|\d+m\d\ds)/;
    // Waits on the text, never on a time: the run ends with the text seen or not.
    const seen = await new Promise<boolean>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        screen += chunk.toString();
        if (line.test(screen)) resolve(true);
      });
      void child.then(() => resolve(line.test(screen)));
    });
    expect(seen, `the progress line on the terminal:\n${JSON.stringify(screen)}`).toBe(true);
    const run = await child;
    expect(run.exitCode).toBe(0);
    // Each drawing of the line fits 80 columns (one short, so it never wraps); the last clears it.
    const drawn = String(run.stdout).split('\r\u001b[2K').slice(1);
    expect(drawn.length).toBeGreaterThan(1);
    for (const text of drawn) expect(text.replace(/\r?\n$/, '').length).toBeLessThan(80);
    expect(drawn.at(-1)?.trim()).toBe('');
    // What was written to the file is what a pipe gets: the progress went to the terminal only.
    const piped = await secscan(['stats', '-o', 'json'], settings());
    expect(piped.exitCode).toBe(0);
    expect(piped.stderr).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(`${String(piped.stdout)}\n`);
    const rows = JSON.parse(String(piped.stdout)) as { is_total: boolean; apps?: number }[];
    expect(rows.at(-1)).toMatchObject({ is_total: true, apps: 85 });
  }, 120_000);
});
