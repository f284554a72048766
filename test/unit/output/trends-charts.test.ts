import { describe, expect, it } from 'vitest';
import { bar, sparkline } from '../../../src/output/trends/charts.js';

describe('sparkline', () => {
  it('draws each value relative to the largest, in blocks or in ASCII', () => {
    expect(sparkline([0, 1, 2, 4, 8])).toBe('▁▁▂▄█');
    expect(sparkline([0, 1, 2, 4, 8], true)).toBe('__.~#');
    expect(sparkline([3, 3])).toBe('██');
    expect(sparkline([0, 0])).toBe('  ');
    expect(sparkline([])).toBe('');
  });
});

describe('bar', () => {
  it('fills eighths of a character, whole # in ASCII, never past the width', () => {
    expect(bar(10, 10, 4)).toBe('████');
    expect(bar(5, 10, 4)).toBe('██');
    expect(bar(1, 10, 4)).toBe('▍');
    expect(bar(3, 10, 4)).toBe('█▎');
    expect(bar(5, 10, 4, true)).toBe('##');
    expect(bar(0, 10, 4)).toBe('');
    expect(bar(1, 1000, 4)).toBe('▏');
  });
});
