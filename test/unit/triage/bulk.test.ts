import { describe, expect, it } from 'vitest';
import { applyGroups } from '../../../src/triage/apply.js';
import { stoppedNote } from '../../../src/triage/ids.js';
import { ExitCode, RejectedError, TransientError } from '../../../src/errors.js';

describe('applyGroups: a bulk change in batches', () => {
  it('sends nothing after the first failure; each id ends done, failed, unknown or not sent', async () => {
    const sent: string[][] = [];
    const run = await applyGroups([['1', '2'], ['3', '4'], ['5']], 1, async (group) => {
      sent.push(group);
      if (group.includes('3')) throw new TransientError('lost');
    });
    expect(sent).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(Object.fromEntries(run.outcomes)).toEqual({
      '1': 'done',
      '2': 'done',
      '3': 'unknown',
      '4': 'unknown',
      '5': 'not sent',
    });
    expect(run.error?.message).toBe('lost');
    expect(stoppedNote(run, 'a', 'set fixed')).toBe(
      'Stopped part-way: set fixed on 2 of 5 findings of a; answer lost (may have changed): 3, 4; not sent: 5.',
    );
  });

  it('a refusal (4xx) applied nothing; requests in flight finish', async () => {
    const run = await applyGroups([['1'], ['2'], ['3'], ['4']], 2, async ([id]) => {
      if (id === '1') throw new RejectedError('locked', ExitCode.rejected, 409, undefined);
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(Object.fromEntries(run.outcomes)).toEqual({
      '1': 'failed',
      '2': 'done',
      '3': 'not sent',
      '4': 'not sent',
    });
  });

  it('all done: no error', async () => {
    const run = await applyGroups([['1'], ['2']], 4, async () => undefined);
    expect(run.error).toBeUndefined();
    expect([...run.outcomes.values()]).toEqual(['done', 'done']);
  });
});
