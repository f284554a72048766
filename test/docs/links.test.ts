import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link of the docs resolves: README.md, CONTRIBUTING.md, CHANGELOG.md, every page under docs/
 * and the packages' READMEs. A link names a file or directory of the repository, and its `#anchor` a
 * heading of the page it names (as GitHub makes anchors of headings), or an `id`/`name` the page sets.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const md = new MarkdownIt({ html: true });

function pages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
    );
  const files = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...walk('docs')];
  for (const pkg of readdirSync(join(root, 'packages'))) {
    if (existsSync(join(root, 'packages', pkg, 'README.md'))) files.push(`packages/${pkg}/README.md`);
  }
  return files;
}

/** GitHub's anchor of a heading's text: lower case, punctuation and symbols dropped, spaces as hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown page: its headings' (a repeated one gets -1, -2, ...) and the ids it sets. */
export function anchors(markdown: string): Set<string> {
  const tokens = md.parse(markdown, {});
  const seen = new Map<string, number>();
  const found = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[i + 1];
    const text = (inline?.children ?? [])
      .filter((c) => c.type === 'text' || c.type === 'code_inline')
      .map((c) => c.content)
      .join('');
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count ? `${base}-${count}` : base);
  });
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(m[1] as string);
  return found;
}

/** The targets of a page's links and images, as written. */
export function links(markdown: string): string[] {
  const targets: string[] = [];
  const visit = (tokens: ReturnType<MarkdownIt['parse']>) => {
    for (const token of tokens) {
      if (token.type === 'link_open') targets.push(token.attrGet('href') ?? '');
      if (token.type === 'image') targets.push(token.attrGet('src') ?? '');
      if (token.children) visit(token.children);
    }
  };
  visit(md.parse(markdown, {}));
  return targets;
}

interface Files {
  read(path: string): string;
  /** `file`, `dir`, or undefined when the path does not exist. */
  kind(path: string): 'file' | 'dir' | undefined;
}

const repository: Files = {
  read: (path) => readFileSync(join(root, path), 'utf8'),
  kind: (path) =>
    existsSync(join(root, path)) ? (statSync(join(root, path)).isDirectory() ? 'dir' : 'file') : undefined,
};

/** What is wrong with each relative link of `file` (a path of the repository), or nothing. */
export function brokenLinks(file: string, { read, kind }: Files = repository) {
  const problems: string[] = [];
  for (const target of links(read(file))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path = '', anchor] = target.split('#') as [string, string | undefined];
    const resolved = path ? normalize(join(dirname(file), decodeURI(path))) : file;
    if (relative('.', resolved).startsWith('..')) {
      problems.push(`${file}: ${target}: outside the repository`);
      continue;
    }
    if (path && !kind(resolved)) {
      problems.push(`${file}: ${target}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md') || kind(resolved) === 'dir') {
      problems.push(`${file}: ${target}: an anchor in a page that is not Markdown`);
    } else if (!anchors(read(resolved)).has(anchor)) {
      problems.push(`${file}: ${target}: no heading #${anchor} in ${resolved}`);
    }
  }
  return problems;
}

describe('links in the docs', () => {
  it('every relative link and anchor of README.md, CONTRIBUTING.md, docs/ and the packages resolves', () => {
    const files = pages();
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'docs/guide/README.md', 'docs/reference/README.md']),
    );
    const checked = files.flatMap((f) => links(readFileSync(join(root, f), 'utf8')));
    expect(checked.filter((t) => !/^[a-z]+:/i.test(t)).length).toBeGreaterThan(100);
    expect(files.flatMap((f) => brokenLinks(f))).toEqual([]);
  });

  it('makes anchors as GitHub does, and finds a broken link or anchor', () => {
    expect(slug('Rules files of sl check-analysis')).toBe('rules-files-of-sl-check-analysis');
    expect(slug('The security programme: stats and trends')).toBe('the-security-programme-stats-and-trends');
    expect(slug('Raw calls: secscan api')).toBe('raw-calls-secscan-api');
    expect([...anchors('# A `b`\n\n## A b\n\n<a id="x"></a>\n')]).toEqual(['a-b', 'a-b-1', 'x']);
    const pages: Record<string, string> = {
      'README.md':
        '[ok](docs/a.md#two) [gone](docs/b.md) [bad](docs/a.md#three) [web](https://x.test/#y) [self](#top)\n\n# Top\n',
      'docs/a.md': '# One\n\n## Two\n',
    };
    const files: Files = {
      read: (path) => pages[path] ?? '',
      kind: (path) => (path in pages ? 'file' : path === 'docs' ? 'dir' : undefined),
    };
    expect(brokenLinks('README.md', files)).toEqual([
      'README.md: docs/b.md: no such file',
      'README.md: docs/a.md#three: no heading #three in docs/a.md',
    ]);
    expect(brokenLinks('docs/a.md', files)).toEqual([]);
  });
});
