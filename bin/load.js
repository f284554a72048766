// Loads the bundled CLI (dist/secscan.cjs) with V8's code cache (dist/secscan.cache), so a run skips
// compiling the code it has run before: Node 20 has no compile cache of its own for ES modules.
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

// undici's HTTP parser is WebAssembly: optimising it costs ~80 ms and ~40 MB per run; baseline code parses
// a command's few responses as fast. Set before anything compiles, so the code cache's flag hash matches.
v8.setFlagsFromString('--liftoff-only');

export const bundleFile = fileURLToPath(new URL('../dist/secscan.cjs', import.meta.url));
export const cacheFile = fileURLToPath(new URL('../dist/secscan.cache', import.meta.url));

/** The bundle's exports; `script` lets the build write a fresh cache after a warm-up. */
export function loadBundle({ useCache = true } = {}) {
  const source = readFileSync(bundleFile, 'utf8');
  let cachedData;
  if (useCache) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new vm.Script(Module.wrap(source), { filename: bundleFile, cachedData });
  const module = { exports: {} };
  script
    .runInThisContext()
    .call(module.exports, module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile));
  return { exports: module.exports, script };
}
