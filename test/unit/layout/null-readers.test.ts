import { beforeAll, describe, expect, it } from 'vitest';
import { readVerbs } from '../../helpers/read-commands.js';
import { accessReaders, analysisReaders, notDriven } from '../../e2e/null-readers.js';

/** The command path a reader runs: its words before the first option or argument the verb takes. */
const driven = (verbs: readonly string[]) =>
  new Set(
    [...analysisReaders, ...accessReaders].flatMap(({ argv }) => {
      const words = argv.filter((a) => a !== '--org');
      // The longest read verb its words begin with.
      const match = verbs
        .filter((v) => v.split(' ').every((w, i) => words[i] === w))
        .sort((a, b) => b.length - a.length)[0];
      return match ? [match] : [];
    }),
  );

/**
 * Every read verb of the manifest is driven by a null-answer suite (test/e2e/null-readers.ts) or named in its
 * `notDriven` with the reason: a read command added later is named here until it is one or the other.
 */
describe('the null-answer readers', () => {
  let verbs: string[];
  beforeAll(async () => {
    verbs = await readVerbs();
  });

  it('drive every read verb, or say why not', () => {
    const covered = driven(verbs);
    expect(verbs.filter((v) => !covered.has(v) && notDriven[v] === undefined)).toEqual([]);
  });

  it('run only read verbs of the manifest', () => {
    const words = [...analysisReaders, ...accessReaders].map(({ argv }) => argv.join(' '));
    const covered = driven(verbs);
    expect(words.filter((w) => ![...covered].some((v) => w.replace(/^--org /, '').startsWith(v)))).toEqual(
      [],
    );
  });

  it('give a reason for each verb not driven, and only for read verbs that are not', () => {
    const covered = driven(verbs);
    for (const [path, reason] of Object.entries(notDriven)) {
      expect(verbs, `${path}: not a read verb of the manifest`).toContain(path);
      expect(covered.has(path), `${path}: driven, yet said not to be`).toBe(false);
      expect(reason.length, `${path}: the reason`).toBeGreaterThan(20);
    }
  });
});
