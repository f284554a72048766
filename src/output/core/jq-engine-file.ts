import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The source of the jq engine the worker runs: jq-wasm's inline build (jq and its WebAssembly in one
 * CommonJS file that requires nothing), handed to the worker as text. From a checkout, the package's file;
 * the bundle ships a copy among its chunks (scripts/build.mjs swaps this module for one that reads it).
 */
export function jqEngineSource(): Promise<string> {
  return readFile(createRequire(import.meta.url).resolve('jq-wasm/inline'), 'utf8');
}
