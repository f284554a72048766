import { describe, expect, it } from 'vitest';
import { caseFold, matchesSearch } from '../src/search.js';

describe('caseFold: simple Unicode case folding', () => {
  it('lowers case, the same whatever the locale', () => {
    expect(caseFold('Log4J Remote Code Execution')).toBe('log4j remote code execution');
    expect(caseFold('INJECTION')).toBe('injection');
  });

  it('folds the forms a lower case keeps apart: final sigma, long s, micro sign, Kelvin sign', () => {
    expect(caseFold('ΟΔΥΣΣΕΥΣ')).toBe(caseFold('οδυσσευς'));
    expect(caseFold('Mi\u017fs')).toBe('miss');
    expect(caseFold('5 \u00b5s')).toBe(caseFold('5 \u03bcs'));
    expect(caseFold('\u212a')).toBe('k');
  });

  it('keeps the dotted capital I (no simple folding), never a dotless i', () => {
    expect(caseFold('\u0130stanbul')).toBe('\u0130stanbul');
    expect(caseFold('TITLE')).toBe('title');
  });
});

describe('matchesSearch', () => {
  const finding = { title: 'SQL Injection: user input in a query', description: 'Seen in Orders.java.' };

  it('matches in the title or the description, in any case', () => {
    expect(matchesSearch(finding, ['injection'])).toBe(true);
    expect(matchesSearch(finding, ['ORDERS.JAVA'])).toBe(true);
    expect(matchesSearch(finding, ['zzzznotthere'])).toBe(false);
  });

  it('needs every text to match (in either field), and matches everything without one', () => {
    expect(matchesSearch(finding, ['sql', 'orders'])).toBe(true);
    expect(matchesSearch(finding, ['sql', 'log4j'])).toBe(false);
    expect(matchesSearch(finding, [])).toBe(true);
    expect(matchesSearch({}, ['x'])).toBe(false);
  });

  it('matches tag values too (never a key alone), unless asked for the title and description only', () => {
    const dep = {
      title: 'org.apache.logging.log4j:log4j-core 2.14.1: remote code execution',
      description: 'Seen in pom.xml.',
      tags: [
        { key: 'cve', value: 'CVE-2021-44228' },
        { key: 'cvss_score', value: '10' },
      ],
    };
    expect(matchesSearch(dep, ['LOG4J', 'cve-2021'])).toBe(true);
    expect(matchesSearch(dep, ['cvss_score'])).toBe(false);
    expect(matchesSearch(dep, ['cve-2021'], { tags: false })).toBe(false);
    expect(matchesSearch(dep, ['log4j'], { tags: false })).toBe(true);
    expect(matchesSearch({ title: 'x', tags: null }, ['x'])).toBe(true);
  });
});
