import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authEnv, useCli } from '../helpers/cli.js';

/**
 * Issue 18, item 5: a YAML or JSON file is parsed so that it cannot run away, whatever command reads it:
 * aliases expanded at most 100 times, nesting at most 64 deep, at most 100,000 lines and list items. Each
 * is a configuration error (exit 3) at a line of the file, before any request.
 */
const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-input-parse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const laughs = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefgh'.split('').map((k, i) => {
    const prev = 'abcdefgh'[i] as string;
    return `${k}: &${k} [${Array(9).fill(`*${prev}`).join(',')}]`;
  }),
].join('\n');

/** [name, file content, the reason the error gives]. */
const spoiled: [string, string, RegExp][] = [
  [
    'an alias bomb ("billion laughs")',
    `${laughs}\n`,
    /^its aliases \(\*name\) expand to too much: at most 100 are read$/,
  ],
  [
    'flow lists nested 10,000 deep',
    `rules: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`,
    /^nested deeper than 64 levels$/,
  ],
  [
    'flow maps nested 100 deep',
    `rules: ${'{a: '.repeat(100)}1${'}'.repeat(100)}\n`,
    /^nested deeper than 64 levels$/,
  ],
  [
    'a block list nested 1,000 deep on one line',
    `rules:\n  ${'- '.repeat(1000)}x\n`,
    /^nested deeper than 64 levels$/,
  ],
  [
    'block maps nested 100 deep',
    `${Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} 1\n`,
    /^nested deeper than 64 levels$/,
  ],
  [
    '120,000 list items',
    `rules:\n${'  - 1\n'.repeat(120_000)}`,
    /^more than 100,000 lines and list items: too many to read$/,
  ],
  [
    '120,000 items of a flow list',
    `rules: [${'1,'.repeat(120_000)}1]\n`,
    /^more than 100,000 lines and list items: too many to read$/,
  ],
];

/** [argv with FILE for the file, how the error names it (before `FILE:LINE: `)]. */
const readers: [string[], string][] = [
  [['scans', 'check', '--compound', 'shop', '--rules', 'FILE'], ''],
  [['rules', 'convert', 'FILE'], ''],
  [['policies', 'push', 'FILE', '--name', 'gate'], ''],
  [['teams', 'apply', 'FILE'], ''],
  [['teams', 'config', 'patch', 'web', 'FILE'], ''],
  [['org', 'config', 'patch', 'FILE'], ''],
  [['saml', 'provision', 'FILE'], ''],
  [['apps', 'config', 'patch', 'payments-api', '--file', 'FILE'], '--file: '],
  [['apps', 'create', '--from-file', 'FILE'], '--from-file: '],
  [
    [
      ...['webhook', 'set', '--url', 'https://h.example.com/x', '--event', 'scan.finished'],
      ...['--auth', 'bearer', '--token-stdin', '--renewal', 'FILE'],
    ],
    '',
  ],
];

const files = spoiled.map(([name, text], i) => {
  const file = join(dir, `spoiled-${i}.yml`);
  writeFileSync(file, text);
  return [name, file] as const;
});

describe('a YAML or JSON file that would run the parser away is exit 3 at its line, nothing sent', () => {
  const cases = readers.flatMap(([argv, prefix]) =>
    spoiled.map(([name, , reason], i) => {
      const file = files[i]?.[1] as string;
      return [`${argv[0]} ${argv[1]}: ${name}`, argv, prefix, file, reason] as const;
    }),
  );

  it.each(cases)('%s', async (_, argv, prefix, file, reason) => {
    const r = await cli.run(
      argv.map((a) => a.replace('FILE', file)),
      { env: authEnv(), stdin: 'token\n' },
    );
    const line = r.stderr.split('\n')[0] ?? '';
    const at = `error: ${prefix}${file}:`;
    expect({ code: r.code, stdout: r.stdout, at: line.slice(0, at.length) }).toEqual({
      code: 3,
      stdout: '',
      at,
    });
    expect(line.slice(at.length)).toMatch(/^\d+: /);
    expect(line.slice(at.length).replace(/^\d+: /, '')).toMatch(reason);
    expect(cli.calls()).toEqual([]);
  });
});
