import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from '../../helpers/imports.js';

/**
 * A noun's `internal/` holds the few helpers its verbs share. Past about 300 lines it has become an engine
 * (the SBOM, the webhook receiver, the raw API exchange were): that goes to a room of its own under src/
 * (CONTRIBUTING, "When logic leaves a verb"). The failure names the folder and its files, largest first.
 */
const internalBound = 300;

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('src/commands/**/internal/', () => {
  it(`holds at most ${internalBound} lines per noun`, () => {
    const byDir = new Map<string, { file: string; lines: number }[]>();
    for (const file of sourceFiles(['src/commands'])) {
      const rel = relative(repoRoot, file);
      const at = rel.indexOf('/internal/');
      if (at < 0) continue;
      const dir = rel.slice(0, at + '/internal'.length);
      byDir.set(dir, [...(byDir.get(dir) ?? []), { file: relative(dir, rel), lines: lines(file) }]);
    }
    expect(byDir.size).toBeGreaterThan(0);
    const over = [...byDir]
      .map(([dir, files]) => ({ dir, files, total: files.reduce((n, f) => n + f.lines, 0) }))
      .filter((d) => d.total > internalBound)
      .map(
        (d) =>
          `${d.dir}: ${d.total} lines (${d.files
            .sort((a, b) => b.lines - a.lines)
            .map((f) => `${f.file} ${f.lines}`)
            .join(', ')}): an engine, move it to src/<room>/`,
      );
    expect(over).toEqual([]);
  });
});
