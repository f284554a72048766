import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDispatcher } from '../../../src/api/dispatcher.js';
import { ConfigError, InputTooLargeError } from '../../../src/errors.js';
import { maxInputBytes, readFileLimited, readStreamLimited } from '../../../src/util/input-file.js';
import { parseYamlInput, yamlValue } from '@secscan/api/yaml-input';

/** Issue 18, item 5: the limits every input file is read and parsed within (commands: test/commands/input-*). */
const dir = mkdtempSync(join(tmpdir(), 'secscan-input-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readFileLimited and readStreamLimited', () => {
  it('read a file or a stream up to the limit', async () => {
    const file = join(dir, 'ok.txt');
    writeFileSync(file, 'a'.repeat(1000));
    expect(readFileLimited(file, file, 1000).length).toBe(1000);
    expect(
      (await readStreamLimited(Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), 'stdin', 1000)).length,
    ).toBe(1000);
    expect(maxInputBytes).toBe(4 * 1024 * 1024);
  });

  it('refuse a file by its size before reading it, a device or a stream past the limit', async () => {
    const sparse = join(dir, 'sparse.bin');
    writeFileSync(sparse, '');
    truncateSync(sparse, 40 * 1024 * 1024);
    expect(() => readFileLimited(sparse, 'the file')).toThrow(
      new InputTooLargeError('the file', maxInputBytes, 40 * 1024 * 1024),
    );
    // A device (which may never end) is no regular file: refused before it is read at all.
    expect(() => readFileLimited('/dev/zero')).toThrow('it is a character device, not a regular file');
    await expect(
      readStreamLimited(Readable.from([Buffer.alloc(600), Buffer.alloc(401)]), 'stdin', 1000),
    ).rejects.toThrow(InputTooLargeError);
    expect(() => readFileLimited(dir)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });

  it('a CA file (SECSCAN_CA_FILE) over the limit is a configuration error', async () => {
    const ca = join(dir, 'ca.pem');
    writeFileSync(ca, '');
    truncateSync(ca, 40 * 1024 * 1024);
    const error = await defaultDispatcher({ caFile: ca }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('is 40 MiB, more than the 4 MiB an input file may have');
  });
});

describe('parseYamlInput: limits before the parser runs, which false positives do not trip', () => {
  it.each([
    ['brackets in quoted text', `a: "${'['.repeat(200)}"\nb: '${'{'.repeat(200)}'\n`],
    ['brackets in a comment', `# ${'['.repeat(200)}\na: 1\n`],
    ['an apostrophe inside a word', `a: O'Brien [x]\nb: "it's"\n`],
    ['JSON nested 64 deep', `${'['.repeat(64)}${']'.repeat(64)}`],
    ['99,991 lines', `a:\n${'  - 1\n'.repeat(99_990)}`],
  ])('%s parses', (_, text) => {
    const input = parseYamlInput(text);
    expect(input.problem).toBeUndefined();
    expect(yamlValue(input).problem).toBeUndefined();
  });

  it.each([
    ['nested 65 deep', `${'['.repeat(65)}${']'.repeat(65)}`, 1, 'nested deeper than 64 levels'],
    ['nested deep on line 3', `a: 1\nb: 2\nc: ${'{x: '.repeat(70)}`, 3, 'nested deeper than 64 levels'],
    [
      '100,001 commas',
      `[${'1,'.repeat(100_001)}1]`,
      1,
      'more than 100,000 lines and list items: too many to read',
    ],
  ])('%s is refused at its line', (_, text, line, message) => {
    expect(parseYamlInput(text).problem).toEqual({ line, message });
  });

  it('a syntax error is reported as one, for the caller to word', () => {
    expect(parseYamlInput('a: [1, 2\nb: 3\n').problem).toMatchObject({ syntax: true });
  });
});
