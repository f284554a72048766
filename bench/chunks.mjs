// The build's chunk graph (build/metafile.json, written by `npm run build`): what every run loads before
// the command is known (the static imports of cli.js), then each verb's own load, largest first, with the
// packages it pulls in. Loads that follow a dynamic import (undici on the first request, zod schemas on
// the first answer, yaml for -o yaml) are not counted: they happen only when the verb gets there.
// `node bench/chunks.mjs [PATTERN]` also lists the source modules of the verbs whose path holds PATTERN.
import { readFileSync } from 'node:fs';

const meta = JSON.parse(readFileSync(new URL('../build/metafile.json', import.meta.url), 'utf8'));
const outputs = meta.outputs;
const pattern = process.argv[2];

function closure(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const i of outputs[name].imports) {
    if (i.kind === 'import-statement' && outputs[i.path]) closure(i.path, seen);
  }
  return seen;
}

function describe(names) {
  let bytes = 0;
  const packages = new Set();
  const sources = new Set();
  for (const name of names) {
    bytes += outputs[name].bytes;
    for (const input of Object.keys(outputs[name].inputs)) {
      const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      if (pkg) packages.add(pkg);
      else sources.add(input);
    }
  }
  return { bytes, packages: [...packages], sources: [...sources] };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint === 'src/cli.ts');
const common = describe(closure(entry));
console.log(`every run: ${kib(common.bytes)}, packages: ${common.packages.join(', ') || 'none'}`);
console.log(`  ${common.sources.join('\n  ')}`);

const verbs = Object.entries(outputs)
  .filter(([, o]) => /^src\/commands\/.+\.ts$/.test(o.entryPoint ?? ''))
  .map(([name, o]) => ({ path: o.entryPoint.replace('src/commands/', ''), ...describe(closure(name)) }))
  .sort((a, b) => b.bytes - a.bytes);
console.log('\nverb modules with what they load statically (dynamic imports not counted):');
for (const v of verbs) {
  console.log(`${kib(v.bytes).padStart(11)}  ${v.path.padEnd(42)} ${v.packages.join(', ')}`);
  if (pattern && v.path.includes(pattern)) console.log(`             ${v.sources.join(' ')}`);
}
