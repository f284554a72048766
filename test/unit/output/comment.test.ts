import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import {
  type CommentData,
  type CommentFinding,
  commentText,
  type Dialect,
  markerOf,
  renderComment,
  withDigest,
} from '../../../src/output/formats/comment.js';

/**
 * The pull-request comment: rendered by a CommonMark parser with GitHub's extensions (tables, inline
 * HTML), its text from the service must stay text: no new cell, no tag, no mention, no early end of the
 * marker; too long, the most severe findings stay and it says how many were left out.
 */
const github: Dialect = {
  html: true,
  blobUrl: (path, line) => `https://github.com/acme/shop/blob/abc/${path}${line ? `#L${line}` : ''}`,
};
const bitbucket: Dialect = { html: false };
const md = new MarkdownIt({ html: true, linkify: false });

const finding = (id: number, severity: string, title = `SQL Injection ${id}`): CommentFinding => ({
  id: String(id),
  app: 'payments-api',
  severity,
  title,
  file: `cmd/server/f${id}.go`,
  line: id,
  rules: ['no-new-critical'],
});

const data = (over: Partial<CommentData> = {}): CommentData => ({
  compound: 'shop',
  evaluated: true,
  passed: false,
  enforced: true,
  kind: 'diff',
  policy: '.secscan/rules.yml',
  target: 21,
  baseline: 'findings new since scan 7 of main, e332620 (baseline: the merge target, $GITHUB_BASE_REF)',
  rules: [
    { rule: 'no-new-critical', matched: 1, reachable: 1, threshold: 0, over: 1, result: 'fail' },
    { rule: 'few-new-high', matched: 0, reachable: 0, threshold: 2, over: 0, result: 'pass' },
  ],
  findings: [finding(70, 'critical')],
  unlisted: 0,
  fixed: [{ id: '12', app: 'ledger', severity: 'high', title: 'XSS' }],
  suppressed: [
    {
      ...finding(29, 'critical'),
      reason: 'validated upstream',
      expires: '2099-01-31',
      entry: '.secscan/ignore.yml:3',
    },
  ],
  toolVersion: '0.1.0',
  ...over,
});

/** The HTML tags the rendered comment holds, but those the renderer writes itself. */
const foreignTags = (html: string) =>
  [...html.matchAll(/<\/?([a-z][\w-]*)/gi)]
    .map((m) => (m[1] as string).toLowerCase())
    .filter(
      (t) =>
        ![
          'h3',
          'h4',
          'p',
          'table',
          'thead',
          'tbody',
          'tr',
          'th',
          'td',
          'strong',
          'a',
          'details',
          'summary',
          'sub',
          'em',
          'code',
        ].includes(t),
    );

