// Writes completions/, man/man1/, docs/reference/ and package.json's `man` field from the built command tree (run
// `npm run build` first, or `npm run docs`). With --check, writes nothing and exits 1 naming the files that
// differ from what would be generated (and man pages or reference pages no command has any more).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { bash } from './docs/bash.mjs';
import { fish } from './docs/fish.mjs';
import { nounPage, rootPage } from './docs/man.mjs';
import { referencePages } from './docs/markdown.mjs';
import { loadModel } from './docs/model.mjs';
import { zsh } from './docs/zsh.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function readCommitted(path) {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
}

/** A man page keeps its date until its content changes, so regenerating an unchanged tree is a no-op. */
function dated(path, render) {
  const committed = readCommitted(path);
  const previous = /^\.TH \S+ 1 (\S+)/m.exec(committed ?? '')?.[1];
  if (previous) {
    const page = render(previous);
    if (page === committed) return page;
  }
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const now = epoch ? new Date(Number(epoch) * 1000) : new Date();
  return render(now.toISOString().slice(0, 10));
}

const model = await loadModel();
const pkg = JSON.parse(readCommitted('package.json'));
const pages = {
  // In man/man1/, so `MANPATH=CHECKOUT/man man secscan` finds them, as man(1) looks in SECTION dirs.
  'man/man1/secscan.1': (date) => rootPage(model, date, pkg.version),
  ...Object.fromEntries(
    model.root.children
      .filter((noun) => !noun.pseudo)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((noun) => [`man/man1/secscan-${noun.name}.1`, (date) => nounPage(noun, model, date, pkg.version)]),
  ),
};
const files = {
  'completions/secscan.bash': bash(model),
  'completions/_secscan': zsh(model),
  'completions/secscan.fish': fish(model),
  ...Object.fromEntries(Object.entries(pages).map(([path, render]) => [path, dated(path, render)])),
};
// The reference in the house's Markdown style, so `prettier --check .` passes on it as on every page.
const { schemaPage } = await import('../build/sync/schema-doc.js');
for (const [path, markdown] of Object.entries({
  ...referencePages(model),
  'docs/reference/database.md': schemaPage(),
})) {
  const options = (await resolveConfig(join(root, path))) ?? {};
  files[path] = await format(markdown, { ...options, filepath: join(root, path) });
}
// `npm i -g` installs the pages listed here into the prefix's man directory.
const man = Object.keys(pages).map((path) => `./${path}`);
files['package.json'] = `${JSON.stringify({ ...pkg, man }, null, 2)}\n`;
if (!('man' in pkg)) {
  // Keep the field where a reader expects it: after `bin`.
  const ordered = {};
  for (const [key, value] of Object.entries(pkg)) {
    ordered[key] = value;
    if (key === 'bin') ordered.man = man;
  }
  files['package.json'] = `${JSON.stringify({ ...ordered, man }, null, 2)}\n`;
}

const listed = (dir) => {
  try {
    return readdirSync(join(root, dir)).map((name) => `${dir}/${name}`);
  } catch {
    return [];
  }
};
// Pages of an older layout (man/*.1) and of commands gone are removed.
const leftOver = [...listed('man'), ...listed('man/man1'), ...listed('docs/reference')].filter(
  (path) => path !== 'man/man1' && !(path in files),
);

if (process.argv.includes('--check')) {
  const stale = Object.keys(files).filter((path) => readCommitted(path) !== files[path]);
  if (stale.length || leftOver.length) {
    const what = [...stale, ...leftOver.map((path) => `${path} (no such command)`)];
    console.error(`stale generated files: ${what.join(', ')} (regenerate with \`npm run docs\`)`);
    process.exit(1);
  }
} else {
  for (const [path, content] of Object.entries(files)) {
    if (readCommitted(path) === content) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
  for (const path of leftOver) {
    rmSync(join(root, path));
    console.log(`removed ${path}`);
  }
}
