import { describe, expect, it } from 'vitest';
import {
  isShellBlock,
  matchesShown,
  normalise,
  readmeBlocks,
  shellCommands,
  transcript,
} from '../e2e/readme/blocks.js';

/** The README runner's reading of blocks and its comparison of outputs: it must be able to fail. */
const readme = [
  'Intro',
  '<!-- readme-test: skip: needs a real service; really -->',
  '```sh',
  'secscan auth login',
  '```',
  '',
  '<!-- readme-test: terminal 80; with token.txt -->',
  '',
  '```console',
  '$ secscan tokens list   # exit 4',
  'error: denied',
  '$ echo ok',
  'ok',
  '```',
  '  ```sh',
  '  a --x \\',
  '    --y        # exit 1: fails',
  "  cat > b.json <<'EOF'",
  '  {"x": 1}',
  '  EOF',
  '  # a comment',
  '  ```',
  '```',
  'secscan tokens list [--show-expired]',
  '```',
].join('\n');

describe('README blocks', () => {
  const blocks = readmeBlocks(readme);

  it('reads fences, indented ones too, with the directives before them', () => {
    expect(blocks.map((b) => [b.line, b.lang, isShellBlock(b)])).toEqual([
      [3, 'sh', true],
      [9, 'console', true],
      [15, 'sh', true],
      [23, '', false],
    ]);
    expect(blocks[0]?.directives.skip).toBe('needs a real service; really');
    expect(blocks[1]?.directives).toEqual({ terminal: 80, with: ['token.txt'] });
    expect(() => readmeBlocks('<!-- readme-test: sandbx -->\n```sh\nx\n```\n')).toThrow(/unknown/);
  });

  it('splits a script into commands: continuations joined, heredocs whole, exit statuses from comments', () => {
    expect(shellCommands(blocks[2] as never)).toEqual([
      { line: 16, text: 'a --x \\\n  --y        # exit 1: fails', exit: 1 },
      { line: 18, text: 'cat > b.json <<\'EOF\'\n{"x": 1}\nEOF', exit: 0 },
    ]);
    expect(transcript(blocks[1] as never)).toEqual([
      { line: 10, text: 'secscan tokens list   # exit 4', exit: 4, output: ['error: denied'] },
      { line: 12, text: 'echo ok', exit: undefined, output: ['ok'] },
    ]);
  });

  it('compares outputs with volatile parts normalised, and `...` for what is left out', () => {
    const shown = [
      'ID                                    PORT',
      'a837eb5c-5946-4b3c-befe-7839148fb67e  http://127.0.0.1:40737',
      '...',
      'Done in 0.1 s (9.4 KiB).',
    ];
    const actual =
      'ID  PORT\n1db6a241-ae9e-43a4-9e96-4d7546f241a4  http://127.0.0.1:5\nx\ny\nDone in 12 s (10 KiB).\n';
    expect(matchesShown(shown, actual)).toBe(true);
    expect(matchesShown(shown, actual.replace('Done', 'Failed'))).toBe(false);
    expect(matchesShown(['a', 'b'], 'a\nb\nc')).toBe(false);
    expect(matchesShown(['Top: #29 (payments-api ...)'], 'Top: #29 (payments-api cmd/main.go:97)')).toBe(
      true,
    );
    expect(matchesShown(['Top: #29 (payments-api ...)'], 'Top: #30 (payments-api cmd/main.go:97)')).toBe(
      false,
    );
  });

  it('keeps what a terminal shows: the last state of a line written over, no colours', () => {
    expect(
      normalise('Downloading 50%\rDownloading 100%\r\x1b[KDone.\r\n\x1b[31mred\x1b[0m\n', '/tmp/h'),
    ).toBe('Done.\nred');
    expect(normalise('saved in /tmp/h/x', '/tmp/h')).toBe('saved in /home/me/x');
  });
});
