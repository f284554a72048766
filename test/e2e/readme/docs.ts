import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Block,
  fileOf,
  isShellBlock,
  matchesShown,
  normalise,
  readmeBlocks,
  transcript,
} from './blocks.js';
import { readerSecret, type Session, startSession } from './session.js';

/**
 * The docs, run as printed: each page (README.md and every page under docs/) in a session of its own, its
 * shell blocks in order against the sandbox the page starts (a fresh one, in a fresh home directory), unless
 * a `readme-test: skip` comment says why one cannot run here; each command ends with the status it must have
 * and each transcript prints what the page shows. The CI snippets (YAML) and the backup units run in
 * readme-ci.test.ts and readme-backups.test.ts.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** README.md, then every Markdown page under docs/, in order. */
export function docFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(`${root}${dir}`, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((e) =>
        e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
      );
  return ['README.md', ...walk('docs')];
}

export interface Page {
  file: string;
  blocks: Block[];
  /** Its shell blocks. */
  shell: Block[];
  /** What runs, in order: shell blocks not skipped, and the files the page shows. */
  steps: Block[];
}

export function readPage(file: string): Page {
  const blocks = readmeBlocks(readFileSync(`${root}${file}`, 'utf8'), file);
  return {
    file,
    blocks,
    shell: blocks.filter(isShellBlock),
    steps: blocks.filter((b) => (isShellBlock(b) && !b.directives.skip) || fileOf(b)),
  };
}

export const isTranscript = (b: Block) => b.lang === 'console' || (b.lang === '' && /^\$ /m.test(b.text));

/** The checks of one page's blocks, and the page run against a fresh sandbox. */
export function runPage(file: string): void {
  const page = readPage(file);
  const runs = page.steps.filter(isShellBlock);

  describe(`${file}: every shell block`, () => {
    it('runs below, or says why it cannot run here', () => {
      for (const block of page.shell) {
        const where = `${file}:${block.line}`;
        if (block.directives.skip) expect(block.directives.skip, where).toMatch(/\w{3,}/);
        // What runs is a script or a transcript; a bare untagged block with a prompt is a transcript.
        if (!block.directives.skip && !isTranscript(block))
          expect(['sh', 'bash'], where).toContain(block.lang);
      }
    });

    it('starts the sandbox it runs against first, once (when anything runs)', () => {
      const sandboxes = page.shell.filter((b) => b.directives.sandbox);
      if (!runs.length) return expect(sandboxes).toEqual([]);
      expect(sandboxes, file).toHaveLength(1);
      expect(runs[0]?.directives.sandbox, file).toBe(true);
    });
  });

  if (!runs.length) return;

  describe.sequential(`${file}, run as printed against a fresh sandbox`, () => {
    let session: Session;
    const outputs: string[] = [];
    beforeAll(() => {
      session = startSession(file);
    });
    afterAll(async () => {
      await session?.close();
    });

    it.each(page.steps.map((b) => [`${b.line} (${b.lang || 'text'})`, b] as const))(
      `${file}:%s`,
      async (_name, block) => {
        if (fileOf(block) && !isShellBlock(block)) {
          session.writeFile(block);
          return;
        }
        if (block.directives.sandbox) {
          const lines = await session.startSandbox(block);
          expect(lines).toMatch(/^SECSCAN_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/m);
          return;
        }
        if (!isTranscript(block)) {
          const ran = await session.runScript(block);
          outputs.push(ran.output);
          expect(ran.code, ran.output).toBe(0);
          return;
        }
        for (const command of transcript(block)) {
          const ran = await session.runCommand(command, block.directives.terminal);
          outputs.push(ran.output);
          const where = `${file}:${command.line}: $ ${command.text}`;
          const fails = command.output.some((l) => l.startsWith('error: '));
          if (command.exit !== undefined) expect(ran.code, `${where}\n${ran.output}`).toBe(command.exit);
          else if (fails) expect(ran.code, `${where}\n${ran.output}`).not.toBe(0);
          else expect(ran.code, `${where}\n${ran.output}`).toBe(0);
          if (!matchesShown(command.output, ran.output, session.home)) {
            expect(normalise(ran.output, session.home), where).toBe(
              normalise(command.output.join('\n'), session.home),
            );
          }
        }
      },
      120_000,
    );

    const secrets = page.steps.flatMap((b) => b.directives.with).map(readerSecret);
    if (secrets.length) {
      it('never printed a secret the reader keeps in a file', () => {
        for (const secret of secrets) expect(outputs.join('\n')).not.toContain(secret.trim());
      });
    }
  });
}

/**
 * The pages each runner file runs, between them every page: the guides (each starts a sandbox of its own) in
 * guides-run.test.ts, the README and the rest (the reference's blocks are all examples) in readme-run.test.ts.
 */
export function pageGroups(): { readme: string[]; guides: string[] } {
  const files = docFiles();
  const guides = files.filter((f) => f.startsWith('docs/guide/'));
  return { readme: files.filter((f) => !guides.includes(f)), guides };
}
