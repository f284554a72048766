import type { Manifest } from './manifest.js';

let manifest: Promise<Manifest> | undefined;

/**
 * The command tree. The build replaces this module in the bundle with the manifest it wrote, so a run reads
 * plain data; from source (tests, the build itself) the tree is read from the declarations.
 */
export function loadManifest(): Promise<Manifest> {
  manifest ??= import('./manifest.js').then((m) => m.buildManifest());
  return manifest;
}
