// Loads the bundled CLI from dist/chunks/ with V8's code cache beside each chunk (NAME.cjs.cache): a run
// reads and compiles only the chunks its command needs, and skips compiling what it ran before. Node 20 has
// no compile cache of its own for ES modules, so the build writes the chunks as CommonJS for this loader.
'use strict';
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');

// Every V8 flag a run sets, set here before anything compiles: the code caches carry a hash of the flags,
// and one set later (even by a single call) makes V8 refuse the cache of every chunk loaded after it (a
// gate then took 30 ms more). The build writes the caches with these flags (scripts/warm-cache.mjs).
// - undici's HTTP parser is WebAssembly: on Node.js 20, optimising it costs about half the CPU of an
//   `apps list` or a `scans check` (2.1x without the flag, `npm run bench:machinery`); baseline code parses
//   a command's few responses as fast. Node.js 24 tiers WebAssembly up lazily: there the flag saves nothing
//   (1.00x, 0.92x) and is not set.
// - The young generation stays at its initial size instead of doubling up to 32 MiB as allocation goes on:
//   scavenges come more often, each with as little to copy. A list of 100,000 findings peaks at 82-86 MiB
//   instead of 110-113 (with the full collections of src/api/prefetch.ts), `reports trends` over as many
//   takes 20% less time; start-up is the same.
// - `gc` for src/util/gc.ts, in a context of its own (the flag does not add it to this one).
// - A regular expression that backtracks past V8's limit goes on in its linear-time engine: a `/(a+)+$/` in
//   an ignore file (which a pull request can change) cannot stall the gate for hours.
if (Number(process.versions.node.split('.')[0]) < 22) v8.setFlagsFromString('--liftoff-only');
v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString('--expose-gc');
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');

/**
 * A loader of the chunks in `dir`: `read(file)` gives a chunk's source, `readCache(file)` its code cache (or
 * undefined). Here they are files in dist/chunks; in the single executable (scripts/release/sea-main.cjs) they are
 * its assets, under a directory named after the executable.
 */
function createLoader(dir, read, readCache) {
  const nodeRequire = Module.createRequire(join(dir, 'index.cjs'));
  /** Chunks loaded so far, with their scripts (the build writes their code caches after a warm-up). */
  const loaded = new Map();

  /** Runs one chunk (once) and returns its exports; chunks require each other by relative path. */
  function requireChunk(name, { useCache = true } = {}) {
    const file = join(dir, name);
    const known = loaded.get(file);
    if (known) return known.module.exports;
    const source = read(file);
    // The build wrote each chunk already wrapped as a CommonJS module's function.
    // Named as in the package, not by the directory it is in: V8 writes the name into the code cache, which
    // the build makes on its machine (a checkout's path must not ship; releases are reproducible).
    const script = new vm.Script(source, {
      filename: `secscan/dist/chunks/${name}`,
      cachedData: useCache ? readCache(file) : undefined,
    });
    // A cache refused costs the chunk a full compile: said under --debug (and checked by the e2e tests).
    if (
      script.cachedDataRejected &&
      (process.env.SECSCAN_DEBUG === '1' || process.argv.includes('--debug'))
    ) {
      process.stderr.write(`debug: V8 refused the code cache of ${name} (a V8 flag set after start?)\n`);
    }
    const module = { exports: {} };
    loaded.set(file, { module, script });
    const require = (id) => (id.startsWith('./') ? requireChunk(id.slice(2), { useCache }) : nodeRequire(id));
    script.runInThisContext().call(module.exports, module.exports, require, module, file, dirname(file));
    return module.exports;
  }
  return { loaded, requireChunk };
}

const chunksDir = join(__dirname, '..', 'dist', 'chunks');

function readCache(file) {
  try {
    return readFileSync(`${file}.cache`);
  } catch {
    return undefined;
  }
}

const { loaded, requireChunk } = createLoader(chunksDir, (file) => readFileSync(file, 'utf8'), readCache);

module.exports = { chunksDir, createLoader, loaded, requireChunk };
