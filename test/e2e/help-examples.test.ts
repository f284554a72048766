import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandEntry, Manifest } from '../../src/commands/manifest.js';
import { shellWords } from '../../src/help/text.js';
import { bin, type RunningSandbox, startSandbox } from './sandbox.js';

/**
 * The examples of `--help` run as written: every example of a reading command of the access, settings and
 * audit nouns, against a fresh sandbox, succeeds and prints something (an e-mail or id the sandbox does
 * not know would print nothing, or fail).
 */
const manifest = JSON.parse(
  readFileSync(new URL('../../dist/manifest.json', import.meta.url), 'utf8'),
) as Manifest;

const nouns = ['teams', 'groups', 'users', 'saml', 'org', 'policies', 'webhook', 'searches', 'integrations'];
nouns.push('backups', 'audit');
/** Verbs that only read; `webhook show` and the cloud and board reads need a set-up first. */
const reading = /^(list|show|merged|events|invitations|export|scm-secrets|status)$/;
const needsSetUp = /^(webhook show|integrations (cloud|board) )/;

function examples(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (entry: CommandEntry, words: string[]) => {
    const path = [...words, entry.name];
    if (entry.kind === 'verb' && reading.test(entry.name) && !needsSetUp.test(path.join(' '))) {
      for (const example of entry.examples) out.push([path.join(' '), example]);
    }
    for (const child of entry.commands ?? []) walk(child, path);
  };
  for (const entry of manifest.commands.filter((c) => nouns.includes(c.name))) walk(entry, []);
  return out;
}

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
});

describe('the examples of reading commands run as written against the sandbox', () => {
  const cases = examples();

  it('are found', () => {
    expect(cases.length).toBeGreaterThan(25);
  });

  it.each(cases)('%s: %s', async (_command, example) => {
    // The secscan command (before a pipe or a redirection), its words as the shell reads them.
    const command = (example.split(' | ')[0] as string).replace(/ > \S+$/, '');
    const words = shellWords(command).map((w) => w.replace(/^"(.*)"$/, '$1'));
    expect(words[0]).toBe('secscan');
    expect(words.some((w) => /^[|<>]/.test(w))).toBe(false);
    const result = await execa('node', [bin, ...words.slice(1)], {
      env: {
        ...sandbox.settings,
        SECSCAN_CONFIG_DIR: '/nonexistent-secscan-config',
      },
      extendEnv: false,
      reject: false,
    });
    expect({ code: result.exitCode, stderr: result.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(result.stdout.trim()).not.toBe('');
  });
});
