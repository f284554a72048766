import { createRequire } from 'node:module';

/**
 * The file the jq worker requires for the engine: jq-wasm's inline build (jq and its WebAssembly in one
 * CommonJS file). The bundle ships a copy beside its chunks, and scripts/build.mjs swaps this module for one
 * that names it.
 */
export function jqEngineFile(): string {
  return createRequire(import.meta.url).resolve('jq-wasm/inline');
}
