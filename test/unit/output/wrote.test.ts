import { describe, expect, it } from 'vitest';
import { wroteFilesNotice, wroteNotice } from '../../../src/output/core/wrote.js';
import { plural } from '../../../src/util/plural.js';

describe('wroteNotice: the one form of "wrote a file"', () => {
  it.each([
    ['shop.sarif', 34884, undefined, 'Wrote shop.sarif (34 KiB).'],
    ['owasp-2021.html', 4403, undefined, 'Wrote owasp-2021.html (4.3 KiB).'],
    ['tiny.json', 12, '', 'Wrote tiny.json (12 B).'],
    [
      'sbom.cdx.json',
      4403,
      '7 packages, 3 vulnerabilities',
      'Wrote sbom.cdx.json (4.3 KiB): 7 packages, 3 vulnerabilities.',
    ],
  ])('%s, %d bytes', (path, bytes, holds, line) => {
    expect(wroteNotice(path, bytes, holds)).toBe(line);
  });

  it('files written into a directory: how many, and where', () => {
    expect([wroteFilesNotice(12, 'java-demo'), wroteFilesNotice(1, 'x')]).toEqual([
      'Wrote 12 files to java-demo.',
      'Wrote 1 file to x.',
    ]);
  });

  it('counts in the singular for one (plural, which the notices use)', () => {
    expect([
      plural(1, 'package'),
      plural(0, 'package'),
      plural(3, 'vulnerability', 'vulnerabilities'),
    ]).toEqual(['1 package', '0 packages', '3 vulnerabilities']);
  });
});