describe('the pull-request comment', () => {
  it('names the verdict, the rules, the new findings linked to the head commit, the fixed and the suppressed', () => {
    const body = renderComment(data(), github, 65_536);
    expect(body.split('\n')[0]).toBe('<!-- secscan:gate:shop -->');
    expect(body).toContain('### ❌ Security gate failed: shop');
    expect(body).toContain('**1 of 2 rules over their threshold**: no-new-critical (1 new, threshold 0).');
    expect(body).toContain(
      'Scan 21: findings new since scan 7 of main, e332620 (baseline: the merge target, $GITHUB\\_BASE\\_REF).',
    );
    expect(body).toContain(
      '| critical | SQL Injection 70 (finding 70 of payments-api) | [cmd/server/f70.go:70](https://github.com/acme/shop/blob/abc/cmd/server/f70.go#L70) | no-new-critical |',
    );
    expect(body).toContain('<details><summary>Fixed since the baseline (1)</summary>');
    expect(body).toContain('| validated upstream | 2099-01-31 | .secscan/ignore.yml:3 |');
    const html = md.render(body);
    expect(html).toContain('<h3>❌ Security gate failed: shop</h3>');
    expect(foreignTags(html)).toEqual([]);
  });

  it('a hostile title cannot break the table, ping, link an issue, close the marker or inject HTML', () => {
    const titles = [
      'a | b | c',
      '@octocat please look',
      'fixes #123 and acme/shop#7 and !45',
      'x --> <!-- y',
      '<img src=x onerror=alert(1)><script>alert(1)</script>',
      '</td></tr></table><b>bold</b>',
      '[click](javascript:alert(1)) ![img](http://evil/x.png)',
      'line\nbreak\r\n| new | row |',
      '`code` ``and`` \\| pipe',
    ];
    const hostile = data({
      compound: 'shop --> @admin',
      findings: titles.map((t, i) => ({
        ...finding(i + 1, 'critical'),
        title: t,
        app: '@team',
        file: 'a|b/<c>.go',
      })),
    });
    const body = renderComment(hostile, github, 65_536);
    const html = md.render(body);
    expect(foreignTags(html)).toEqual([]);
    expect(html).not.toMatch(/<(img|script|b)\b/i);
    expect(html).not.toMatch(/href="(?!https:\/\/github.com)/);
    // Only the renderer's own two comments: the marker's and nothing a title opened or closed.
    expect(body.match(/<!--/g)).toHaveLength(1);
    expect(body.match(/-->/g)).toHaveLength(1);
    // No live mention or reference: a zero-width space after each sign, in the text and as rendered.
    expect(body).not.toMatch(/(^|[\s(])[@#!][A-Za-z0-9]/m);
    expect(html).not.toMatch(/(^|[\s(>/])[@#!][A-Za-z0-9]/m);
    expect(html).toContain('@\u200boctocat please look');
    expect(html).toContain('fixes #\u200b123 and acme/shop#\u200b7 and !\u200b45');
    // Every row of the findings table has its four cells.
    const tokens = md.parse(body, {});
    const rows: number[] = [];
    let cells = 0;
    for (const t of tokens) {
      if (t.type === 'tr_open') cells = 0;
      if (t.type === 'td_open' || t.type === 'th_open') cells++;
      if (t.type === 'tr_close') rows.push(cells);
    }
    const tables = body.split('\n').filter((l) => l.startsWith('| Severity | Finding | Where | Rules |'));
    expect(tables).toHaveLength(1);
    expect(rows.filter((n) => n === 4)).toHaveLength(titles.length + 1);
  });

  it('the marker is one per app or compound, its name encoded so no name ends it early', () => {
    expect(markerOf('shop')).toBe('secscan:gate:shop');
    expect(markerOf('my shop (eu)')).toBe('secscan:gate:my%20shop%20%28eu%29');
    expect(markerOf('a-->b')).toBe('secscan:gate:a--%3Eb');
    expect(markerOf('shop')).not.toBe(markerOf('shop2'));
  });

  it('Bitbucket’s Markdown takes no HTML: a link reference for the marker and digest, headings for sections', () => {
    const body = renderComment(data(), bitbucket, 32_768);
    expect(body.split('\n')[0]).toBe('[//]: # (secscan:gate:shop)');
    expect(body).not.toMatch(/<details>|<sub>|<!--/);
    expect(body).toContain('#### Fixed since the baseline (1)');
    const { text, digest } = withDigest(body, bitbucket);
    expect(text.trimEnd().split('\n').at(-1)).toBe(`[//]: # (secscan:digest:${digest})`);
    // Neither line shows: a link reference definition renders as nothing.
    expect(md.render(text)).not.toContain('secscan:');
  });

  it('the digest is of what the comment says: the same data, the same digest; a new finding, another', () => {
    const a = withDigest(renderComment(data(), github, 65_536), github);
    const b = withDigest(renderComment(data(), github, 65_536), github);
    const c = withDigest(
      renderComment(data({ findings: [finding(70, 'critical'), finding(71, 'high')] }), github, 65_536),
      github,
    );
    expect(a.digest).toBe(b.digest);
    expect(c.digest).not.toBe(a.digest);
    expect(a.text.trimEnd().split('\n').at(-1)).toBe(`<!-- secscan:digest:${a.digest} -->`);
  });

  it('over the limit: the most severe findings stay, and it says how many were left out', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      finding(
        i + 1,
        ['low', 'medium', 'high', 'critical'][i % 4] as string,
        `Finding ${i + 1} ${'x'.repeat(40)}`,
      ),
    );
    const sorted = [...many].sort(
      (a, b) =>
        ['critical', 'high', 'medium', 'low'].indexOf(a.severity) -
        ['critical', 'high', 'medium', 'low'].indexOf(b.severity),
    );
    const big = data({ findings: sorted, fixed: many.slice(0, 500) });
    const full = renderComment(big, github, 1_000_000);
    expect(full.length).toBeGreaterThan(65_536);
    const { text } = withDigest(renderComment(big, github, 65_536), github);
    expect(text.length).toBeLessThanOrEqual(65_536);
    const shown = text.split('\n').filter((l) => /^\| (critical|high|medium|low) \| Finding/.test(l));
    expect(shown.length).toBeGreaterThan(100);
    expect(shown.every((l) => l.startsWith('| critical'))).toBe(true);
    expect(text).toMatch(new RegExp(`New findings \\(${shown.length} of 3000\\)`));
    expect(text).toContain(`${3000 - shown.length} more left out: the comment would pass its size limit.`);
    // The fixed ones come after every new one: none fits here.
    expect(text).not.toContain('| Severity | Finding | Where |\n');
    expect(text).toMatch(/<!-- secscan:digest:[0-9a-f]{16} -->\n$/);
  });

  it('a limit too small for the rules says so, and stays within it', () => {
    const { text } = withDigest(renderComment(data(), github, 200), github);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.startsWith('<!-- secscan:gate:shop -->\n### ❌ Security gate failed: shop')).toBe(true);
  });

  it('a gate not evaluated says why, and that it fails closed', () => {
    const body = renderComment(
      data({
        evaluated: false,
        passed: false,
        rules: [],
        findings: [],
        fixed: null,
        suppressed: [],
        target: null,
        error: {
          message:
            'no baseline: no scan of main for shop; pass --baseline none to count every finding as new',
          exitCode: 10,
        },
      }),
      github,
      65_536,
    );
    expect(body).toContain('### ⚠️ Security gate not evaluated: shop');
    expect(body).toContain('(exit 10): no baseline: no scan of main for shop; pass --baseline none');
    expect(body).toContain('A gate that is not evaluated fails closed.');
  });

  it('commentText escapes once: what the Markdown report escaped stays as it was', () => {
    expect(commentText('a_b *c*')).toBe('a\\_b \\*c\\*');
    // markdownText's zero-width space (an entity) after `@` and `#`; the comment adds one only where it left
    // a reference live (GitLab's `!45`).
    expect(commentText('@x')).toBe('@&#8203;x');
    expect(commentText('#12')).toBe('\\#&#8203;12');
    expect(commentText('!45')).toBe('!\u200b45');
    expect(commentText('mail@example.com')).toBe('`mail@example.com`');
    expect(commentText('x'.repeat(400))).toHaveLength(300);
  });

  it('a long title is cut between grapheme clusters: no lone surrogate, no emoji split from its modifiers', () => {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const flag = '🇫🇷'; // two regional indicators: 4 UTF-16 units, one cluster
    const thumbs = '👍🏽'; // a thumb and its skin tone: 4 units
    const accent = 'e\u0301'; // a letter and a combining accent
    for (const title of [
      `a${'😀'.repeat(200)}`,
      `ab${flag.repeat(90)}`,
      `abc${thumbs.repeat(100)}`,
      accent.repeat(200),
    ]) {
      const text = commentText(title);
      expect(text.length).toBeLessThanOrEqual(300);
      expect(text.endsWith('…')).toBe(true);
      expect(text).not.toMatch(lone);
      const kept = text.slice(0, -1);
      expect(title.startsWith(kept)).toBe(true);
      const unit = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(title)].at(
        -1,
      )?.segment;
      expect(
        kept
          .replace(/^[a-d]+/, '')
          .split(unit as string)
          .every((s) => s === ''),
      ).toBe(true);
    }
    // What is posted holds no lone surrogate either, with a compound name too long for a tiny limit.
    const { text } = withDigest(renderComment(data({ compound: '😀'.repeat(200) }), github, 200), github);
    expect(text).not.toMatch(lone);
  });

  it('a bare address in a title links nowhere, on every host’s Markdown, the rest escaped as before', () => {
    const titles = [
      'Open redirect: visit https://evil.example/login?next=/ to reproduce',
      'See www.evil.example/fix_now or mailto:sec@evil.example',
      'Report to admin@corp.example | *urgent*',
      'ftp://files.evil.example/payload.sh and xmpp:bot@evil.example',
    ];
    const hostile = data({ findings: titles.map((t, i) => ({ ...finding(i + 1, 'critical'), title: t })) });
    const linkify = new MarkdownIt({ html: true, linkify: true });
    for (const dialect of [github, bitbucket]) {
      const body = renderComment(hostile, dialect, 65_536);
      const html = linkify.render(body);
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs.every((h) => h?.startsWith('https://github.com/acme/shop/blob/'))).toBe(true);
      expect(body).toContain('visit `https://evil.example/login?next=/` to reproduce');
      expect(body).toContain('Report to `admin@corp.example` \\| \\*urgent\\*');
    }
  });
});
