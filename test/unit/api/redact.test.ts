import { describe, expect, it } from 'vitest';
import { maskSecret, redactJson, redactText } from '../../../src/api/redact.js';

describe('redactJson', () => {
  it('replaces secret-looking string fields at any depth and keeps the rest', () => {
    const input = { id: 't1', value: 'secret-value', nested: [{ token: 'abc', Password: 'p', label: 'ci' }] };
    expect(redactJson(input)).toEqual({
      id: 't1',
      value: '[redacted]',
      nested: [{ token: '[redacted]', Password: '[redacted]', label: 'ci' }],
    });
    expect(input.value).toBe('secret-value');
  });
});

describe('maskSecret', () => {
  it('keeps only the last four characters', () => {
    expect(maskSecret('abcdefghijkl')).toBe('****ijkl');
    expect(maskSecret('short')).toBe('****');
    expect(maskSecret(undefined)).toBe('(none)');
  });
});

describe('redactText', () => {
  it('removes every occurrence of a secret of six or more characters', () => {
    expect(redactText('a sekret1 b sekret1', ['sekret1'])).toBe('a [redacted] b [redacted]');
    expect(redactText('abc', ['abc'])).toBe('abc');
  });
});
