import { describe, expect, it } from 'vitest';
import { markdownText } from '../../../src/output/formats/markdown.js';
import { markdownReport } from '../../../src/output/formats/gate-markdown.js';

/** What CommonMark makes of a code span: the text between the fences, one space stripped from each side. */
function codeContent(span: string): string {
  const fence = /^`+/.exec(span)?.[0] ?? '';
  const inner = span.slice(fence.length, span.length - fence.length);
  expect(span.endsWith(fence)).toBe(true);
  // No run of backticks inside as long as the fence, or the span would end there.
  expect([...inner.matchAll(/`+/g)].every((m) => m[0].length !== fence.length)).toBe(true);
  return /^ .* $/.test(inner) && inner.trim() !== '' ? inner.slice(1, -1) : inner;
}

describe('markdownText: the service’s text in Markdown', () => {
  it('cannot notify people or link issues: @name, @org/team, #123, GH-123 broken by a zero-width space', () => {
    expect(markdownText('ping @alice and @acme/security about #123, GH-45 and org/repo#9')).toBe(
      'ping @&#8203;alice and @&#8203;acme/security about \\#&#8203;123, GH-&#8203;45 and org/repo\\#&#8203;9',
    );
    expect(markdownText('#1')).toBe('\\#&#8203;1');
    expect(markdownText('C# and a # b')).toBe('C\\# and a \\# b');
    // An e-mail address is no mention (GitHub wants no letter before the @): left whole, in a code span (a
    // renderer would link it).
    expect(markdownText('owner alice@example.com, (@bob)')).toBe('owner `alice@example.com`, (@&#8203;bob)');
  });

  it('links nothing by itself: an address with a scheme, `www.` or an e-mail address is set in a code span', () => {
    expect(markdownText('see https://evil.example/login?a_b=1 now')).toBe(
      'see `https://evil.example/login?a_b=1` now',
    );
    expect(markdownText('www.evil.example/x_y, ftp://h/f and mailto:a@b.c')).toBe(
      '`www.evil.example/x_y,` `ftp://h/f` and `mailto:a@b.c`',
    );
    // The rest escaped as before, a list's start too; an address holding a backtick ends before it.
    expect(markdownText('- *x* http://a.b/`c` _y_')).toBe('\\- \\*x\\* `http://a.b/`\\`c\\` \\_y\\_');
    expect(markdownText('1. https://a.b')).toBe('1\\. `https://a.b`');
    expect(markdownText('https://a.b', 'code')).toBe('`https://a.b`');
  });

  it('stays plain text: Markdown’s characters escaped, no block can start, no line break', () => {
    expect(markdownText('*bold* _em_ [link](x) <b> a|b `c` ~~s~~ &amp; \\')).toBe(
      '\\*bold\\* \\_em\\_ \\[link\\](x) \\<b\\> a\\|b \\`c\\` \\~\\~s\\~\\~ \\&amp; \\\\',
    );
    expect(markdownText('- item')).toBe('\\- item');
    expect(markdownText('1. item')).toBe('1\\. item');
    expect(markdownText('a\n# heading\u202e\u001b[31m')).toBe('a \\# heading');
  });

  it('a code span keeps a path whole, backticks included, with a longer fence', () => {
    for (const path of ['src/a.go', 'src/`x`.go', 'a``b', '`lead', 'trail`', ' spaced ', '```']) {
      expect(codeContent(markdownText(path, 'code'))).toBe(path);
    }
    expect(markdownText('src/`x`.go', 'code')).toBe('``src/`x`.go``');
    expect(markdownText('`lead', 'code')).toBe('`` `lead ``');
    expect(markdownText('a|b', 'cell-code')).toBe('`a\\|b`');
    expect(markdownText('', 'code')).toBe('');
  });

  it('inside an HTML element (<summary>): entities, and no mention', () => {
    expect(markdownText('no_critical <x> & @bob #7', 'html')).toBe(
      'no_critical &lt;x&gt; &amp; @&#8203;bob #&#8203;7',
    );
  });

  it('the gate’s report uses it: a title cannot mention, a location keeps its backticks', () => {
    const text = markdownReport({
      compound: 'shop',
      policy: 'rules.yml',
      kind: 'single',
      enforced: true,
      passed: false,
      target: '5',
      totals: { matched: 1, reachable: 1, over: 1 },
      rules: [{ rule: 'no-critical', matched: 1, reachable: 1, threshold: 0, over: 1, result: 'fail' }],
      findings: {
        'no-critical': [
          {
            id: '12',
            severity: 'critical',
            title: 'cc @alice, fixes #3',
            app: 'pay',
            location: 'src/`a`.go:3',
          },
        ],
      },
    } as unknown as Parameters<typeof markdownReport>[0]);
    expect(text).toContain('\\#&#8203;12 cc @&#8203;alice, fixes \\#&#8203;3 (pay ``src/`a`.go:3``)');
    expect(text).not.toMatch(/(^|[^\w&])@\w|(^|[^\\&])#\d/m);
  });
});
