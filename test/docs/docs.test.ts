import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/commands/manifest.js';
import { exitCodesHelp } from '../../src/main.js';
import { baseFormatNames } from '../../src/output/base/index.js';
import { formatsOf } from '../../src/output/export/spec.js';
import { accessFileDocument } from '../../src/output/export/texts.js';
import { findingsDocument } from '../../src/output/export/findings.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const install = '.ci/run installs them (apt-get install -y zsh fish mandoc, via scripts/ensure-tools.mjs)';
// The generator reads the built manifest: the project's `npm test` builds first.
const manifest = JSON.parse(
  readFileSync(new URL('../../dist/manifest.json', import.meta.url), 'utf8'),
) as Manifest;
const pages = ['man/man1/secscan.1', ...manifest.commands.map((c) => `man/man1/secscan-${c.name}.1`)];

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 30_000, ...options });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${command} is not installed; the completion and man page tests need it: ${install}`);
  }
  if (result.error) throw result.error;
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** What bash completes at the end of `line`, its words split as bash splits them (at = and : too). */
const bashCompletes = (line: string) =>
  run('bash', [
    '--norc',
    '--noprofile',
    '-c',
    // bash, not a template: split the line as readline does, then call the completion function.
    `source completions/secscan.bash
     COMP_LINE=$1 COMP_POINT=\${#1}
     words=()
     for w in $1; do
       while [[ $w == *[=:]* ]]; do pre=\${w%%[=:]*}; [[ -n $pre ]] && words+=("$pre"); words+=("\${w:\${#pre}:1}"); w=\${w:\${#pre}+1}; done
       [[ -n $w ]] && words+=("$w")
     done
     [[ $1 == *' ' ]] && words+=('')
     COMP_WORDS=("\${words[@]}") COMP_CWORD=$((\${#words[@]} - 1))
     _secscan
     echo "\${COMPREPLY[*]}"`,
    'bash',
    line,
  ]).stdout.trim();

const zshShows = (line: string) =>
  run('zsh', ['-f', 'test/docs/zsh-complete.zsh', 'completions/_secscan', line]);

const fishCompletes = (line: string) =>
  run('fish', ['--no-config', '-c', 'source completions/secscan.fish; complete -C $argv[1]', line])
    .stdout.split('\n')
    .filter(Boolean)
    .map((row) => row.split('\t')[0]);

describe('generated completions, man pages and reference', () => {
  it('are up to date with the command tree (npm run docs regenerates them, docs/reference/ too)', () => {
    const { status, stdout, stderr } = run(process.execPath, ['scripts/gen-docs.mjs', '--check']);
    expect(stdout + stderr).toBe('');
    expect(status).toBe(0);
  });

  it('are one man page per noun of the manifest, each listed in package.json for npm i -g', () => {
    expect(readdirSync(`${root}/man`)).toEqual(['man1']);
    expect(readdirSync(`${root}/man/man1`).sort()).toEqual(
      pages.map((p) => p.slice('man/man1/'.length)).sort(),
    );
    const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
    expect([...pkg.man].sort()).toEqual(pages.map((p) => `./${p}`).sort());
    expect(pkg.scripts.prepack).toContain('build');
    expect(pkg.files).toEqual(expect.arrayContaining(['man', 'completions', 'dist', 'bin']));
  });

  it('are found by man(1) with MANPATH set to the checkout’s man/', () => {
    const found = run('man', ['-w', 'secscan', 'secscan-findings'], {
      env: { ...process.env, MANPATH: join(root, 'man') },
    });
    expect(found.stderr).toBe('');
    expect(found.stdout.trim().split('\n')).toEqual([
      join(root, 'man/man1/secscan.1'),
      join(root, 'man/man1/secscan-findings.1'),
    ]);
  });

  it.each(pages)('%s passes mandoc -T lint with no message, style included', (page) => {
    const { status, stdout, stderr } = run('mandoc', ['-T', 'lint', '-W', 'all', page]);
    expect(stdout + stderr).toBe('');
    expect(status).toBe(0);
  });

  it.each(pages)(
    '%s: whatis and apropos read its NAME line in plain ASCII (no [u2019], no backticks)',
    (page) => {
      // lexgrog (man-db) is what mandb indexes for whatis and apropos: it prints the NAME line as they do.
      const { status, stdout } = run('lexgrog', [page]);
      expect(status).toBe(0);
      const line = /: "(.*)"$/.exec(stdout.trim())?.[1] ?? '';
      expect(line).toMatch(/^secscan(-[a-z-]+)? - \S/);
      expect(line).toMatch(/^[\x20-\x7e]+$/);
      expect(line).not.toMatch(/\[u[0-9A-F]{4}\]|`/);
    },
  );

  it.each(pages)(
    '%s renders at 80 columns without a groff warning, a hyphenated word or a long line',
    (page) => {
      const groff = run('groff', ['-man', '-Tutf8', '-ww', '-z', page]);
      expect(groff.stderr).toBe('');
      const man = run('man', ['-l', page], {
        env: { ...process.env, MANWIDTH: '80', MANPAGER: 'cat', LANG: 'C.UTF-8' },
      });
      expect(man.stderr).toBe('');
      const lines = man.stdout.replace(/.\x08/g, '').split('\n');
      expect(lines.filter((line) => /[\w]‐$|\w-$/.test(line.trimEnd()))).toEqual([]);
      expect(lines.filter((line) => line.length > 80)).toEqual([]);
      // Inline code is bold (or a value italic), never shown as Markdown's backticks.
      expect(lines.filter((line) => line.includes('`'))).toEqual([]);
    },
  );

  it('secscan(1) documents the exit codes with the text of `secscan help exit-codes`, and the topics', () => {
    const rendered = run('mandoc', ['-Tascii', '-Owidth=400', 'man/man1/secscan.1']).stdout;
    const page = rendered.replace(/.\x08/g, '').replace(/\s+/g, ' ');
    for (const line of exitCodesHelp.trim().split('\n')) {
      expect(page).toContain(line.trim().replace(/\s+/g, ' '));
    }
    for (const section of [
      'SECSCAN(1)',
      'ENVIRONMENT',
      'NODE_EXTRA_CA_CERTS',
      'OUTPUT',
      'RULES FILES',
      'EXIT STATUS',
    ]) {
      expect(page).toContain(section);
    }
    for (const noun of manifest.commands) expect(page).toContain(`secscan-${noun.name}(1)`);
  });

  it('every command of a noun has its section, usage and examples in the noun page', () => {
    // Long examples are broken between words with a backslash continuation: joined back here.
    const findings = run('mandoc', ['-Tascii', '-Owidth=400', 'man/man1/secscan-findings.1'])
      .stdout.replace(/.\x08/g, '')
      .replace(/ \\\n\s+/g, ' ');
    expect(findings).toContain('secscan findings list [options]');
    expect(findings).toContain('secscan findings comment add [options] finding-id text');
    expect(findings).toContain(
      'secscan findings list --app shiftleft-java-demo --severity critical --severity high',
    );
    const tokens = run('mandoc', ['-Tascii', '-Owidth=400', 'man/man1/secscan-tokens.1']).stdout.replace(
      /.\x08/g,
      '',
    );
    expect(tokens).toContain('secscan tokens create [options]');
  });

  it('documents the commands of a command (sandbox scan) and values with brackets inside', () => {
    const page = (name: string) =>
      run('mandoc', ['-Tascii', '-Owidth=400', `man/man1/secscan-${name}.1`])
        .stdout.replace(/.\x08/g, '')
        .replace(/ \\\n\s+/g, ' ');
    const sandbox = page('sandbox');
    expect(sandbox).toContain('secscan sandbox scan [options]');
    expect(sandbox).toContain('secscan sandbox scan --app shiftleft-java-demo --new critical=1');
    expect(sandbox).toContain('--new severity[:type]=n');
    // A value such as <user[:role]> is required, not optional: [user[:role] was printed before.
    expect(page('teams')).toContain('--add-member user[:role]');
    expect(page('scans')).toContain('--policy name[:tag]');
  });
});

describe('bash completion', () => {
  it('completes nouns, verbs, aliases and flags', () => {
    expect(bashCompletes('secscan tok')).toBe('tokens');
    expect(bashCompletes('secscan --profile ci config l')).toBe('list ls');
    expect(bashCompletes('secscan tokens create --ty')).toBe('--type');
    expect(bashCompletes('secscan roles ls --acc')).toBe('--access-token');
    expect(bashCompletes('secscan --org findings l')).toBe('list ls');
  });

  it('completes option values, in both --opt value and --opt=value forms', () => {
    expect(bashCompletes('secscan tokens list -o ')).toBe('table tsv json ndjson yaml csv');
    expect(bashCompletes('secscan findings list -o ')).toBe(
      'table tsv json ndjson yaml csv sarif codequality gitlab-sast',
    );
    expect(bashCompletes('secscan tokens create --type ')).toBe('access integration');
    expect(bashCompletes('secscan tokens list --output=nd')).toBe('ndjson');
    expect(bashCompletes('secscan tokens list --output=')).toBe('=table =tsv =json =ndjson =yaml =csv');
    expect(bashCompletes('secscan -o json tokens ')).toBe('create delete list ls rm');
    expect(bashCompletes('secscan findings status --set n')).toBe('none');
  });

  it('completes the fields of the command at hand, one after another', () => {
    expect(bashCompletes('secscan tokens list --fields ')).toBe(
      'id label token_type role_id expires_at description',
    );
    expect(bashCompletes('secscan findings list --fields id,sev')).toBe('id,severity');
    expect(bashCompletes('secscan findings list --fields id,severity,st')).toBe('id,severity,status');
  });

  it('does not offer a flag that conflicts with one on the line', () => {
    expect(bashCompletes('secscan policies push f --')).toContain('--use-defaults');
    expect(bashCompletes('secscan policies push f --tag x --u')).toBe('');
    expect(bashCompletes('secscan policies push f --tag=x --u')).toBe('');
    expect(bashCompletes('secscan policies push f --use-defaults --t')).toBe('--timeout');
    expect(bashCompletes('secscan roles update x --add-scope a:b --s')).toBe('');
  });

  it('completes shells, help topics and file names', () => {
    expect(bashCompletes('secscan completion ')).toBe('bash zsh fish');
    expect(bashCompletes('secscan help e')).toBe('exit-codes environment');
    expect(bashCompletes('secscan api POST /x --input test/docs/docs.te')).toBe('test/docs/docs.test.ts');
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
  }, 60_000);

  it('does not offer a flag that conflicts with one on the line', () => {
    expect(zshShows('secscan policies push f --').stdout).toContain('--use-defaults');
    expect(zshShows('secscan policies push f --tag x --').stdout).not.toContain('--use-defaults');
    expect(zshShows('secscan roles update x --scope a:b --').stdout).not.toContain('--add-scope');
  }, 60_000);

  it("offers a command's own output formats (the parent's -o does not take over)", () => {
    const formats = zshShows('secscan findings list -o ').stdout;
    for (const format of formatsOf(findingsDocument)) {
      expect(formats).toMatch(new RegExp(`(^|\\s)${format}(\\s|$)`, 'm'));
    }
    expect(zshShows('secscan scans check -o ').stdout).toMatch(/junit/);
    expect(zshShows('secscan scans check -o ').stdout).toMatch(/markdown/);
  }, 60_000);
});

describe('fish completion', () => {
  it('completes nouns, verbs, flags and option values', () => {
    expect(fishCompletes('secscan tok')).toContain('tokens');
    expect(fishCompletes('secscan --org x tokens ')).toEqual(
      expect.arrayContaining(['create', 'delete', 'list', 'ls', 'rm']),
    );
    expect(fishCompletes('secscan tokens create --ty')).toContain('--type');
    // Every format of the command, and no other (fish sorts them).
    const sorted = (names: readonly (string | undefined)[]) => [...names].sort();
    expect(sorted(fishCompletes('secscan tokens list -o '))).toEqual(sorted(baseFormatNames));
    expect(sorted(fishCompletes('secscan teams export -o '))).toEqual(sorted(formatsOf(accessFileDocument)));
    expect(fishCompletes('secscan findings list -o ')).toContain('sarif');
    expect(fishCompletes('secscan tokens create --type ')).toEqual(
      expect.arrayContaining(['access', 'integration']),
    );
    expect(fishCompletes('secscan findings list --fields id,s')).toEqual([
      'id,severity',
      'id,status',
      'id,suppressed',
    ]);
    expect(fishCompletes('secscan help ')).toEqual(expect.arrayContaining(['rules', 'findings']));
  });

  it('does not offer a flag that conflicts with one on the line', () => {
    expect(fishCompletes('secscan policies push f --')).toContain('--use-defaults');
    expect(fishCompletes('secscan policies push f --tag x --')).not.toContain('--use-defaults');
    expect(fishCompletes('secscan policies push f --tag=x --')).not.toContain('--use-defaults');
    expect(fishCompletes('secscan policies push f --use-defaults --')).not.toContain('--tag');
  });
});
