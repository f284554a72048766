import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../src/gate/wait.js';
import { describeSelector } from '../../../src/gate/selector.js';
import { shortVersion } from '../../../src/util/short-version.js';

describe('the wait’s words', () => {
  it.each([
    [0, '0s'],
    [999, '0s'],
    [45_000, '45s'],
    [60_000, '1m'],
    [130_000, '2m10s'],
    [3_600_000, '1h'],
    [3_900_000, '1h5m'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('a commit SHA is shown as git shows it; other versions as they are', () => {
    expect(shortVersion('4f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39')).toBe('4f2a9c1');
    expect(shortVersion('v1.4.0')).toBe('v1.4.0');
    expect(describeSelector({ kind: 'version', version: 'v1.4.0' })).toBe('the scan of v1.4.0');
    expect(describeSelector({ kind: 'scan', id: '31' })).toBe('scan 31');
    expect(describeSelector({ kind: 'tag', key: 'pipeline', value: '88' })).toBe(
      'the scan tagged pipeline=88',
    );
  });
});
