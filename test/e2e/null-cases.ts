import { expect } from 'vitest';
import type { Operation } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import { schemasOf } from '@secscan/api/operations/schemas';
import { nullAt, pathPattern, shapedPaths } from '../helpers/schema-paths.js';
import type { RewritingService } from './rewrite.js';

/**
 * Issue 18, item 1, end to end: a command, and the operations whose answers it reads (in the seeded
 * sandbox). Each place of those answers where a list, an object or a map is due (found by walking the
 * response schemas, see test/helpers/schema-paths.ts) becomes one case: that place set to null must make
 * the command exit 8 naming the operation and the place, printing nothing.
 */
export interface Reader {
  /**
   * `{n}` is replaced by a number new to each run (a write that must not find its own earlier result),
   * `{dir}` by the scratch directory (where the suite writes the files the commands read), `{alt:A|B}` by A
   * and B in turn (a change that must change something each time).
   */
  argv: string[];
  ops: OperationId[];
  /** Places the sandbox's answer never holds (a list it always leaves empty here); each says why. */
  skip?: Record<string, string>;
}

export interface NullCase {
  title: string;
  argv: string[];
  op: OperationId;
  path: string;
  /** The payload is a union: zod names no place, only "invalid input". */
  union: boolean;
}

/** Every case of these readers: one per (command, operation, place). */
export async function nullCases(readers: readonly Reader[]): Promise<NullCase[]> {
  const cases: NullCase[] = [];
  for (const reader of readers) {
    for (const op of reader.ops) {
      const { response } = await schemasOf(operations[op] as Operation);
      if (!response) throw new Error(`${op} has no response schema: nothing to spoil`);
      const union = (response as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'union';
      for (const { path } of shapedPaths(response)) {
        if (reader.skip?.[path] !== undefined) continue;
        const title = `${reader.argv.join(' ')}: ${op} ${path || '(the payload)'} null`;
        cases.push({ title, argv: reader.argv, op, path, union });
      }
    }
  }
  return cases;
}

let runs = 0;

/** Runs one case and checks the outcome. */
export async function expectRefused(service: RewritingService, c: NullCase, stdin?: string): Promise<void> {
  const n = String(++runs);
  service.rewrite = {
    op: c.op,
    spoil: (holder) => nullAt(holder, c.path ? `response.${c.path}` : 'response'),
  };
  let result;
  try {
    result = await service.run(
      c.argv.map((a) =>
        a
          .replaceAll('{n}', n)
          .replaceAll('{dir}', service.dir)
          .replace(/\{alt:([^|}]*)\|([^}]*)\}/g, (_, odd: string, even: string) => (runs % 2 ? odd : even)),
      ),
      stdin,
    );
  } finally {
    service.rewrite = undefined;
  }
  expect([...service.answered], `${c.op} was not called`).toContain(c.op);
  expect(service.spoiled, `the answer of ${c.op} has no place ${c.path} to spoil`).toBeGreaterThan(0);
  const where = c.path ? ` at ${pathPattern(c.path)}` : '';
  const line = result.stderr.split('\n').find((l) => l.startsWith('error: ')) ?? result.stderr;
  expect({ code: result.code, stdout: result.stdout, line }).toEqual({
    code: 8,
    stdout: '',
    line: expect.stringMatching(
      new RegExp(`^error: ${c.op}: unexpected response(${where}${c.union ? ')?' : ')'}: `),
    ),
  });
}
