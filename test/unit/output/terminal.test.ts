import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chalk } from 'chalk';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputClosedError } from '../../../src/errors.js';
import { humanFindings } from '../../../src/output/export/gate.js';
import { ListingProgress } from '../../../src/output/core/listing-progress.js';
import { PagerStream, pagerCommand, pagerFound } from '../../../src/output/core/pager.js';
import type { GateReport } from '../../../src/gate/report.js';
import { proseLines } from '../../../src/streams/stderr.js';

const temp = mkdtempSync(join(tmpdir(), 'secscan-terminal-unit-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const plain = new Chalk({ level: 0 });
/** Every word of `text`, whole, in order: what wrapping between words keeps. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('prose on a terminal', () => {
  it('a notice wraps between words at the width, the lines after the first under its text', () => {
    const message =
      'the pager "most -s" (SECSCAN_PAGER) was not found: output is not paged, and this sentence goes on';
    const text = proseLines(message, 'warning: ', 40);
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {9}\S/);
    expect(words(text)).toEqual(words(`warning: ${message}`));
    // Not a terminal: one line, as it is.
    expect(proseLines(message, 'warning: ')).toBe(`warning: ${message}\n`);
  });

  it("the gate's top findings: titles go on under themselves, a path is never broken", () => {
    const path = 'src/main/java/io/shiftleft/util/a/rather/long/path/to/Crypto.java:264';
    const report = {
      rules: [{ rule: 'no-high', matched: 2, reachable: 0, threshold: 0, over: 2, result: 'fail' }],
      findings: {
        'no-high': [
          {
            id: 5,
            severity: 'high',
            title: 'XML External Entity processing enabled',
            app: 'web',
            location: path,
          },
          { id: 10, severity: 'critical', title: 'Short', app: 'web', location: 'pom.xml:7' },
        ],
      },
    } as unknown as GateReport;
    const text = humanFindings(report, plain, 60);
    const lines = text.trimEnd().split('\n');
    for (const line of lines) expect(line.length <= 60 || line.trim() === path + ')').toBe(true);
    expect(lines).toContain('  #5   high      XML External Entity processing enabled');
    const under = ' '.repeat('  #5   high      '.length);
    expect(lines).toContain(`${under}(web`);
    expect(lines).toContain(`${under}${path})`);
    // What fits stays on one line; ids are aligned.
    expect(lines).toContain('  #10  critical  Short  (web pom.xml:7)');
    // Not a terminal: one line a finding.
    expect(humanFindings(report, plain)).toContain(
      `  #5   high      XML External Entity processing enabled  (web ${path})`,
    );
  });
});

describe('the progress of a long listing', () => {
  it('shows nothing within the first second, then pages, rows and time; cleared at the end', () => {
    let now = 0;
    const written: string[] = [];
    const stream = { columns: 80, write: (s: string) => written.push(s) } as unknown as NodeJS.WritableStream;
    const progress = new ListingProgress(stream, () => now);
    progress.page();
    for (let i = 0; i < 250; i++) progress.row();
    expect(written).toEqual([]);
    now = 1500;
    progress.page();
    expect(written.at(-1)).toBe(
      '\r\u001b[2KListing: 2 pages read, 250 rows · 0.7 pages/s · 1s · Ctrl-C stops',
    );
    for (let i = 0; i < 2000; i++) progress.row();
    now = 75_000;
    // No page in the last few seconds: a rate of none.
    expect(progress.text()).toBe('Listing: 2 pages read, 2,250 rows · 0.0 pages/s · 1m15s · Ctrl-C stops');
    progress.stop();
    expect(written.at(-1)).toBe('\r\u001b[2K');
    progress.page();
    expect(written.at(-1)).toBe('\r\u001b[2K');
  });
});

describe('the pager', () => {
  it('is SECSCAN_PAGER, then PAGER, then less; none when empty or cat', () => {
    expect(pagerCommand({ SECSCAN_PAGER: 'most -s', PAGER: 'more' })).toBe('most -s');
    expect(pagerCommand({ PAGER: 'more' })).toBe('more');
    expect(pagerCommand({})).toBe('less');
    expect(pagerCommand({ SECSCAN_PAGER: '', PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ PAGER: 'cat' })).toBeUndefined();
    expect(pagerFound('sh -c true', { PATH: process.env.PATH })).toBe(true);
    expect(pagerFound('no-such-pager-anywhere', { PATH: process.env.PATH })).toBe(false);
  });

  const open = (command: string) => {
    const sink = openSync(join(temp, 'screen'), 'w');
    let started = 0;
    const pager = new PagerStream(command, {
      env: { PATH: process.env.PATH },
      stdout: sink,
      stderr: sink,
      onStart: () => started++,
    });
    return { pager, started: () => started, done: () => closeSync(sink) };
  };

  it('starts at the first write with LESS=FRX and receives everything', async () => {
    const out = join(temp, 'paged');
    const { pager, started, done } = open(`sh -c 'echo "LESS=$LESS" > ${out}; cat >> ${out}'`);
    expect(started()).toBe(0);
    for (let i = 0; i < 1000; i++) pager.write(`row ${i}\n`);
    await pager.close();
    done();
    expect(started()).toBe(1);
    const text = readFileSync(out, 'utf8').split('\n');
    expect(text[0]).toBe('LESS=FRX');
    expect(text.slice(1, -1)).toHaveLength(1000);
  });

  it('quit before the end: the writes after it fail with OutputClosedError, nothing else', async () => {
    const { pager, done } = open('head -c 10 > /dev/null');
    const failed = new Promise<unknown>((resolve) => pager.once('error', resolve));
    const line = `${'x'.repeat(1023)}\n`;
    // Written until the pipe is found closed, as a listing goes on writing rows (waiting for the pager to
    // read when its pipe is full).
    let over = false;
    void failed.then(() => (over = true));
    const writing = (async () => {
      for (let i = 0; i < 100_000 && !over; i++) {
        if (!pager.write(line)) await Promise.race([once(pager, 'drain'), failed]);
        else await Promise.resolve();
      }
    })();
    expect(await failed).toBeInstanceOf(OutputClosedError);
    await writing;
    await pager.close();
    done();
  });
});
