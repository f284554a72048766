import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every `npm install` / `npm i` / `npm add` / `npx` the docs show (README.md, docs/, CONTRIBUTING.md, the
 * packages' READMEs; in code blocks and code spans) installs or runs a file, a URL, this checkout, or a
 * package that is a real dependency of this project: never a name the registry may serve to someone else
 * (`@secscan/sandbox` and `secscan` are not ours there).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function docs(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md'];
  for (const pkg of readdirSync(join(root, 'packages'))) {
    if (existsSync(join(root, 'packages', pkg, 'README.md'))) files.push(`packages/${pkg}/README.md`);
  }
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
    );
  if (existsSync(join(root, 'docs'))) files.push(...walk('docs'));
  return files;
}

/** The code of a Markdown text: each line of its fenced blocks, and each code span (joined if it wraps). */
export function codeOf(markdown: string): string[] {
  const code: string[] = [];
  const prose = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```$/gm, (_, block: string) => {
    code.push(...block.split('\n'));
    return '';
  });
  for (const m of prose.matchAll(/`([^`]+)`/g)) code.push((m[1] as string).replace(/\s*\n\s*/g, ' '));
  return code;
}

export interface Installed {
  command: string;
  /** The registry package names it installs or runs (files, URLs and `.` left out). */
  names: string[];
}

/** The installs and npx runs of a line of code, with the registry names they name. */
export function installs(line: string): Installed[] {
  const found: Installed[] = [];
  for (const m of line.matchAll(/\b(npm (?:install|i|add)|npx)(?![\w-])([^;&|()#`]*)/g)) {
    const npx = m[1] === 'npx';
    const words = (m[2] as string).trim().split(/\s+/).filter(Boolean);
    const names: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = (words[i] as string).replace(/^["']|["']$/g, '');
      if (word.startsWith('-')) {
        if (['--prefix', '--registry', '--package', '-p'].includes(word)) i += 1;
        continue;
      }
      const local =
        /^(\.|\.\.|~)?\//.test(word) || word === '.' || word.endsWith('.tgz') || word.includes('://');
      if (!local) names.push(word.replace(/(.)@[^/]*$/, '$1'));
      // npx runs its first word; what follows is the command's own arguments.
      if (npx) break;
    }
    found.push({ command: `${m[1]}${m[2]}`.trim(), names });
  }
  return found;
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  workspaces?: string[];
}

/** This project's dependencies (of the root and its workspaces), and the commands their packages provide. */
function dependencies(): { names: Set<string>; bins: Set<string> } {
  const read = (dir: string) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
  const top = read('.');
  const manifests = [top, ...(top.workspaces ?? []).map(read)];
  const names = new Set(
    manifests.flatMap((m) =>
      Object.keys({ ...m.dependencies, ...m.devDependencies, ...m.optionalDependencies }),
    ),
  );
  const bins = new Set<string>();
  for (const name of names) {
    const file = join(root, 'node_modules', name, 'package.json');
    if (!existsSync(file)) continue;
    const { bin } = JSON.parse(readFileSync(file, 'utf8')) as { bin?: string | Record<string, string> };
    if (typeof bin === 'string') bins.add(name.replace(/^@[^/]+\//, ''));
    else for (const command of Object.keys(bin ?? {})) bins.add(command);
  }
  return { names, bins };
}

describe('install lines in the docs', () => {
  it('name no registry package that is not a dependency of this project', () => {
    const { names, bins } = dependencies();
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const file of docs()) {
      for (const line of codeOf(readFileSync(join(root, file), 'utf8'))) {
        for (const { command, names: used } of installs(line)) {
          seen.push(command);
          for (const name of used) {
            const npx = command.startsWith('npx');
            if (!names.has(name) && !(npx && bins.has(name))) wrong.push(`${file}: ${command}: ${name}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The docs do show installs: the ones of the release, of the sandbox package, and dependencies run by npx.
    expect(seen).toEqual(
      expect.arrayContaining([
        'npm install -g ./secscan-X.Y.Z.tgz',
        expect.stringMatching(
          /^npm install --save-dev "https:\/\/github\.com\/\$SECSCAN_REPO\/releases\/download\/v[\d.]+\/secscan-sandbox-[\d.]+\.tgz"$/,
        ),
        expect.stringMatching(/^npx @microsoft\/sarif-multitool /),
      ]),
    );
  });

  it('tells a registry name from a file, a URL and this checkout', () => {
    expect(installs('npm install --save-dev @secscan/sandbox')).toEqual([
      { command: 'npm install --save-dev @secscan/sandbox', names: ['@secscan/sandbox'] },
    ]);
    expect(installs('npm i -g secscan@0.1.0 && secscan --version')[0]?.names).toEqual(['secscan']);
    expect(installs('npm i -g .   (then `secscan` is on your PATH)')[0]?.names).toEqual([]);
    expect(installs('npm install -g ./secscan-0.1.0.tgz')[0]?.names).toEqual([]);
    expect(installs('npm install -D "https://example.test/secscan-sandbox-0.1.0.tgz"')[0]?.names).toEqual([]);
    expect(installs('npx vitest run test/commands/NOUN')[0]?.names).toEqual(['vitest']);
    expect(installs('npx --yes left-pad-cli x')[0]?.names).toEqual(['left-pad-cli']);
    // npm's other commands that begin with a word of install are not installs.
    expect(installs('npm install-scripts deny esbuild; npm install-test')).toEqual([]);
    expect(codeOf('a `npm install --save-dev\n./x.tgz` b\n\n```sh\nnpx tsc\n```\n')).toEqual([
      'npx tsc',
      '',
      'npm install --save-dev ./x.tgz',
    ]);
  });
});
