import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Block,
  fileOf,
  isShellBlock,
  matchesShown,
  normalise,
  readmeBlocks,
  shellCommands,
  transcript,
} from './readme/blocks.js';
import { readerSecret, type Session, startSession } from './readme/session.js';

/**
 * The README, run as printed: every shell block runs here, in order, against the sandbox its quick start
 * starts (a fresh one, in a fresh home directory), unless a `readme-test: skip` comment says why it cannot;
 * each command ends with the status it must have and each transcript prints what the README shows. The
 * README's CI snippets (YAML) and backup units run in readme-ci.test.ts and readme-backups.test.ts.
 */
const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const blocks = readmeBlocks(readme);
const shell = blocks.filter(isShellBlock);
const steps = blocks.filter((b) => (isShellBlock(b) && !b.directives.skip) || fileOf(b));
const isTranscript = (b: Block) => b.lang === 'console' || (b.lang === '' && /^\$ /m.test(b.text));

describe('README: every shell block', () => {
  it('runs below, or says why it cannot run here', () => {
    expect(shell.length).toBeGreaterThan(30);
    for (const block of shell) {
      const where = `README.md:${block.line}`;
      if (block.directives.skip) expect(block.directives.skip, where).toMatch(/\w{3,}/);
      // What runs is a script or a transcript; a bare untagged block with a prompt is a transcript.
      if (!block.directives.skip && !isTranscript(block)) expect(['sh', 'bash'], where).toContain(block.lang);
    }
    expect(shell.filter((b) => b.directives.sandbox)).toHaveLength(1);
    expect(steps.find((b) => isShellBlock(b))?.directives.sandbox).toBe(true);
  });

  it('starts a sandbox in the background with --ready-file and waits on that file, never on a sleep', () => {
    const starts = blocks.flatMap((b) =>
      b.text
        .split('\n')
        .filter((line) => /secscan sandbox(?! (scan|wait)\b)[^\n]*&\s*(#.*)?$/.test(line))
        .map((line) => ({ block: b, line })),
    );
    // The quick start's script, its --tls one, and the two CI jobs.
    expect(starts.length).toBeGreaterThanOrEqual(4);
    for (const { block, line } of starts) {
      expect(line, `README.md:${block.line}`).toContain('--ready-file');
      expect(block.text, `README.md:${block.line}`).toMatch(/secscan sandbox wait /);
    }
    expect(blocks.filter((b) => /\bsleep\b/.test(b.text)).map((b) => b.line)).toEqual([]);
  });

  it('reads the status a command must end with from its comment', () => {
    const scripts = shell.filter((b) => !b.directives.skip && !isTranscript(b) && !b.directives.sandbox);
    const commands = scripts.flatMap(shellCommands);
    expect(commands.length).toBeGreaterThan(60);
    expect(commands.filter((c) => c.exit !== 0).map((c) => c.text.split('\n')[0])).toEqual(
      expect.arrayContaining([expect.stringContaining('secscan saml provision people.csv')]),
    );
  });
});

describe.sequential('README, run as printed against a fresh sandbox', () => {
  let session: Session;
  const outputs: string[] = [];
  beforeAll(() => {
    session = startSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it.each(steps.map((b) => [`${b.line} (${b.lang || 'text'})`, b] as const))(
    'README.md:%s',
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
        const where = `README.md:${command.line}: $ ${command.text}`;
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

  it('never printed a secret the reader keeps in a file', () => {
    const secrets = steps.flatMap((b) => b.directives.with).map(readerSecret);
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(outputs.join('\n')).not.toContain(secret.trim());
  });
});
