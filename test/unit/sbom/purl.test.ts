import { describe, expect, it } from 'vitest';
import { parsePurl, PurlError } from '../../../src/sbom/purl.js';

/** Package URLs as the purl specification reads them, and the one canonical form secscan writes. */

describe('parsePurl', () => {
  it.each([
    ['pkg:npm/lodash@4.17.21', 'pkg:npm/lodash@4.17.21', ['npm', '', 'lodash', '4.17.21']],
    ['pkg:npm/%40babel/core@7.0.0', 'pkg:npm/%40babel/core@7.0.0', ['npm', '@babel', 'core', '7.0.0']],
    ['pkg:npm/@babel/core@7.0.0', 'pkg:npm/%40babel/core@7.0.0', ['npm', '@babel', 'core', '7.0.0']],
    ['pkg:npm/@babel/core', 'pkg:npm/%40babel/core', ['npm', '@babel', 'core', '']],
    [
      'pkg:golang/golang.org/x/net@0.7.0',
      'pkg:golang/golang.org/x/net@0.7.0',
      ['golang', 'golang.org/x', 'net', '0.7.0'],
    ],
    [
      'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
      'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
      ['maven', 'org.apache.logging.log4j', 'log4j-core', '2.14.1'],
    ],
    [
      'pkg:deb/debian/openssl@1:3.0.7-1',
      'pkg:deb/debian/openssl@1:3.0.7-1',
      ['deb', 'debian', 'openssl', '1:3.0.7-1'],
    ],
    [
      'pkg:DEB/debian/openssl@3.0.7?Arch=amd64&distro=bookworm',
      'pkg:deb/debian/openssl@3.0.7?arch=amd64&distro=bookworm',
      ['deb', 'debian', 'openssl', '3.0.7'],
    ],
    [
      'pkg:pypi/django@1.11.1?b=2&a=1#src//./x/',
      'pkg:pypi/django@1.11.1?a=1&b=2#src/x',
      ['pypi', '', 'django', '1.11.1'],
    ],
    ['pkg://npm/lodash@1', 'pkg:npm/lodash@1', ['npm', '', 'lodash', '1']],
    ['pkg:generic/a%20b@1%2B2', 'pkg:generic/a%20b@1%2B2', ['generic', '', 'a b', '1+2']],
  ])('%s', (text, canonical, [type, namespace, name, version]) => {
    const purl = parsePurl(text);
    expect([purl.type, purl.namespace, purl.name, purl.version]).toEqual([type, namespace, name, version]);
    expect(purl.canonical).toBe(canonical);
    // The canonical form is a fixed point.
    expect(parsePurl(purl.canonical).canonical).toBe(canonical);
  });

  it.each([
    ['urn:secscan:app:a', 'it does not start with pkg:'],
    ['npm/lodash', 'it does not start with pkg:'],
    ['pkg:lodash', 'it has no type and name (pkg:TYPE/NAME)'],
    ['pkg:/lodash', 'it has no type and name (pkg:TYPE/NAME)'],
    ['pkg:1npm/lodash', 'its type is not one (letters, digits, . + -)'],
    ['pkg:npm/', 'it has no name'],
    ['pkg:npm/@1.0.0', 'it has no name'],
    ['pkg:npm/%E0%A4%A', 'its name has a bad percent-encoding'],
    ['pkg:npm/lodash@%zz', 'its version has a bad percent-encoding'],
    ['pkg:npm/lodash@1%', 'its version has a bad percent-encoding'],
    ['pkg:npm/%ZZ/lodash', 'its namespace has a bad percent-encoding'],
    ['pkg:npm/a%2Fb', 'its name holds an encoded /'],
    ['pkg:npm/lo dash', 'it holds a character that must be percent-encoded'],
    ['pkg:npm/lodash\n', 'it holds a character that must be percent-encoded'],
    ['pkg:npm/lodash@1?x=%', 'its qualifier x has a bad percent-encoding'],
    ['pkg:npm/lodash@1?1x=a', 'a qualifier has no valid key'],
    ['pkg:npm/lodash@1?a=1&A=2', 'the qualifier a is given twice'],
    ['pkg:npm/l\u00f6dash', 'it holds a character that must be percent-encoded'],
  ])('refuses %j: %s', (text, why) => {
    expect(() => parsePurl(text)).toThrow(new PurlError(why));
  });
});
