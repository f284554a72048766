import { describe, expect, it } from 'vitest';
import { cycles, importGraph, sourceFiles } from '../../helpers/imports.js';

const graph = importGraph(sourceFiles(['src', 'packages/api/src', 'packages/sandbox/src']));

describe('the import graph of the CLI and the workspace packages', () => {
  it('has no cycle, type-only and dynamic imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('is read whole: the imports of the workspace packages resolve to their source', () => {
    expect(graph.get('src/errors.ts')).toContain('packages/api/src/rules/error.ts');
    expect(graph.get('src/commands/sandbox/index.ts')).toContain('packages/sandbox/src/index.ts');
  });

  it('would report a cycle', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(cycles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
