import { describe, expect, it } from 'vitest';
import { openerCommand } from '../../../src/util/open-url.js';

const url = 'https://example.test/consent?a=1&b=2';

describe('openerCommand', () => {
  it.each([
    ['linux', ['xdg-open', [url]]],
    ['darwin', ['open', [url]]],
    ['win32', ['rundll32', ['url.dll,FileProtocolHandler', url]]],
  ] as const)('uses the platform opener on %s, the address one argument', (platform, expected) => {
    expect(openerCommand(url, {}, platform)).toEqual(expected);
  });

  it('prefers $BROWSER: the address appended, or put where %s is', () => {
    expect(openerCommand(url, { BROWSER: 'firefox --new-tab' }, 'linux')).toEqual([
      'firefox',
      ['--new-tab', url],
    ]);
    expect(openerCommand(url, { BROWSER: 'w3m %s -dump' }, 'darwin')).toEqual(['w3m', [url, '-dump']]);
    expect(openerCommand(url, { BROWSER: '  ' }, 'linux')).toEqual(['xdg-open', [url]]);
  });
});
