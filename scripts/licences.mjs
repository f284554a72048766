// The licences of the packages a bundle holds, read from esbuild's metafile: each package's name, version,
// declared licence and licence file, in one Markdown file shipped beside the bundle (the CLI's
// dist/THIRD-PARTY-LICENSES.md, the sandbox package's). A bundled package without a licence file fails the
// build: what is shipped carries its notice.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The packages (name and folder) whose files are inputs of the bundle, sorted by name. */
export function bundledPackages(metafile, workingDir) {
  const bundled = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const at = input.lastIndexOf('node_modules/');
    if (at === -1) continue;
    const name = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input.slice(at))?.[1];
    if (name && !bundled.has(`${input.slice(0, at)}${name}`)) {
      bundled.set(`${input.slice(0, at)}${name}`, {
        name,
        root: resolve(workingDir, input.slice(0, at), 'node_modules', name),
      });
    }
  }
  return [...bundled.values()].sort((a, b) => a.name.localeCompare(b.name) || a.root.localeCompare(b.root));
}

/** Writes `file`: a heading, then each bundled package's notice. */
export function writeLicences(file, heading, metafile, workingDir) {
  const notices = bundledPackages(metafile, workingDir).map(({ name, root }) => {
    const { version, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const licence = readdirSync(root).find((f) => /^licen[cs]e/i.test(f));
    if (!licence) throw new Error(`${name}: no licence file to ship with the bundle`);
    return `## ${name} ${version} (${license})\n\n${readFileSync(join(root, licence), 'utf8').trim()}\n`;
  });
  writeFileSync(file, `# ${heading}\n\n${notices.join('\n')}`);
}
