import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from '../../helpers/imports.js';

const graph = importGraph(sourceFiles(['src', 'packages/api/src', 'packages/sandbox/src']));

/**
 * The imports from a file under `lower` (a folder, or one file) to one under `higher`: a lower layer that
 * reaches up. Type-only and dynamic imports count, as in the cycle test.
 */
function upward(edges: ReadonlyMap<string, readonly string[]>, lower: string, higher: string): string[] {
  const under = (file: string, place: string) => file === place || file.startsWith(`${place}/`);
  return [...edges].flatMap(([file, targets]) =>
    under(file, lower) ? targets.filter((t) => under(t, higher)).map((t) => `${file} -> ${t}`) : [],
  );
}

describe('the layers', () => {
  it('the output core imports nothing of the exporters (src/output/export composes the core)', () => {
    expect(upward(graph, 'src/output/core', 'src/output/export')).toEqual([]);
  });

  it('the sandbox’s state and its records (model/) import only records, never the areas that use them', () => {
    const sandbox = 'packages/sandbox/src';
    // integrations.ts holds the integrations section beside its helpers, and imports nothing of the sandbox.
    const records = [`${sandbox}/state.ts`, `${sandbox}/model`, `${sandbox}/integrations.ts`];
    const isRecord = (file: string) => records.some((r) => file === r || file.startsWith(`${r}/`));
    const reached = [...graph]
      .filter(([file]) => isRecord(file))
      .flatMap(([file, targets]) =>
        targets.filter((t) => t.startsWith(`${sandbox}/`) && !isRecord(t)).map((t) => `${file} -> ${t}`),
      );
    expect(reached).toEqual([]);
  });

  it('would find an import that reaches up', () => {
    const edges = new Map([
      ['src/output/core/result.ts', ['src/output/export/document.ts', 'src/output/core/view.ts']],
      ['src/output/export/run.ts', ['src/output/core/result.ts']],
    ]);
    expect(upward(edges, 'src/output/core', 'src/output/export')).toEqual([
      'src/output/core/result.ts -> src/output/export/document.ts',
    ]);
  });
});
