import { describe, expect, it } from 'vitest';
import { requestedNoun } from '../../src/program.js';

describe('requestedNoun', () => {
  it.each([
    [['tokens', 'list'], 'tokens'],
    [['-o', 'json', 'roles', 'list'], 'roles'],
    [['--profile', 'ci', '--debug', 'whoami'], 'whoami'],
    [['--fields', 'id', '--org', 'x', 'scopes'], 'scopes'],
    [['--', 'api'], 'api'],
    [['--debug'], undefined],
  ])('%j -> %s', (argv, noun) => {
    expect(requestedNoun(argv)).toBe(noun);
  });
});
