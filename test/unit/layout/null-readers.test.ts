import { beforeAll, describe, expect, it } from 'vitest';
import { readArguments, readVerbs } from '../../helpers/read-commands.js';
import { accessReaders, analysisReaders, notDriven, verbOf } from '../../e2e/null-readers.js';

/**
 * Every read verb of the manifest reaches the null-answer suites: by a reader of test/e2e/null-readers.ts,
 * by one derived from its arguments in test/helpers/read-commands.ts, or named in `notDriven` with the
 * reason. A verb skipped by the contract and fail-safe suites is not derived: it needs a reader or a reason.
 */
describe('the null-answer readers', () => {
  let verbs: string[];
  let driven: Set<string | undefined>;
  beforeAll(async () => {
    verbs = await readVerbs();
    driven = new Set([...analysisReaders, ...accessReaders].map(({ argv }) => verbOf(argv, verbs)));
  });

  it('reach every read verb, or say why not', () => {
    const derivable = (v: string) => {
      const args = readArguments[v];
      return args !== undefined && !('skip' in args);
    };
    expect(verbs.filter((v) => !driven.has(v) && notDriven[v] === undefined && !derivable(v))).toEqual([]);
  });

  it('run only read verbs of the manifest', () => {
    const strays = [...analysisReaders, ...accessReaders].filter(({ argv }) => !verbOf(argv, verbs));
    expect(strays.map(({ argv }) => argv.join(' '))).toEqual([]);
  });

  it('give a reason for each verb not driven, and only for read verbs that are not', () => {
    for (const [path, reason] of Object.entries(notDriven)) {
      expect(verbs, `${path}: not a read verb of the manifest`).toContain(path);
      expect(driven.has(path), `${path}: driven, yet said not to be`).toBe(false);
      expect(reason.length, `${path}: the reason`).toBeGreaterThan(20);
    }
  });
});
