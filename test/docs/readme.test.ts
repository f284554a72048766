import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layout of the docs (issue 30): a README a newcomer reads in ten minutes, and a guide per task that says
 * first what the reader will have at the end. What the pages' commands print is held by the docs runner
 * (test/e2e/readme-run.test.ts, guides-run.test.ts); their links by links.test.ts.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
const guides = readdirSync(`${root}docs/guide`).filter((f) => f.endsWith('.md') && f !== 'README.md');

describe('the README', () => {
  const readme = read('README.md');

  it('is at most 250 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('says what secscan is first, then install, the tour, the jobs, developing it, the exit codes and the docs', () => {
    const headings = readme.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual([
      '## Install',
      '## A five-minute tour',
      '## What you can do with it',
      '## Develop',
      '## Exit codes',
      '## Documentation',
    ]);
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toContain('npm ci && npm test');
  });

  it('links every guide, the reference and the performance page', () => {
    for (const guide of guides) expect(readme).toContain(`](docs/guide/${guide})`);
    expect(readme).toContain('](docs/reference/README.md)');
    expect(readme).toContain('](docs/performance.md)');
  });
});

describe('the guides', () => {
  it('are ten or more, each listed in docs/guide/README.md', () => {
    expect(guides.length).toBeGreaterThanOrEqual(10);
    const index = read('docs/guide/README.md');
    for (const guide of guides) expect(index).toContain(`](${guide})`);
  });

  it.each(guides)('%s starts with what the reader will have at the end', (guide) => {
    const [title, first] = read(`docs/guide/${guide}`).split(/\n\n+/);
    expect(title).toMatch(/^# \S/);
    expect(first).toMatch(/^By the end of this page you will have /);
  });
});
