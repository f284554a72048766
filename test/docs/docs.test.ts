import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exitCodesHelp } from '../../src/main.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const install = '.ci/run installs them (apt-get install -y zsh fish mandoc, via scripts/ensure-tools.mjs)';

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 15_000, ...options });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${command} is not installed; the completion and man page tests need it: ${install}`);
  }
  if (result.error) throw result.error;
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

const bashCompletes = (words: string[]) =>
  run('bash', [
    '--norc',
    '--noprofile',
    '-c',
    // a bash array expansion, not a template
    'source completions/secscan.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _secscan; echo "${COMPREPLY[*]}"',
    'bash',
    ...words,
  ]).stdout.trim();

const zshShows = (line: string) =>
  run('zsh', ['-f', 'test/docs/zsh-complete.zsh', 'completions/_secscan', line]);

const fishCompletes = (line: string) =>
  run('fish', ['--no-config', '-c', 'source completions/secscan.fish; complete -C $argv[1]', line])
    .stdout.split('\n')
    .map((row) => row.split('\t')[0]);

describe('generated completions and man page', () => {
  it('are up to date with the command tree (npm run docs regenerates them)', () => {
    const { status, stdout, stderr } = run(process.execPath, ['scripts/gen-docs.mjs', '--check']);
    expect(stdout + stderr).toBe('');
    expect(status).toBe(0);
  });

  it('man page passes mandoc -Tlint with no message at all', () => {
    const { status, stdout, stderr } = run('mandoc', ['-Tlint', 'man/secscan.1']);
    expect(stdout + stderr).toBe('');
    expect(status).toBe(0);
  });

  it('man page documents the exit codes with the text of `secscan help exit-codes`', () => {
    const rendered = run('mandoc', ['-Tascii', '-Owidth=400', 'man/secscan.1']).stdout;
    const page = rendered.replace(/.\x08/g, '').replace(/\s+/g, ' ');
    for (const line of exitCodesHelp.trim().split('\n')) {
      expect(page).toContain(line.trim().replace(/\s+/g, ' '));
    }
    expect(page).toContain('SECSCAN(1)');
    expect(page).toContain('secscan tokens create [options]');
    expect(page).toContain('NODE_EXTRA_CA_CERTS');
  });
});

describe('bash completion', () => {
  it('completes nouns, verbs, aliases and flags', () => {
    expect(bashCompletes(['secscan', 'tok'])).toBe('tokens');
    expect(bashCompletes(['secscan', '--profile', 'ci', 'config', 'l'])).toBe('list ls');
    expect(bashCompletes(['secscan', 'tokens', 'create', '--ty'])).toBe('--type');
    expect(bashCompletes(['secscan', 'roles', 'ls', '--acc'])).toBe('--access-token');
  });

  it('completes option values, in both --opt value and --opt=value forms', () => {
    expect(bashCompletes(['secscan', 'tokens', 'list', '-o', ''])).toBe('table tsv json ndjson yaml csv');
    expect(bashCompletes(['secscan', 'tokens', 'create', '--type', ''])).toBe('access integration');
    expect(bashCompletes(['secscan', 'tokens', 'list', '--output', '=', 'nd'])).toBe('ndjson');
    expect(bashCompletes(['secscan', '-o', 'json', 'tokens', ''])).toBe('create delete list ls rm');
  });

  it('completes file names for options that take a file', () => {
    expect(bashCompletes(['secscan', 'api', 'POST', '/x', '--input', 'test/docs/docs.te'])).toBe(
      'test/docs/docs.test.ts',
    );
  });
});

describe('zsh completion', () => {
  it('loads after compinit without a message', () => {
    const script =
      'autoload -U compinit && compinit -u -D && source completions/_secscan && whence -w _secscan';
    const { status, stdout, stderr } = run('zsh', ['-f', '-c', script]);
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('_secscan: function');
    expect(status).toBe(0);
  });

  it('completes nouns, verbs, flags and option values in an interactive shell', () => {
    expect(zshShows('secscan tok').stdout).toContain('secscan tokens');
    expect(zshShows('secscan -o json tokens ').stdout).toMatch(/delete +rm +-- Delete \(revoke\) a token/);
    expect(zshShows('secscan tokens create --ty').stdout).toContain('--type');
    expect(zshShows('secscan tokens list -o ').stdout).toMatch(/csv +json +ndjson +table +tsv +yaml/);
    expect(zshShows('secscan tokens list --type ').stdout).toMatch(/access +integration/);
  }, 40_000);
});

describe('fish completion', () => {
  it('completes nouns, verbs, flags and option values', () => {
    expect(fishCompletes('secscan tok')).toContain('tokens');
    expect(fishCompletes('secscan --org x tokens ')).toEqual(
      expect.arrayContaining(['create', 'delete', 'list', 'ls', 'rm']),
    );
    expect(fishCompletes('secscan tokens create --ty')).toContain('--type');
    expect(fishCompletes('secscan tokens list -o ')).toEqual(
      expect.arrayContaining(['table', 'tsv', 'json', 'ndjson', 'yaml', 'csv']),
    );
    expect(fishCompletes('secscan tokens create --type ')).toEqual(
      expect.arrayContaining(['access', 'integration']),
    );
  });
});
