import { beforeAll, describe, expect, it } from 'vitest';
import { readArguments, readVerbs } from '../../helpers/read-commands.js';

/**
 * The read verbs (every operation a GET) come from the manifest; how the contract and fail-safe suites drive
 * each is in test/helpers/read-commands.ts, keyed by command path. A read verb without arguments there or a
 * stated reason to skip it is named here, so no read command is silently left out of both suites.
 */
describe('the read commands', () => {
  let verbs: string[];
  beforeAll(async () => {
    verbs = await readVerbs();
  });

  it('every read verb has arguments or a stated reason to skip it in test/helpers/read-commands.ts', () => {
    expect(verbs.filter((path) => readArguments[path] === undefined)).toEqual([]);
  });

  it('names only read verbs of the manifest', () => {
    expect(Object.keys(readArguments).filter((path) => !verbs.includes(path))).toEqual([]);
  });

  it('gives each skip a reason and each driven verb at least one argument list', () => {
    for (const [path, args] of Object.entries(readArguments)) {
      if ('skip' in args) expect(args.skip.length, `${path}: the reason to skip`).toBeGreaterThan(20);
      else expect(args.length, `${path}: no argument list`).toBeGreaterThan(0);
    }
  });
});
