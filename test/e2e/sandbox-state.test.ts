import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan, startSandbox } from './sandbox.js';

const work = mkdtempSync(join(tmpdir(), 'secscan-e2e-state-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Records a scan through the control route; returns its id. */
async function scan(sandbox: RunningSandbox, count: number): Promise<string> {
  const res = await fetch(`${sandbox.baseUrl}/_sandbox/scans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ app: 'shiftleft-java-demo', new: [{ severity: 'high', count }] }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { response: { scans: { id: string }[] } };
  return body.response.scans[0]?.id as string;
}

const scanIds = (path: string): string[] => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')).analysis.scans.map((s: { id: unknown }) => String(s.id));
  } catch {
    return [];
  }
};

describe('sandbox --state', () => {
  it('a SIGKILL once the write is done loses nothing; no temporary file is left', async () => {
    const path = join(work, 'killed.json');
    const sandbox = await startSandbox(['--state', path]);
    const id = await scan(sandbox, 3);
    // Written in the background shortly after the change: wait for it, then kill as a crash would.
    while (!scanIds(path).includes(id)) await new Promise((resolve) => setTimeout(resolve, 10));
    await sandbox.kill('SIGKILL');
    expect(readdirSync(work).filter((f) => f.startsWith('killed.json'))).toEqual(['killed.json']);
    const again = await startSandbox(['--state', path]);
    const config = isolatedEnv({
      ...again.settings,
    });
    try {
      const listed = await secscan(
        ['scans', 'list', '--app', 'shiftleft-java-demo', '-o', 'json'],
        config.env,
      );
      expect(listed.exitCode).toBe(0);
      expect(JSON.parse(String(listed.stdout)).map((s: { id: unknown }) => String(s.id))).toContain(id);
    } finally {
      await again.stop();
      config.cleanup();
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s right after a change writes it before exiting',
    async (signal) => {
      const path = join(work, `${signal}.json`);
      const sandbox = await startSandbox(['--state', path]);
      const ids = [await scan(sandbox, 2), await scan(sandbox, 2)];
      await sandbox.kill(signal);
      expect(scanIds(path)).toEqual(expect.arrayContaining(ids));
    },
  );
});
