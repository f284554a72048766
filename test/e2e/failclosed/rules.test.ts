import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostile, rawInData, secscan, server, useHostileService, work } from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan rules`. */
useHostileService();

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it('rules convert: a rules file’s text is escaped in JSON and YAML too', async () => {
    writeFileSync(
      join(work, 'hostile-rules.yml'),
      `rules:\n  - id: ${JSON.stringify(`a${hostile}`)}\n    tags:\n      severity: [critical]\n`,
    );
    for (const format of [[], ['-o', 'json']]) {
      const r = await secscan(['rules', 'convert', 'hostile-rules.yml', ...format]);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toMatch(rawInData);
      expect(r.stdout).toContain('\\u202e');
    }
  });
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([[['rules', 'convert', 'bad.yml'], 3, 'bad.yml:1: not valid YAML']] as const)(
    '%j is exit %i',
    async (argv, code, message) => {
      const r = await secscan([...argv]);
      expect(r.exitCode).toBe(code);
      expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
      expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
      expect(server.requests).toEqual([]);
    },
  );
});
