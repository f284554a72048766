// Loads the bundled CLI from dist/chunks/ with V8's code cache beside each chunk (NAME.cjs.cache): a run
// reads and compiles only the chunks its command needs, and skips compiling what it ran before. Node 20 has
// no compile cache of its own for ES modules, so the build writes the chunks as CommonJS for this loader.
'use strict';
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');

// undici's HTTP parser is WebAssembly: optimising it costs ~80 ms and ~40 MB per run; baseline code parses
// a command's few responses as fast. Set before anything compiles, so the code caches' flag hash matches.
v8.setFlagsFromString('--liftoff-only');

const chunksDir = join(__dirname, '..', 'dist', 'chunks');
const nodeRequire = Module.createRequire(join(chunksDir, 'index.cjs'));

/** Chunks loaded so far, with their scripts (the build writes their code caches after a warm-up). */
const loaded = new Map();

function readCache(file) {
  try {
    return readFileSync(`${file}.cache`);
  } catch {
    return undefined;
  }
}

/** Runs one chunk (once) and returns its exports; chunks require each other by relative path. */
function requireChunk(name, { useCache = true } = {}) {
  const file = join(chunksDir, name);
  const known = loaded.get(file);
  if (known) return known.module.exports;
  const source = readFileSync(file, 'utf8');
  // The build wrote each chunk already wrapped as a CommonJS module's function.
  const script = new vm.Script(source, {
    filename: file,
    cachedData: useCache ? readCache(file) : undefined,
  });
  const module = { exports: {} };
  loaded.set(file, { module, script });
  const require = (id) => (id.startsWith('./') ? requireChunk(id.slice(2), { useCache }) : nodeRequire(id));
  script.runInThisContext().call(module.exports, module.exports, require, module, file, dirname(file));
  return module.exports;
}

module.exports = { chunksDir, loaded, requireChunk };
