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

/** The MIT licence, for a package that declares it without shipping its text. */
function mitText(holder) {
  return `MIT License (declared in package.json; the package ships no licence file)

Copyright (c) ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without
limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
the Software, and to permit persons to whom the Software is furnished to do so, subject to the following
conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial
portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED
TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL
THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
DEALINGS IN THE SOFTWARE.`;
}

/** Writes `file`: a heading, then each bundled package's notice. */
export function writeLicences(file, heading, metafile, workingDir) {
  const notices = bundledPackages(metafile, workingDir).map(({ name, root }) => {
    const { version, license, author } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const licence = readdirSync(root).find((f) => /^licen[cs]e/i.test(f));
    if (!licence) {
      // A few packages declare MIT and ship no file (pg-types, pgpass): the licence they declare, with
      // their author's name, is the notice.
      const holder = typeof author === 'string' ? author : author?.name;
      if (license !== 'MIT' || !holder) throw new Error(`${name}: no licence file to ship with the bundle`);
      return `## ${name} ${version} (${license})\n\n${mitText(holder)}\n`;
    }
    return `## ${name} ${version} (${license})\n\n${readFileSync(join(root, licence), 'utf8').trim()}\n`;
  });
  writeFileSync(file, `# ${heading}\n\n${notices.join('\n')}`);
}
