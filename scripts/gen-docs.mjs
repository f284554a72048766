// Writes completions/ and man/ from the built command tree (run `npm run build` first, or `npm run docs`).
// With --check, writes nothing and exits 1 naming the files that differ from what would be generated.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bash } from './docs/bash.mjs';
import { fish } from './docs/fish.mjs';
import { man } from './docs/man.mjs';
import { loadModel } from './docs/model.mjs';
import { zsh } from './docs/zsh.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manPath = 'man/secscan.1';

function readCommitted(path) {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
}

/** The man page keeps its date until its content changes, so regenerating an unchanged tree is a no-op. */
function manPage(model) {
  const committed = readCommitted(manPath);
  const previous = /^\.TH SECSCAN 1 (\S+)/m.exec(committed ?? '')?.[1];
  if (previous) {
    const page = man(model, previous);
    if (page === committed) return page;
  }
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const now = epoch ? new Date(Number(epoch) * 1000) : new Date();
  return man(model, now.toISOString().slice(0, 10));
}

const model = await loadModel();
const files = {
  'completions/secscan.bash': bash(model),
  'completions/_secscan': zsh(model),
  'completions/secscan.fish': fish(model),
  [manPath]: manPage(model),
};

if (process.argv.includes('--check')) {
  const stale = Object.keys(files).filter((path) => readCommitted(path) !== files[path]);
  if (stale.length) {
    console.error(`stale generated files: ${stale.join(', ')} (regenerate with \`npm run docs\`)`);
    process.exit(1);
  }
} else {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
    console.log(`wrote ${path}`);
  }
}
