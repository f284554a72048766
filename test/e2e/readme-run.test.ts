import { describe, expect, it } from 'vitest';
import { shellCommands } from './readme/blocks.js';
import { docFiles, isTranscript, pageGroups, readPage, runPage } from './readme/docs.js';

/**
 * The docs, run as printed (test/e2e/readme/docs.ts): here what holds for every page, and the README with the
 * pages outside docs/guide/; guides-run.test.ts runs the guides.
 */
const pages = docFiles().map(readPage);

describe('the docs, every page', () => {
  it('are README.md and the pages under docs/: the guides, the reference, performance', () => {
    expect(pages.map((p) => p.file)).toEqual(
      expect.arrayContaining(['README.md', 'docs/reference/README.md']),
    );
    expect(pages.filter((p) => p.file.startsWith('docs/guide/')).length).toBeGreaterThanOrEqual(10);
    expect(pages.flatMap((p) => p.shell).length).toBeGreaterThan(100);
  });

  it('start a sandbox in the background with --ready-file and wait on that file, never on a sleep', () => {
    const starts = pages.flatMap((p) =>
      // The blocks a reader runs, and the CI snippets (the reference's examples are single commands).
      p.blocks
        .filter((b) => !b.directives.skip)
        .flatMap((b) =>
          b.text
            .split('\n')
            .filter((line) => /secscan sandbox(?! (scan|wait)\b)[^\n]*&\s*(#.*)?$/.test(line))
            .map((line) => ({ where: `${p.file}:${b.line}`, block: b, line })),
        ),
    );
    // The sandbox guide's script, its --tls one, and the two CI jobs.
    expect(starts.length).toBeGreaterThanOrEqual(4);
    for (const { where, block, line } of starts) {
      expect(line, where).toContain('--ready-file');
      expect(block.text, where).toMatch(/secscan sandbox wait /);
    }
    const sleeps = pages.flatMap((p) =>
      p.blocks.filter((b) => /\bsleep\b/.test(b.text)).map((b) => `${p.file}:${b.line}`),
    );
    expect(sleeps).toEqual([]);
  });

  it('read the status a command must end with from its comment', () => {
    const scripts = pages.flatMap((p) =>
      p.shell.filter((b) => !b.directives.skip && !isTranscript(b) && !b.directives.sandbox),
    );
    const commands = scripts.flatMap(shellCommands);
    expect(commands.length).toBeGreaterThan(60);
    expect(commands.filter((c) => c.exit !== 0).map((c) => c.text.split('\n')[0])).toEqual(
      expect.arrayContaining([expect.stringContaining('secscan saml provision people.csv')]),
    );
  });

  it('the README tours the sandbox to a gate that fails, then passes, within its first 120 lines', () => {
    const readme = pages.find((p) => p.file === 'README.md');
    const early =
      readme?.steps
        // A block ends on its closing fence: the opening line, its text, the fence.
        .filter((b) => b.line + b.text.split('\n').length <= 120)
        .map((b) => b.text)
        .join('\n') ?? '';
    expect(early).toMatch(/secscan scans check [^\n]*# exit 1/);
    expect(early).toMatch(/Gate failed:/);
    expect(early).toMatch(/Gate passed:/);
  });
});

for (const file of pageGroups().readme) runPage(file);
