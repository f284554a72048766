/**
 * The WebAssembly SQLite (node-sqlite3-wasm), bundled into a chunk of its own that only a sync into SQLite
 * on a Node.js without node:sqlite loads. It reads its .wasm beside it: scripts/build.mjs copies the file
 * into dist/chunks.
 */
import { Database } from 'node-sqlite3-wasm';

export const WasmDatabase = Database;
