import { describe, expect, it } from 'vitest';
import { FixMarkdownError, parseFixMarkdown } from '../../../src/fixes/markdown.js';

describe('the recommended fix as the service writes it, turned into changes', () => {
  it('reads a section per change: the heading’s file and lines, the fenced block’s replacement', () => {
    const text = [
      '## AutoFix',
      '',
      'Use a parameterized query.',
      '',
      '### Change 1: Use a parameterized query from file src/Customer.java, lines 271 until 272',
      '',
      '```java',
      '        PreparedStatement select = connection.prepareStatement("…");',
      '',
      '        select.setString(1, query);',
      '```',
      '',
      '#### Another from file docs/app.py, lines 3 until 3 ##',
      '~~~~',
      '    ```not a fence here```',
      '~~~~',
      '### Notes from file elsewhere',
      'prose',
    ].join('\r\n');
    expect(parseFixMarkdown(text)).toEqual([
      {
        title: 'Change 1: Use a parameterized query',
        file: 'src/Customer.java',
        from: 271,
        until: 272,
        lines: [
          '        PreparedStatement select = connection.prepareStatement("…");',
          '',
          '        select.setString(1, query);',
        ],
      },
      { title: 'Another', file: 'docs/app.py', from: 3, until: 3, lines: ['    ```not a fence here```'] },
    ]);
  });

  it('finds none in prose', () => {
    expect(parseFixMarkdown('Upgrade the package to the fixed version or later.')).toEqual([]);
  });

  it.each([
    ['### A from file x.js, lines 4 until 2\n```\nx\n```', /lines 4 until 2 make no range/],
    ['### A from file x.js, lines 0 until 2\n```\nx\n```', /make no range/],
    [
      '### A from file x.js, lines 1 until 2\n\nno block here',
      /no fenced block of the replacement follows it/,
    ],
    ['### A from file x.js, lines 1 until 2\n```js\nx\n', /never closed/],
  ])('refuses a change without its replacement: %j', (text, message) => {
    expect(() => parseFixMarkdown(text)).toThrow(FixMarkdownError);
    expect(() => parseFixMarkdown(text)).toThrow(message);
  });
});
